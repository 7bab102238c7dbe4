import type { Locator, Page } from 'playwright-core';

/** Long enough for a refetch after a change, or an event on its way through the bus, on a busy machine. */
export const DASHBOARD_WAIT = { timeout: 20_000 };

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

/** Goes to Dashboard or Profile through the header's account menu, inside the running app. */
export async function openFromAccountMenu(page: Page, firstName: string, entry: 'Dashboard' | 'Profile') {
  await page.getByRole('button', { name: `Account menu for ${firstName}` }).click();
  await page.getByRole('menuitem', { name: entry }).click();
  await page.waitForURL(`**/${entry.toLowerCase()}`);
}
