import { QUERY_GC_TIME_MS, QUERY_STALE_TIME_MS } from '@b2g/contracts';
import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api.js';

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
