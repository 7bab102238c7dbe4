import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './src/browser.js';
import { mailDir, postingItem, postThroughForm, signInLinkOf, WAIT } from './src/employer.js';
import { uniqueWord } from './src/jobs.js';
import { waitForMail } from './src/users.js';

/**
 * A visitor's browser as analytics sees it: a desktop Chrome's user agent, since headless
 * Chromium's own names it "HeadlessChrome", which the bot list drops.
 */
const VISITOR_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** The promise: the employer sees a visit within this long. */
const WITHIN_MS = 15_000;

/** A total of the open statistics panel of `title`, as a number. */
async function totalOf(page: Page, title: string, label: string): Promise<number> {
  const stats = page.getByRole('region', { name: `Statistics of ${title}` });
  const value = await stats.locator(`dt:text-is("${label}") + dd`).textContent(WAIT);
  return Number(value);
}

describe('an employer sees their posting being looked at', () => {
  const browser = useBrowser();

  it('when a visitor opens the job page and clicks Apply Now, then /employer shows the view and the apply click within 15 s', async () => {
    const { page } = browser;
    const word = uniqueWord();
    const email = `stats-${word}@example.com`;
    const title = `Proposal Manager ${word}`;
    const id = await postThroughForm(page, title, email);
    const mail = await waitForMail(mailDir(), email, 30_000, 'Sign in to manage your postings');
    await page.goto(signInLinkOf(mail));
    await page.waitForURL('**/employer', WAIT);
    await postingItem(page, title).getByRole('button', { name: 'Statistics' }).click();
    await page.getByRole('region', { name: `Statistics of ${title}` }).waitFor(WAIT);
    const views = await totalOf(page, title, 'Views');
    const applyClicks = await totalOf(page, title, 'Apply clicks');

    const visitor = await browser.newPage({ userAgent: VISITOR_AGENT });
    try {
      await visitor.goto(`/jobs/${id}`);
      await visitor.getByRole('heading', { level: 1, name: title }).waitFor(WAIT);
      const applyTab = visitor.context().waitForEvent('page', WAIT);
      await visitor
        .getByRole('link', { name: /Apply Now/ })
        .first()
        .click();
      await (await applyTab).close();

      // The page reports its events within seconds and analytics writes them every few seconds:
      // reading again until both have risen, for at most the promised time.
      const refresh = page
        .getByRole('region', { name: `Statistics of ${title}` })
        .getByRole('button', { name: 'Refresh' });
      await expect
        .poll(
          async () => {
            await refresh.click();
            await expect.poll(() => refresh.isEnabled(), WAIT).toBe(true);
            return [
              (await totalOf(page, title, 'Views')) > views,
              (await totalOf(page, title, 'Apply clicks')) > applyClicks,
            ];
          },
          { timeout: WITHIN_MS, interval: 500 },
        )
        .toEqual([true, true]);
    } finally {
      await visitor.context().close();
    }
  });
});
