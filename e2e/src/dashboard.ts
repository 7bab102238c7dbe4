import type { Locator, Page } from 'playwright-core';

/** Long enough for the dashboard's reads to come back after a change on a busy machine. */
export const DASHBOARD_WAIT = { timeout: 20_000 };

/** Long enough for events to go through the bus into the activity feed, read again every reload. */
export const EVENT_WAIT = { timeout: 30_000, interval: 500 };

/** The number a summary card shows, e.g. 2 for "Saved Jobs 2 Bookmarked opportunities". */
export async function cardValue(page: Page, title: string): Promise<number | undefined> {
  const text = (await page.getByRole('group', { name: title }).textContent()) ?? '';
  const value = /(\d+)/.exec(text)?.[1];
  return value === undefined ? undefined : Number(value);
}

/** The titles of a dashboard list's items (each item's heading), sorted. */
export async function titlesIn(list: Locator): Promise<string[]> {
  return (await list.getByRole('heading').allTextContents()).sort();
}

/**
 * The titles in the Activity tab of the dashboard opened again. The feed is filled by events after
 * the change that caused them, so a dashboard read before the last one arrived lacks it: poll this.
 */
export async function activityTitlesOnReload(page: Page): Promise<string[]> {
  await page.reload();
  await page.getByRole('tab', { name: 'Activity' }).click();
  const feed = page.getByRole('list', { name: 'Activity' });
  await feed.or(page.getByText('No activity yet')).first().waitFor();
  return titlesIn(feed);
}

/** Goes to Dashboard or Profile through the header's account menu, inside the running app. */
export async function openFromAccountMenu(
  page: Page,
  firstName: string,
  entry: 'Dashboard' | 'Profile',
) {
  await page.getByRole('button', { name: `Account menu for ${firstName}` }).click();
  await page.getByRole('menuitem', { name: entry }).click();
  await page.waitForURL(`**/${entry.toLowerCase()}`);
}

/** Goes to /jobs through the header's Jobs link, inside the running app, and searches for `word`. */
export async function searchFromHeader(page: Page, word: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Jobs' }).click();
  await page.waitForURL('**/jobs');
  await page.getByLabel('Search jobs').fill(word);
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
}
