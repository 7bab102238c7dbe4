import type { EmployerSession } from '@b2g/contracts';
import { getQueryFn, useQuery } from '@b2g/web-platform';

/** Who is signed in with an e-mailed link: the session cookie's address, or null without one. */
export const EMPLOYER_SESSION_KEY = ['/api/employer/session'] as const;

/**
 * When this browser's employer session ends. The cookie is httpOnly, so the page keeps this
 * note to ask the server only when a session may exist: a visitor without one causes no 401.
 */
const SESSION_UNTIL_KEY = 'employerSessionUntil';

/** Notes the session after a sign-in, or forgets it (null) after a sign-out or a refusal. */
export function rememberEmployerSession(session: EmployerSession | null): void {
  try {
    if (session) window.localStorage.setItem(SESSION_UNTIL_KEY, session.expiresAt);
    else window.localStorage.removeItem(SESSION_UNTIL_KEY);
  } catch {
    // Storage refused (private mode): the session is asked for on each visit instead.
  }
}

/** Whether an employer session may exist in this browser (else no call asks for one). */
export function mayHaveEmployerSession(): boolean {
  try {
    const until = window.localStorage.getItem(SESSION_UNTIL_KEY);
    return until !== null && Date.parse(until) > Date.now();
  } catch {
    return true;
  }
}

const readSession = getQueryFn<EmployerSession | null>({ on401: 'returnNull' });

export function useEmployerSession() {
  return useQuery<EmployerSession | null>({
    queryKey: EMPLOYER_SESSION_KEY,
    queryFn: async (context) => {
      if (!mayHaveEmployerSession()) return null;
      const session = await readSession(context);
      rememberEmployerSession(session);
      return session;
    },
    staleTime: 0,
  });
}
