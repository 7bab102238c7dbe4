import { describe, expect, it } from 'vitest';
import { toast, useBrowser } from './src/browser.js';
import { publicCard, uniqueWord } from './src/jobs.js';
import { signInAsAdmin } from './src/users.js';

describe('curating jobs as the administrator', () => {
  const browser = useBrowser();

  it('when the admin adds, edits, deletes, restores and deletes a job forever, then the public board follows each step and logout returns to the sign-in page', async () => {
    const { page } = browser;
    const word = uniqueWord();
    const title = `Capture Manager ${word}`;
    const renamed = `Senior Capture Manager ${word}`;
    const url = `https://careers.beltway.example.com/jobs/${word}`;
    const publicPage = await browser.newPage();
    const activeJobs = page.getByRole('region', { name: /^Active Jobs/ });
    const deletedJobs = page.getByRole('region', { name: /^Deleted Jobs/ });

    // Sign in with the configured password.
    await signInAsAdmin(page);
    await page.getByRole('heading', { name: 'Admin Jobs' }).waitFor();

    // Add it through the Add Job dialog: it shows in the admin list and on the public board.
    await page.getByRole('button', { name: 'Add Job' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add Job' });
    await addDialog.getByLabel(/^Title/).fill(title);
    await addDialog.getByLabel(/^Company/).fill('Beltway Integrators LLC');
    await addDialog.getByLabel(/^Location/).fill('Reston, VA');
    await addDialog.getByLabel('Job URL').fill(url);
    await addDialog
      .getByLabel('Description')
      .fill(`Lead captures for ${word} state agency pursuits.`);
    await addDialog.getByRole('combobox', { name: /^Sector/ }).click();
    await page.getByRole('option', { name: 'State & Local' }).click();
    await addDialog.getByRole('button', { name: 'Add Job' }).click();
    await toast(page, 'Job created successfully');
    await addDialog.waitFor({ state: 'detached' });
    await page.getByPlaceholder('Search by title, company or location').fill(word);
    await activeJobs.getByRole('button', { name: `Edit ${title}`, exact: true }).waitFor();
    expect(await activeJobs.getByRole('heading').textContent()).toBe('Active Jobs (1)');

    const created = await publicCard(publicPage, word, title);
    expect(created).toBeDefined();
    expect(
      await created?.getByRole('link', { name: title, exact: true }).getAttribute('href'),
    ).toBe(url);
    expect(await created?.getByText('Reston, VA', { exact: true }).isVisible()).toBe(true);
    expect(await created?.getByText('State & Local', { exact: true }).isVisible()).toBe(true);

    // Edit the title and the location: the public board shows the new ones only.
    await page.getByRole('button', { name: `Edit ${title}`, exact: true }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Job' });
    expect(await editDialog.getByLabel(/^Title/).inputValue()).toBe(title);
    expect(await editDialog.getByLabel(/^Company/).inputValue()).toBe('Beltway Integrators LLC');
    expect(await editDialog.getByRole('combobox', { name: /^Sector/ }).textContent()).toBe(
      'State & Local',
    );
    await editDialog.getByLabel(/^Title/).fill(renamed);
    await editDialog.getByLabel(/^Location/).fill('Chantilly, VA');
    await editDialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Job updated successfully');
    await activeJobs.getByRole('button', { name: `Edit ${renamed}`, exact: true }).waitFor();
    expect(await page.getByRole('button', { name: `Edit ${title}`, exact: true }).count()).toBe(0);

    const edited = await publicCard(publicPage, word, renamed);
    expect(edited).toBeDefined();
    expect(await edited?.getByText('Chantilly, VA', { exact: true }).isVisible()).toBe(true);
    expect(await publicPage.getByRole('link', { name: title, exact: true }).count()).toBe(0);
    expect(await publicPage.getByText('Reston, VA', { exact: true }).count()).toBe(0);

    // Delete (soft), after a confirmation that says it can be restored: gone from /jobs.
    await page.getByRole('button', { name: `Delete ${renamed}`, exact: true }).click();
    const confirmDelete = page.getByRole('alertdialog', { name: 'Delete this job?' });
    expect(await confirmDelete.textContent()).toContain('You can restore it later');
    await confirmDelete.getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(page, 'Job deleted successfully');
    await activeJobs.getByText('No jobs match your search').waitFor();
    expect(await publicCard(publicPage, word, renamed)).toBeUndefined();

    // Show deleted, Restore: back on /jobs.
    await page.getByLabel('Show deleted').click();
    await deletedJobs.getByRole('button', { name: `Restore ${renamed}`, exact: true }).click();
    await toast(page, 'Job restored successfully');
    await activeJobs.getByRole('button', { name: `Edit ${renamed}`, exact: true }).waitFor();
    expect(await deletedJobs.getByRole('heading').textContent()).toBe('Deleted Jobs (0)');
    expect(await publicCard(publicPage, word, renamed)).toBeDefined();

    // Delete again, then Delete Forever after the 'cannot be undone' warning: gone from the
    // deleted list as well, and still absent publicly.
    await page.getByRole('button', { name: `Delete ${renamed}`, exact: true }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    const deleteForever = deletedJobs.getByRole('button', {
      name: `Delete Forever ${renamed}`,
      exact: true,
    });
    await deleteForever.waitFor();
    expect(await deletedJobs.getByRole('heading').textContent()).toBe('Deleted Jobs (1)');
    await deleteForever.click();
    const confirmForever = page.getByRole('alertdialog', { name: 'Delete this job forever?' });
    expect(await confirmForever.textContent()).toContain('This cannot be undone.');
    await confirmForever.getByRole('button', { name: 'Delete Forever', exact: true }).click();
    await confirmForever.waitFor({ state: 'detached' });
    await deletedJobs.getByRole('heading', { name: 'Deleted Jobs (0)', exact: true }).waitFor();
    expect(await deletedJobs.getByText('No jobs match your search').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'All Jobs (0)', exact: true }).isVisible()).toBe(
      true,
    );
    expect(await page.getByText(renamed).count()).toBe(0);
    expect(await publicCard(publicPage, word, renamed)).toBeUndefined();
    await publicPage.context().close();

    // Logout: back on the sign-in page, and the admin page no longer lets this browser in.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/admin/login');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(await page.getByLabel(/^Password/).isVisible()).toBe(true);
    await page.goto('/admin/jobs');
    await page.waitForURL('**/admin/login');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(browser.consoleErrors).toEqual([]);
  });
});
