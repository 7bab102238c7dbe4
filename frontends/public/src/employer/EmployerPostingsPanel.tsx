import { EMPLOYER_PAGE, type EmployerJob } from '@b2g/contracts';
import { EmployerPostings } from '@b2g/ui';
import {
  apiRequest,
  errorMessage,
  Link,
  toast,
  useNavigate,
  useQuery,
  useQueryClient,
} from '@b2g/web-platform';

/** The employer's postings, read with the session cookie (or a signed-in user's token). */
export const EMPLOYER_JOBS_KEY = ['/api/employer/jobs'] as const;

/** The postings of whoever is signed in on /employer, with their actions. */
export function EmployerPostingsPanel({ email }: { email: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const read = useQuery<EmployerJob[]>({ queryKey: EMPLOYER_JOBS_KEY, staleTime: 0 });
  const refresh = () => queryClient.invalidateQueries({ queryKey: EMPLOYER_JOBS_KEY });
  return (
    <EmployerPostings
      read={read}
      onChanged={refresh}
      openPostForm={(state) => void navigate('/post-job', { state })}
      returnTo={EMPLOYER_PAGE}
      posterEmail={email}
      request={apiRequest}
      notify={toast}
      describeError={errorMessage}
      LinkComponent={Link}
    />
  );
}
