import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './src/browser.js';
import { uniqueWord } from './src/jobs.js';

const PUBLIC_WAIT = { timeout: 15_000 };

/** Reloads the public list searched for `word` and says whether `title` is one of its jobs. */
async function publicListShows(page: Page, word: string, title: string): Promise<boolean> {
  await page.goto(`/jobs?search=${word}`);
  const link = page.getByRole('link', { name: title, exact: true });
  const empty = page.getByText('No jobs found');
  await link.or(empty).first().waitFor(PUBLIC_WAIT);
  return link.isVisible();
}

describe('curating jobs as the administrator', () => {
  const browser = useBrowser();

  it('when the admin adds, edits, deletes, restores and deletes a job forever, then the public board follows each step', async () => {
    const { page } = browser;
    const word = uniqueWord();
    const title = `Capture Manager ${word}`;
    const renamed = `Senior Capture Manager ${word}`;
    const publicPage = await browser.newPage();

    await page.goto('/admin/login');
    await page.getByLabel(/^Password/).fill(process.env.E2E_ADMIN_PASSWORD as string);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/admin/jobs');

    await page.getByRole('button', { name: 'Add Job' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add Job' });
    await addDialog.getByLabel(/^Title/).fill(title);
    await addDialog.getByLabel(/^Company/).fill('Beltway Integrators LLC');
    await addDialog.getByLabel(/^Location/).fill('Reston, VA');
    await addDialog.getByLabel(/^Description/).fill(`Lead captures for ${word} civilian agency pursuits.`);
    await addDialog.getByRole('button', { name: 'Add Job' }).click();
    await expect.poll(() => page.getByText('Job created successfully').first().isVisible()).toBe(true);
    await page.getByPlaceholder('Search by title, company or location').fill(word);
    await expect.poll(() => page.getByRole('button', { name: `Edit ${title}` }).isVisible()).toBe(true);
    expect(await publicListShows(publicPage, word, title)).toBe(true);

    await page.getByRole('button', { name: `Edit ${title}` }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Job' });
    expect(await editDialog.getByLabel(/^Company/).inputValue()).toBe('Beltway Integrators LLC');
    await editDialog.getByLabel(/^Title/).fill(renamed);
    await editDialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => page.getByText('Job updated successfully').first().isVisible()).toBe(true);
    expect(await publicListShows(publicPage, word, renamed)).toBe(true);
    expect(await publicPage.getByRole('link', { name: title, exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    const confirmDelete = page.getByRole('alertdialog');
    expect(await confirmDelete.textContent()).toMatch(/restore/i);
    await confirmDelete.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByText('Job deleted successfully').first().isVisible()).toBe(true);
    expect(await publicListShows(publicPage, word, renamed)).toBe(false);

    await page.getByLabel('Show deleted').click();
    await page.getByRole('button', { name: `Restore ${renamed}` }).click();
    await expect.poll(() => page.getByText('Job restored successfully').first().isVisible()).toBe(true);
    expect(await publicListShows(publicPage, word, renamed)).toBe(true);

    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    const deleteForever = page.getByRole('button', { name: `Delete Forever ${renamed}` });
    await deleteForever.waitFor();
    await deleteForever.click();
    const confirmForever = page.getByRole('alertdialog');
    expect(await confirmForever.textContent()).toContain('This cannot be undone.');
    await confirmForever.getByRole('button', { name: 'Delete Forever' }).click();
    await expect.poll(() => page.getByText(renamed).count()).toBe(0);
    expect(await page.getByText('No jobs match your search').first().isVisible()).toBe(true);
    expect(await publicListShows(publicPage, word, renamed)).toBe(false);
    await publicPage.context().close();

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/admin/login');
    await expect.poll(() => page.getByLabel(/^Password/).isVisible()).toBe(true);
  });
});
