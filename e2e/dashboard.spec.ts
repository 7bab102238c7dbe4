import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './src/browser.js';
import { postJob, uniqueWord } from './src/jobs.js';
import { newUser, registerThroughUi } from './src/users.js';

const EVENT_WAIT = { timeout: 20_000, interval: 1_000 };

/** The number a summary card shows, e.g. 2 for "Saved Jobs 2 Bookmarked opportunities". */
async function cardValue(page: Page, title: string): Promise<number | undefined> {
  const text = (await page.getByRole('group', { name: title }).textContent()) ?? '';
  const value = /(\d+)/.exec(text)?.[1];
  return value === undefined ? undefined : Number(value);
}

/** The titles in the Activity tab after a reload: items arrive from the event bus, not at once. */
async function activityTitles(page: Page): Promise<string[]> {
  await page.reload();
  await page.getByRole('tab', { name: 'Activity' }).click();
  const feed = page.getByRole('list', { name: 'Activity' });
  await feed.or(page.getByText('No activity yet')).first().waitFor();
  return feed.getByRole('heading').allTextContents();
}

describe('the signed-in user’s dashboard', () => {
  const browser = useBrowser();

  it('when a new user bookmarks two jobs and tracks an application, then the cards, tabs and activity show them, a status change counts as in progress, and a new first name reaches the header', async () => {
    const { page } = browser;
    const word = uniqueWord();
    const federal = await postJob(word);
    const state = await postJob(word, {
      title: `State Account Executive ${word}`,
      company: 'Capitol SLED Solutions',
      location: 'Austin, TX',
      sector: 'STATE_LOCAL',
    });
    const applied = await postJob(word, {
      title: `Cloud Solutions Architect ${word}`,
      company: 'Redstone Cloud Systems',
      location: 'Huntsville, AL',
      jobFunction: 'technical',
    });
    const user = newUser();
    await registerThroughUi(page, user);

    await page.goto(`/jobs?search=${word}`);
    for (const job of [federal, state]) {
      await page.getByRole('button', { name: `Bookmark: ${job.title}` }).click();
      await page.getByRole('button', { name: `Remove bookmark: ${job.title}` }).waitFor();
    }

    await page.goto('/dashboard');
    await page.getByText(`Welcome back, ${user.firstName}!`).waitFor();
    expect(await cardValue(page, 'Saved Jobs')).toBe(2);
    expect(await cardValue(page, 'Total Applications')).toBe(0);

    await page.getByRole('tab', { name: 'Applications' }).click();
    await page.getByRole('button', { name: 'Track an application' }).first().click();
    const track = page.getByRole('dialog', { name: 'Track an application' });
    await track.getByPlaceholder('Search jobs by title, company or keyword').fill(applied.title);
    await track.getByRole('list', { name: 'Matching jobs' }).getByRole('button', { name: applied.title }).click();
    await track.getByRole('combobox', { name: 'Application method' }).click();
    await page.getByRole('option', { name: 'Referral' }).click();
    expect(await track.getByRole('combobox', { name: 'Application method' }).textContent()).toBe('Referral');
    await track.getByLabel('Contact person').fill('Jordan Recruiter');
    await track.getByLabel('Notes').fill('Referred by a former colleague.');
    await track.getByRole('button', { name: 'Track Application' }).click();
    await page.getByText('Application tracked').first().waitFor();

    const application = page.getByRole('list', { name: 'Applications' }).getByRole('listitem', { name: applied.title });
    await application.waitFor();
    expect(await application.textContent()).toContain('Referred by a former colleague.');
    expect(await application.getByText('Applied', { exact: true }).count()).toBeGreaterThan(0);
    await expect.poll(() => cardValue(page, 'Total Applications')).toBe(1);
    expect(await cardValue(page, 'In Progress')).toBe(0);

    await application.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Under Review' }).click();
    await page.getByText('Application updated').first().waitFor();
    await expect.poll(() => cardValue(page, 'In Progress')).toBe(1);
    await expect.poll(() => application.getByText('Under Review').count()).toBeGreaterThan(0);

    await page.getByRole('tab', { name: 'Saved Jobs' }).click();
    const saved = page.getByRole('list', { name: 'Saved jobs' });
    for (const job of [federal, state]) {
      expect(await saved.getByRole('listitem', { name: job.title }).isVisible()).toBe(true);
    }

    await expect
      .poll(() => activityTitles(page), EVENT_WAIT)
      .toEqual(
        expect.arrayContaining([
          `Bookmarked ${federal.title}`,
          `Bookmarked ${state.title}`,
          `Applied to ${applied.title}`,
          `Status updated: ${applied.title}`,
        ]),
      );
    await page.getByRole('tab', { name: 'Overview' }).click();
    const recent = page.getByRole('list', { name: 'Recent activity' });
    expect(await recent.getByRole('listitem').count()).toBe(4);
    const byStatus = page.getByRole('list', { name: 'Applications by status' });
    expect(await byStatus.getByLabel('Under Review: 1').isVisible()).toBe(true);
    expect(await byStatus.getByLabel('Applied: 1').count()).toBe(0);

    await page.goto('/profile');
    const firstName = page.getByLabel(/^First Name/);
    await firstName.waitFor();
    await firstName.fill('Morgan');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated').first().waitFor();
    await page.getByRole('button', { name: 'Account menu for Morgan' }).waitFor();
    expect(await page.getByRole('button', { name: `Account menu for ${user.firstName}` }).count()).toBe(0);
    expect(browser.consoleErrors).toEqual([]);
  });
});
