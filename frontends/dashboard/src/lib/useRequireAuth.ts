import { useAuth, useLocation, useNavigate } from '@b2g/web-platform';
import { useEffect } from 'react';

/**
 * Sends a signed-out visitor to /login?redirect={this path} once the stored session has been
 * checked; returns the signed-in user (null while checking or signed out). A page that signs
 * the user out on purpose (account deletion) turns `redirect` off so it can leave on its own.
 */
export function useRequireAuth(redirect = true) {
  const { user, isLoading } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    if (redirect && !isLoading && user === null) {
      navigate(`/login?redirect=${pathname}`, { replace: true });
    }
  }, [redirect, isLoading, user, navigate, pathname]);
  return isLoading ? null : user;
}
