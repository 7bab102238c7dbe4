import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api.js';

const MINUTE_MS = 60_000;
/** Cached data is never stale, and unused data is dropped after 5 minutes (spec §9). */
const QUERY_STALE_TIME_MS = Number.POSITIVE_INFINITY;
const QUERY_GC_TIME_MS = 5 * MINUTE_MS;
/** The admin status call stays fresh 5 minutes (spec §7). */
export const ADMIN_STATUS_STALE_MS = 5 * MINUTE_MS;

/** The page's one query client, with the defaults of spec §9. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: QUERY_STALE_TIME_MS,
        gcTime: QUERY_GC_TIME_MS,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
