import { describe, expect, it } from 'vitest';
import { useBrowser } from './src/browser.js';

/** Every public route of the spec, with the page heading a visitor sees there. */
const ROUTES: Array<[path: string, heading: string]> = [
  ['/', 'Find Your Next B2G Role'],
  ['/jobs', 'B2G Jobs'],
  ['/post-job', 'Post a Job'],
  ['/pricing', 'Pricing'],
  ['/contact', 'Contact'],
  ['/register', 'Create Account'],
  ['/login', 'Sign In'],
  ['/forgot-password', 'Forgot your password?'],
  ['/reset-password', 'Invalid reset link'],
  ['/admin/login', 'Admin Login'],
  ['/email-setup', 'Email DNS Setup'],
  ['/landing', 'Launching in 2026'],
  ['/no-such-page', '404 Page Not Found'],
];

describe('every page in a real browser', () => {
  const browser = useBrowser();

  it.each(ROUTES)(
    'when a visitor opens %s, then "%s" shows and the console has no error (CSP, missing file, crash)',
    async (path, heading) => {
      const { page } = browser;
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(browser.consoleErrors).toEqual([]);
    },
  );
});
