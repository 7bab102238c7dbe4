import { POST_HONEYPOT_FIELD, POST_PROOF_FIELD, REVIEW_MESSAGES } from '@b2g/contracts';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from './src/accessibility.js';
import { toast, useBrowser } from './src/browser.js';
import { publicCard, uniqueWord } from './src/jobs.js';
import { signInAsAdmin } from './src/users.js';

const WAIT = { timeout: 15_000 };

/**
 * Posts a risky job through /post-job as a visitor: a free-mail poster address, an apply link
 * behind a URL shortener and the agency role ticked. Gives the body the browser sent.
 */
async function postRiskyJob(page: Page, word: string, title: string): Promise<unknown> {
  await page.goto('/post-job');
  await page.getByLabel(/^Job Title/).fill(title);
  await page.getByLabel(/^Company/).fill(`Quick Start Staffing ${word}`);
  await page.getByLabel(/^Location/).fill('Remote');
  await page.getByLabel(/^Description/).fill(`Coordinate payroll for agency contracts (${word}).`);
  await page.getByLabel(/^Application URL/).fill(`https://bit.ly/${word}`);
  await page.getByRole('combobox', { name: /^Sector/ }).click();
  await page.getByRole('option', { name: 'Federal', exact: true }).click();
  await page.getByLabel(/^Your work e-mail/).fill(`hiring.${word}@gmail.com`);
  await page.getByLabel(/^This is an agency role/).check();
  await page.getByLabel('I confirm this is a B2G opportunity').check();
  const sent = page.waitForRequest(
    (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/jobs',
    WAIT,
  );
  await page.getByRole('button', { name: 'Post Job' }).click();
  return (await sent).postDataJSON() as unknown;
}

/** Whether the public /jobs list, searched for `word`, shows the job titled `title`. */
const onPublicBoard = async (page: Page, word: string, title: string) =>
  (await publicCard(page, word, title)) !== undefined;

/** The admin's Review tab opened, and the held post titled `title` in it. */
async function reviewItem(page: Page, title: string): Promise<Locator> {
  await signInAsAdmin(page);
  await page.getByRole('tab', { name: /^Review \(\d+\)$/ }).click();
  const item = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await item.waitFor(WAIT);
  return item;
}

describe('reviewing risky public posts', () => {
  const browser = useBrowser();

  it('when a risky post is sent, then it says it waits for review, stays off /jobs until the admin approves it from the Review list, and then shows on /jobs', async () => {
    const { page } = browser;
    const word = uniqueWord();
    const title = `Payroll Coordinator ${word}`;

    const body = await postRiskyJob(page, word, title);
    await page.getByRole('heading', { name: 'Job posted successfully!' }).waitFor(WAIT);
    await page.getByText(REVIEW_MESSAGES.pendingNotice).first().waitFor();
    // The browser solved the proof of work invisibly and sent it; the honeypot stayed empty.
    expect(body).toHaveProperty(POST_PROOF_FIELD);
    expect(body).not.toHaveProperty(POST_HONEYPOT_FIELD);
    expect(browser.consoleErrors).toEqual([]);

    const visitor = await browser.newPage();
    expect(await onPublicBoard(visitor, word, title)).toBe(false);

    const item = await reviewItem(page, title);
    expect(await item.getByText(`hiring.${word}@gmail.com`, { exact: false }).count()).toBe(1);
    await item.getByText('Free e-mail provider').waitFor();
    await item.getByText('Apply link is a URL shortener').waitFor();
    await item
      .getByRole('listitem')
      .filter({ hasText: /^Agency role \(\+\d+\)/ })
      .waitFor();
    // The proof the browser sent counted: the signal for its absence is not raised.
    expect(await item.getByText('No proof of work from the browser').count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);

    await item.getByRole('button', { name: `Approve ${title}`, exact: true }).click();
    await toast(page, REVIEW_MESSAGES.approved);
    await item.waitFor({ state: 'detached', ...WAIT });

    await expect.poll(() => onPublicBoard(visitor, word, title), WAIT).toBe(true);
    await visitor.context().close();
  });

  it('when the admin rejects a held post with a reason, then it leaves the Review list and never reaches /jobs', async () => {
    const { page } = browser;
    const word = uniqueWord();
    const title = `Wire Transfer Agent ${word}`;

    await postRiskyJob(page, word, title);
    await page.getByText(REVIEW_MESSAGES.pendingNotice).first().waitFor(WAIT);

    const item = await reviewItem(page, title);
    await item.getByRole('button', { name: `Reject ${title}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject this post' });
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.getByText(REVIEW_MESSAGES.reasonRequired).waitFor();
    await dialog.getByLabel(/^Reason/).fill('The apply link is not the employer’s own site.');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await toast(page, REVIEW_MESSAGES.rejected);
    await dialog.waitFor({ state: 'detached' });
    await item.waitFor({ state: 'detached', ...WAIT });
    expect(await page.getByRole('heading', { name: title, exact: true }).count()).toBe(0);

    const visitor = await browser.newPage();
    expect(await onPublicBoard(visitor, word, title)).toBe(false);
    await visitor.context().close();
  });
});
