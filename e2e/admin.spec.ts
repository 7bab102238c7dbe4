import { describe, expect, it } from 'vitest';
import { useBrowser } from './src/browser.js';
import { postJob, uniqueWord } from './src/jobs.js';

describe('curating jobs as the administrator', () => {
  const browser = useBrowser();

  it('when the admin soft-deletes a job, then it leaves the public list, and a restore brings it back', async () => {
    const { page } = browser;
    const word = uniqueWord();
    const job = await postJob(word);

    await page.goto('/admin/login');
    await page.getByLabel(/^Password/).fill(process.env.E2E_ADMIN_PASSWORD as string);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/admin/jobs');

    await page.getByPlaceholder('Search by title, company or location').fill(word);
    await page.getByRole('button', { name: `Delete ${job.title}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByText('Job deleted successfully').first().isVisible()).toBe(true);

    const publicPage = await browser.newPage();
    await publicPage.goto(`/jobs?search=${word}`);
    await expect.poll(() => publicPage.getByText('No jobs found').isVisible(), { timeout: 15_000 }).toBe(true);

    await page.getByLabel('Show deleted').click();
    await page.getByRole('button', { name: `Restore ${job.title}` }).click();
    await expect.poll(() => page.getByText('Job restored successfully').first().isVisible()).toBe(true);

    await publicPage.reload();
    await expect.poll(() => publicPage.getByRole('link', { name: job.title }).isVisible(), { timeout: 15_000 }).toBe(true);
    await publicPage.context().close();

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/admin/login');
  });
});
