import { describe, expect, it } from 'vitest';
import { useBrowser } from './src/browser.js';

const COMPLETED = {
  'Domain Verification': 'Verified',
  'MX Records': 'Configured',
  SPF: 'Configured',
  DMARC: 'Configured',
} as const;

describe('checking the e-mail DNS setup', () => {
  const browser = useBrowser();

  it('when the domain publishes every record but DKIM, then Check DNS marks the four other steps done', async () => {
    const { page } = browser;
    const domain = process.env.E2E_EMAIL_DOMAIN as string;

    await page.goto('/email-setup');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Email DNS Setup' }).isVisible())
      .toBe(true);
    expect(await page.getByText(domain, { exact: true }).first().isVisible()).toBe(true);
    const progress = page.getByRole('list', { name: 'Setup progress' });
    expect(await progress.getByText('Verified').count()).toBe(0);

    await page.getByRole('button', { name: 'Check DNS' }).click();

    await expect
      .poll(() => page.getByText('DNS Check Complete').first().isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.getByText('4/5 records configured correctly').first().isVisible()).toBe(true);
    expect(await page.getByText('4 of 5 steps complete').isVisible()).toBe(true);
    for (const [title, badge] of Object.entries(COMPLETED)) {
      const step = progress.getByRole('listitem').filter({ hasText: title });
      expect(await step.getByText(badge, { exact: true }).isVisible(), title).toBe(true);
    }
    const dkim = progress.getByRole('listitem').filter({ hasText: 'DKIM' });
    expect(await dkim.getByText('Configured', { exact: true }).count()).toBe(0);

    await page.getByRole('tab', { name: '4. DKIM' }).click();
    expect(await page.getByText('Google Admin console').first().isVisible()).toBe(true);
    await page.getByRole('tab', { name: '2. MX Records' }).click();
    expect(
      await page.getByRole('list', { name: 'MX Records records' }).getByRole('listitem').count(),
    ).toBe(5);
    expect(browser.consoleErrors).toEqual([]);
  });
});
