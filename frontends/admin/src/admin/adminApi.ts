import { type AdminStatusResponse } from '@b2g/contracts';
import { ADMIN_STATUS_STALE_MS, toastError, useQuery, type QueryClient } from '@b2g/web-platform';

export const ADMIN_STATUS_KEY = ['/api/admin/status'] as const;
export const ADMIN_JOBS_PATH = '/api/admin/jobs';
/** The admin's featured pins, one per function. */
export const ADMIN_FEATURED_PATH = '/api/admin/jobs/featured';
/** Public job reads (`/api/jobs`, `/api/jobs/featured`, `/api/jobs/:id`) show what the admin changes. */
const PUBLIC_JOBS_PATH = '/api/jobs';

export const ADMIN_LOGIN_PATH = '/admin/login';
export const ADMIN_JOBS_ROUTE = '/admin/jobs';

/** Whether this browser holds the admin session, and whether an admin password exists at all. */
export function useAdminStatus() {
  return useQuery<AdminStatusResponse>({
    queryKey: ADMIN_STATUS_KEY,
    retry: false,
    staleTime: ADMIN_STATUS_STALE_MS,
  });
}

/** After a create, update, delete or restore: the admin lists and the public job reads. */
export function refreshJobs(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) => {
      const path = String(queryKey[0] ?? '');
      return path.startsWith(ADMIN_JOBS_PATH) || path.startsWith(PUBLIC_JOBS_PATH);
    },
  });
}

/** The destructive toast of a failed admin call, with the server's words when it sent some. */
export function toastFailure(title: string, error: unknown): void {
  toastError(title, error, 'Please try again.');
}
