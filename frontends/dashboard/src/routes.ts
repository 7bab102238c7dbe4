import { lazy } from 'react';

/** This remote's pages at their paths, for running it alone (the shell has its own table). */
export const STANDALONE_ROUTES = [
  { path: '/dashboard', Page: lazy(() => import('./pages/DashboardPage.js')) },
  { path: '/profile', Page: lazy(() => import('./pages/ProfilePage.js')) },
];
