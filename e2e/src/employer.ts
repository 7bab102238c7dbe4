import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const mailDir = () => process.env.E2E_MAIL_DIR as string;
export const WAIT = { timeout: 20_000 };

/**
 * The path and fragment of the sign-in link in an employer e-mail. The mail's origin is the
 * system's public address, not this run's gateway, so only the path is kept.
 */
export function signInLinkOf(mail: string): string {
  const link = /https?:\/\/[^\s"<>]+(\/employer\/sign-in#token=[^\s"<>]+)/.exec(mail)?.[1];
  if (!link) expect.fail('the e-mail carries no sign-in link');
  return link;
}

/** Posts a job through /post-job with the poster's work e-mail (blank: none); returns its id. */
export async function postThroughForm(page: Page, title: string, email: string): Promise<string> {
  await page.goto('/post-job');
  await page.getByLabel(/^Job Title/).fill(title);
  await page.getByLabel(/^Company/).fill('Beacon Federal Partners');
  await page.getByLabel(/^Location/).fill('Arlington, VA');
  await page.getByLabel(/^Description/).fill(`Lead capture for civilian agencies (${title}).`);
  await page
    .getByLabel(/^Application URL/)
    .fill(`https://careers.beaconfederal.example.com/${encodeURIComponent(title)}`);
  await page.getByRole('combobox', { name: /^Sector/ }).click();
  await page.getByRole('option', { name: 'Federal', exact: true }).click();
  if (email) await page.getByLabel(/^Your work e-mail/).fill(email);
  await page.getByLabel('I confirm this is a B2G opportunity').check();
  await page.getByRole('button', { name: 'Post Job' }).click();
  const view = page.getByRole('link', { name: 'View your job' });
  await view.waitFor(WAIT);
  const href = await view.getAttribute('href');
  const id = /^\/jobs\/([\w-]+)$/.exec(href ?? '')?.[1];
  if (!id) expect.fail(`no job link on the success screen: ${href}`);
  return id;
}

/** The entry of one posting in a postings list. */
export const postingItem = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
