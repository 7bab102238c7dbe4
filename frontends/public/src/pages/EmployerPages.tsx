import { EMPLOYER_EXTEND_PAGE, EMPLOYER_SIGN_IN_PAGE } from '@b2g/contracts';
import { useLocation } from '@b2g/web-platform';
import EmployerExtendPage from './EmployerExtendPage.js';
import EmployerPage from './EmployerPage.js';
import EmployerSignInPage from './EmployerSignInPage.js';

/**
 * /employer, /employer/sign-in and /employer/extend as one exposed module: every route's entry in
 * the remote's manifest is in the first load of every page, so the three share one.
 */
export default function EmployerPages() {
  const { pathname } = useLocation();
  if (pathname === EMPLOYER_SIGN_IN_PAGE) return <EmployerSignInPage />;
  if (pathname === EMPLOYER_EXTEND_PAGE) return <EmployerExtendPage />;
  return <EmployerPage />;
}
