import { lazy } from 'react';

/** This remote's pages at their paths, for running it alone (the shell has its own table). */
export const STANDALONE_ROUTES = [
  { path: '/', Page: lazy(() => import('./pages/HomePage.js')) },
  { path: '/jobs', Page: lazy(() => import('./pages/JobsPage.js')) },
  { path: '/jobs/:id', Page: lazy(() => import('./pages/JobPage.js')) },
  { path: '/companies/:slug', Page: lazy(() => import('./pages/CompanyPage.js')) },
  { path: '/post-job', Page: lazy(() => import('./pages/PostJobPage.js')) },
  { path: '/pricing', Page: lazy(() => import('./pages/PricingPage.js')) },
  { path: '/contact', Page: lazy(() => import('./pages/ContactPage.js')) },
  { path: '/register', Page: lazy(() => import('./pages/RegisterPage.js')) },
  { path: '/login', Page: lazy(() => import('./pages/LoginPage.js')) },
  { path: '/forgot-password', Page: lazy(() => import('./pages/ForgotPasswordPage.js')) },
  { path: '/reset-password', Page: lazy(() => import('./pages/ResetPasswordPage.js')) },
  { path: '/email-setup', Page: lazy(() => import('./pages/EmailSetupPage.js')) },
  { path: '/landing', Page: lazy(() => import('./pages/LandingPage.js')) },
  { path: '/alerts/confirm', Page: lazy(() => import('./pages/AlertLinkPage.js')) },
  { path: '/alerts/manage', Page: lazy(() => import('./pages/AlertLinkPage.js')) },
  { path: '/alerts/unsubscribe', Page: lazy(() => import('./pages/AlertLinkPage.js')) },
  { path: '/employer', Page: lazy(() => import('./pages/EmployerPages.js')) },
  { path: '/employer/sign-in', Page: lazy(() => import('./pages/EmployerPages.js')) },
  { path: '/employer/extend', Page: lazy(() => import('./pages/EmployerPages.js')) },
];
