// What this remote exposes to the shell: one route component per page (default export).
export const EXPOSES = {
  './HomePage': './src/pages/HomePage.tsx',
  './JobsPage': './src/pages/JobsPage.tsx',
  './JobPage': './src/pages/JobPage.tsx',
  './CompanyPage': './src/pages/CompanyPage.tsx',
  './PostJobPage': './src/pages/PostJobPage.tsx',
  './PricingPage': './src/pages/PricingPage.tsx',
  './ContactPage': './src/pages/ContactPage.tsx',
  './RegisterPage': './src/pages/RegisterPage.tsx',
  './LoginPage': './src/pages/LoginPage.tsx',
  './ForgotPasswordPage': './src/pages/ForgotPasswordPage.tsx',
  './ResetPasswordPage': './src/pages/ResetPasswordPage.tsx',
  './EmailSetupPage': './src/pages/EmailSetupPage.tsx',
  './LandingPage': './src/pages/LandingPage.tsx',
  './AlertLinkPage': './src/pages/AlertLinkPage.tsx',
  './EmployerPages': './src/pages/EmployerPages.tsx',
};
