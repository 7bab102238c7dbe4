import {
  JOBS_TOTAL_COUNT_HEADER,
  type Ban,
  type BanRequest,
  type RejectRequest,
  type ReviewItem,
} from '@b2g/contracts';
import {
  apiFetch,
  apiRequest,
  queryKeyToPath,
  throwIfResNotOk,
  useQuery,
  type QueryClient,
} from '@b2g/web-platform';
import { ADMIN_JOBS_PATH, refreshJobs } from './adminApi.js';

export const ADMIN_BANS_PATH = '/api/admin/bans';
/** The posts waiting for review: under the admin jobs path, so every job change reads it again. */
export const PENDING_JOBS_KEY = [ADMIN_JOBS_PATH, { status: 'pending' }] as const;
export const BANS_KEY = [ADMIN_BANS_PATH] as const;

/** The review list: the posts the answer holds, and how many wait in all (X-Total-Count). */
export interface PendingJobs {
  items: ReviewItem[];
  total: number;
}

async function readPending(): Promise<PendingJobs> {
  const res = await apiFetch(queryKeyToPath(PENDING_JOBS_KEY));
  await throwIfResNotOk(res);
  const items = (await res.json()) as ReviewItem[];
  const total = Number(res.headers.get(JOBS_TOTAL_COUNT_HEADER));
  return { items, total: Number.isFinite(total) && total > items.length ? total : items.length };
}

/** GET /api/admin/jobs?status=pending. */
export function usePendingJobs() {
  return useQuery<PendingJobs>({ queryKey: PENDING_JOBS_KEY, queryFn: readPending });
}

/** GET /api/admin/bans. */
export function useBans() {
  return useQuery<Ban[]>({ queryKey: BANS_KEY });
}

const jobPath = (id: string, action: 'approve' | 'reject') =>
  `${ADMIN_JOBS_PATH}/${encodeURIComponent(id)}/${action}`;

/** POST /api/admin/jobs/{id}/approve: the post goes live and its poster is told. */
export function approveJob(id: string): Promise<unknown> {
  return apiRequest('POST', jobPath(id, 'approve'));
}

/** POST /api/admin/jobs/{id}/reject: the post stays off the board; the poster gets the reason. */
export function rejectJob(id: string, body: RejectRequest): Promise<unknown> {
  return apiRequest('POST', jobPath(id, 'reject'), body);
}

/** POST /api/admin/bans: the ban rejects the pending and live posts it covers. */
export function addBan(body: BanRequest): Promise<Ban> {
  return apiRequest<Ban>('POST', ADMIN_BANS_PATH, body);
}

/** DELETE /api/admin/bans/{id}. */
export function removeBan(id: string): Promise<unknown> {
  return apiRequest('DELETE', `${ADMIN_BANS_PATH}/${encodeURIComponent(id)}`);
}

/** After a decision or a ban: the review list, the admin and public job reads, and the bans. */
export async function refreshReview(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    refreshJobs(queryClient),
    queryClient.invalidateQueries({ queryKey: BANS_KEY }),
  ]);
}
