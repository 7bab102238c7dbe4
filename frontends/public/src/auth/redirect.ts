export const DEFAULT_AFTER_LOGIN = '/dashboard';

/** The ?redirect= target if it is a path on this site, else the dashboard (no open redirects). */
export function safeRedirect(target: string | null): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return DEFAULT_AFTER_LOGIN;
  }
  return target;
}
