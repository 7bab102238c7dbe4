import { EMPLOYER_MESSAGES, EMPLOYER_PAGE, type EmployerSession } from '@b2g/contracts';
import { useDocumentTitle, useNavigate, useQueryClient } from '@b2g/web-platform';
import { AuthLayout } from '../auth/AuthLayout.js';
import { EMPLOYER_SESSION_KEY, rememberEmployerSession } from '../employer/session.js';
import { LinkRefused, useTokenLink } from '../employer/tokenLink.js';

/**
 * /employer/sign-in#token=…: an e-mailed sign-in link. The token leaves the address bar first,
 * is exchanged once for the session cookie, and the employer goes on to their postings.
 */
export default function EmployerSignInPage() {
  useDocumentTitle('Employer Sign In');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { token, exchange } = useTokenLink<EmployerSession>('/api/employer/sign-in', (session) => {
    rememberEmployerSession(session);
    queryClient.setQueryData(EMPLOYER_SESSION_KEY, session);
    void navigate(EMPLOYER_PAGE, { replace: true });
  });

  if (token && !exchange.isError)
    return <AuthLayout title="Signing you in..." description="One moment." />;
  return (
    <LinkRefused
      title="Sign in to manage your postings"
      description="Ask for a new sign-in link."
      error={exchange.error}
      fallback={EMPLOYER_MESSAGES.tokenInvalid}
    />
  );
}
