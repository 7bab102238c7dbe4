import { useDocumentTitle } from '@b2g/web-platform';
import { PageHeader, PageLayout, Skeleton, space } from '@b2g/ui';
import { css } from '@emotion/react';
import { useState } from 'react';
import { useRequireAuth } from '../lib/useRequireAuth.js';
import { ChangePasswordForm } from '../profile/ChangePasswordForm.js';
import { DeleteAccountSection } from '../profile/DeleteAccountSection.js';
import { ProfileForm } from '../profile/ProfileForm.js';

export default function ProfilePage() {
  useDocumentTitle('Profile');
  const [accountDeleted, setAccountDeleted] = useState(false);
  const user = useRequireAuth(!accountDeleted);
  return (
    <PageLayout maxWidth="760px">
      <PageHeader
        title="Profile"
        description="Manage your personal information, password and account."
      />
      {user === null ? (
        <div role="status" aria-label="Loading your profile">
          <Skeleton css={css({ height: space[20] })} />
        </div>
      ) : (
        <>
          <ProfileForm key={user.id} user={user} />
          <ChangePasswordForm />
          <DeleteAccountSection onDeleted={() => setAccountDeleted(true)} />
        </>
      )}
    </PageLayout>
  );
}
