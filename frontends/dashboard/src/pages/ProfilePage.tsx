import { useDocumentTitle } from '@b2g/web-platform';
import { colors, Container, fontSizes, fontWeights, Skeleton, space } from '@b2g/ui';
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
    <Container>
      <div
        css={css({
          display: 'grid',
          gap: space[6],
          maxWidth: '760px',
          margin: '0 auto',
          padding: `${space[8]} 0 ${space[16]}`,
        })}
      >
        <header css={css({ display: 'grid', gap: space[2] })}>
          <h1
            css={css({
              margin: 0,
              fontSize: fontSizes['3xl'],
              fontWeight: fontWeights.bold,
              color: colors.foreground,
            })}
          >
            Profile
          </h1>
          <p css={css({ margin: 0, color: colors.muted })}>
            Manage your personal information, password and account.
          </p>
        </header>
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
      </div>
    </Container>
  );
}
