// What this remote exposes to the shell: one route component per page (default export).
export const EXPOSES = {
  './DashboardPage': './src/pages/DashboardPage.tsx',
  './ProfilePage': './src/pages/ProfilePage.tsx',
};
