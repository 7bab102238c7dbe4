import { lazy } from 'react';

/** This remote's pages at their paths, for running it alone (the shell has its own table). */
export const STANDALONE_ROUTES = [
  { path: '/admin/login', Page: lazy(() => import('./pages/AdminLoginPage.js')) },
  { path: '/admin/jobs', Page: lazy(() => import('./pages/AdminJobsPage.js')) },
  { path: '/admin/stats', Page: lazy(() => import('./pages/AdminStatsPage.js')) },
];
