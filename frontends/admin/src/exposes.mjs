// What this remote exposes to the shell: one route component per page (default export).
export const EXPOSES = {
  './AdminLoginPage': './src/pages/AdminLoginPage.tsx',
  './AdminJobsPage': './src/pages/AdminJobsPage.tsx',
  './AdminStatsPage': './src/pages/AdminStatsPage.tsx',
};
