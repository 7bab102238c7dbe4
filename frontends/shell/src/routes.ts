/** Which remote renders which route (spec §2), and the document title of each page. */
export type RemoteName = 'public' | 'dashboard' | 'admin';

export interface RemoteRoute {
  path: string;
  remote: RemoteName;
  /** The module the remote exposes, e.g. './LoginPage'. */
  module: string;
  title: string;
}

export const SITE_NAME = 'B2G Job Board';

export const REMOTE_ROUTES: readonly RemoteRoute[] = [
  {
    path: '/',
    remote: 'public',
    module: './HomePage',
    title: 'Government Sales, Marketing & Technical Jobs',
  },
  { path: '/jobs', remote: 'public', module: './JobsPage', title: 'Jobs' },
  { path: '/post-job', remote: 'public', module: './PostJobPage', title: 'Post a Job' },
  { path: '/pricing', remote: 'public', module: './PricingPage', title: 'Pricing' },
  { path: '/contact', remote: 'public', module: './ContactPage', title: 'Contact' },
  { path: '/register', remote: 'public', module: './RegisterPage', title: 'Create Account' },
  { path: '/login', remote: 'public', module: './LoginPage', title: 'Sign In' },
  {
    path: '/forgot-password',
    remote: 'public',
    module: './ForgotPasswordPage',
    title: 'Forgot Password',
  },
  {
    path: '/reset-password',
    remote: 'public',
    module: './ResetPasswordPage',
    title: 'Reset Password',
  },
  { path: '/email-setup', remote: 'public', module: './EmailSetupPage', title: 'Email DNS Setup' },
  { path: '/landing', remote: 'public', module: './LandingPage', title: 'Launching in 2026' },
  { path: '/dashboard', remote: 'dashboard', module: './DashboardPage', title: 'Dashboard' },
  { path: '/profile', remote: 'dashboard', module: './ProfilePage', title: 'Profile' },
  { path: '/admin/login', remote: 'admin', module: './AdminLoginPage', title: 'Admin Login' },
  { path: '/admin/jobs', remote: 'admin', module: './AdminJobsPage', title: 'Admin Jobs' },
];

export const NOT_FOUND_TITLE = '404 Page Not Found';

export function documentTitle(title: string): string {
  return `${title} | ${SITE_NAME}`;
}
