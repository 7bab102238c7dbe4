import type { EmployerJob } from '@b2g/contracts';
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

/** The account's own posts, read with the user's token. */
export const MY_POSTINGS_KEY = ['/api/employer/jobs'] as const;

/** "My postings": the jobs this account posted, with the employer page's list and actions. */
export function PostingsTab({ email }: { email: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const read = useQuery<EmployerJob[]>({ queryKey: MY_POSTINGS_KEY, staleTime: 0 });
  return (
    <EmployerPostings
      read={read}
      request={apiRequest}
      notify={toast}
      describeError={errorMessage}
      onChanged={() => queryClient.invalidateQueries({ queryKey: MY_POSTINGS_KEY })}
      openPostForm={(state) => void navigate('/post-job', { state })}
      returnTo="/dashboard?tab=postings"
      posterEmail={email}
      LinkComponent={Link}
    />
  );
}
