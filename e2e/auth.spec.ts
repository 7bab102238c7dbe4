import { describe, expect, it } from 'vitest';
import { baseUrl, useBrowser } from './src/browser.js';
import {
  newUser,
  registerSignedOutUser,
  registerThroughUi,
  resetLinkOf,
  signInThroughUi,
  waitForMail,
} from './src/users.js';

describe('signing up, in and out', () => {
  const browser = useBrowser();

  it('when a visitor registers, then they land on the dashboard, stay signed in after a reload and can sign out', async () => {
    const { page } = browser;
    const user = newUser();
    await registerThroughUi(page, user);
    await expect
      .poll(() => page.getByText(`Welcome back, ${user.firstName}!`).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);

    await page.reload();
    await expect
      .poll(() =>
        page.getByRole('button', { name: `Account menu for ${user.firstName}` }).isVisible(),
      )
      .toBe(true);

    await page.getByRole('button', { name: `Account menu for ${user.firstName}` }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect
      .poll(() => page.getByRole('link', { name: 'Sign In' }).first().isVisible())
      .toBe(true);
    expect(await page.evaluate('localStorage.getItem("authToken")')).toBeNull();
  });

  it('when a signed-out user opens the dashboard, then sign-in returns them there through ?redirect', async () => {
    const { page } = browser;
    const user = await registerSignedOutUser(page);

    await page.goto('/login?redirect=/dashboard');
    await signInThroughUi(page, user.username, user.password);
    await page.waitForURL('**/dashboard');
    await expect
      .poll(() => page.getByText(`Welcome back, ${user.firstName}!`).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
  });

  it('when a user forgets the password, then the e-mailed link resets it and the new one signs in', async () => {
    const { page } = browser;
    const user = await registerSignedOutUser(page);

    await page.goto('/forgot-password');
    await page.getByLabel(/^Email/).fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => page.getByText('Send another email').isVisible()).toBe(true);

    const link = new URL(
      resetLinkOf(await waitForMail(process.env.E2E_MAIL_DIR as string, user.email)),
    );
    await page.goto(`${baseUrl()}${link.pathname}${link.search}`);
    const newPassword = 'Renewal2$Bid';
    await page.getByLabel(/^New Password/).fill(newPassword);
    await page.getByLabel(/^Confirm New Password/).fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL('**/login', { timeout: 10_000 });

    await signInThroughUi(page, user.email, newPassword);
    await page.waitForURL('**/dashboard');
  });

  it('when the path is unknown, then the not-found page says so', async () => {
    const { page } = browser;
    await page.goto('/no-such-page');
    await expect.poll(() => page.getByText('404 Page Not Found').isVisible()).toBe(true);
    expect(await page.getByText('Did you forget to add the page to the router?').isVisible()).toBe(
      true,
    );
  });

  it("when the public remote's server is down, then /login shows the fallback while the header still works", async () => {
    const { page } = browser;
    // What the gateway answers for a remote whose upstream is stopped.
    await page.route('**/mfe/public/**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":{"code":"SERVICE_UNAVAILABLE","message":"down"}}',
      }),
    );
    await page.goto('/login');
    await expect
      .poll(() => page.getByText('This section is temporarily unavailable').isVisible(), {
        timeout: 30_000,
      })
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Pricing' })
      .click();
    await page.waitForURL('**/pricing');
  });
});
