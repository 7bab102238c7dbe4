import type { EmployerSession } from '@b2g/contracts';
import { getQueryFn, useQuery } from '@b2g/web-platform';

/** Who is signed in with an e-mailed link: the session cookie's address, or null without one. */
export const EMPLOYER_SESSION_KEY = ['/api/employer/session'] as const;

export function useEmployerSession() {
  return useQuery<EmployerSession | null>({
    queryKey: EMPLOYER_SESSION_KEY,
    queryFn: getQueryFn({ on401: 'returnNull' }),
    staleTime: 0,
  });
}
