import { useAuth, useLocation, useNavigate } from '@b2g/web-platform';
import { useEffect } from 'react';

/**
 * Sends a signed-out visitor to /login?redirect={this path and query} once the stored session has been
 * checked; returns the signed-in user (null while checking or signed out). A page that signs
 * the user out on purpose (account deletion) turns `redirect` off so it can leave on its own.
 */
export function useRequireAuth(redirect = true) {
  const { user, isLoading } = useAuth();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (redirect && !isLoading && user === null) {
      const back = search ? encodeURIComponent(`${pathname}${search}`) : pathname;
      navigate(`/login?redirect=${back}`, { replace: true });
    }
  }, [redirect, isLoading, user, navigate, pathname, search]);
  return isLoading ? null : user;
}
