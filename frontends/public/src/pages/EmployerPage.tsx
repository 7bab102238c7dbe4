import { EMPLOYER_MESSAGES, type EmployerSession } from '@b2g/contracts';
import { Button, colors, PageHeader, PageLayout, Skeleton, space } from '@b2g/ui';
import {
  apiRequest,
  toast,
  toastError,
  useAuth,
  useDocumentTitle,
  useMutation,
  useQueryClient,
} from '@b2g/web-platform';
import { css } from '@emotion/react';
import { AuthLayout } from '../auth/AuthLayout.js';
import { EMPLOYER_JOBS_KEY, EmployerPostingsPanel } from '../employer/EmployerPostingsPanel.js';
import {
  EMPLOYER_SESSION_KEY,
  rememberEmployerSession,
  useEmployerSession,
} from '../employer/session.js';
import { SignInLinkForm } from '../employer/SignInLinkForm.js';

/**
 * /employer: an employer's postings. Signed in with an e-mailed link (the session cookie), or
 * with an account (its own posts); otherwise the form that e-mails a sign-in link.
 */
export default function EmployerPage() {
  useDocumentTitle('Your Postings');
  const session = useEmployerSession();
  const { user, isLoading: userLoading } = useAuth();
  const queryClient = useQueryClient();
  const signOut = useMutation({
    mutationFn: () => apiRequest('DELETE', '/api/employer/session'),
    onSuccess: () => {
      rememberEmployerSession(null);
      queryClient.setQueryData<EmployerSession | null>(EMPLOYER_SESSION_KEY, null);
      queryClient.removeQueries({ queryKey: EMPLOYER_JOBS_KEY });
      toast({ title: EMPLOYER_MESSAGES.signedOut });
    },
    onError: (error) => toastError('Sign out failed', error, 'Please try again.'),
  });

  if (session.isPending || (!session.data && userLoading))
    return (
      <PageLayout maxWidth="900px">
        <Skeleton css={css({ height: '8rem' })} />
      </PageLayout>
    );
  const email = session.data?.email ?? user?.email;
  if (!email)
    return (
      <AuthLayout title="Manage your postings" description={EMPLOYER_MESSAGES.signInRequired}>
        <SignInLinkForm />
      </AuthLayout>
    );
  return (
    <PageLayout maxWidth="900px">
      <PageHeader
        title="Your postings"
        description="Edit, extend, close or relist the jobs you posted."
      />
      <div
        css={css({
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: space[3],
          color: colors.muted,
        })}
      >
        <p css={css({ margin: 0 })}>
          Signed in as <strong>{email}</strong>
        </p>
        {session.data ? (
          <Button
            variant="outline"
            size="sm"
            disabled={signOut.isPending}
            onClick={() => signOut.mutate()}
          >
            Sign out
          </Button>
        ) : null}
      </div>
      <EmployerPostingsPanel email={email} />
    </PageLayout>
  );
}
