import { describe, expect, it } from 'vitest';
import { useBrowser } from './src/browser.js';
import { mailDir, postingItem, postThroughForm, signInLinkOf, WAIT } from './src/employer.js';
import { uniqueWord } from './src/jobs.js';
import { newUser, registerThroughUi, waitForMail } from './src/users.js';

describe('employers manage their postings without a password', () => {
  const browser = useBrowser();

  it('when an employer posts with an e-mail and opens the mailed link, then editing changes the job page and closing it as filled makes the page answer 410', async () => {
    const { page } = browser;
    const word = uniqueWord();
    const email = `employer-${word}@example.com`;
    const title = `Capture Manager ${word}`;
    const id = await postThroughForm(page, title, email);
    expect(await page.getByRole('link', { name: 'Manage this posting' }).getAttribute('href')).toBe(
      '/employer',
    );

    const mail = await waitForMail(mailDir(), email, 30_000, 'Sign in to manage your postings');
    await page.goto(signInLinkOf(mail));
    await page.waitForURL('**/employer', WAIT);
    expect(new URL(page.url()).hash).toBe('');
    await page.getByRole('heading', { level: 1, name: 'Your postings' }).waitFor(WAIT);
    await page.getByText(email).waitFor(WAIT);

    // Edit the title through the post form, then see it on the job's page.
    const newTitle = `Senior Capture Manager ${word}`;
    await postingItem(page, title).getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Posting' }).waitFor(WAIT);
    await page.getByLabel(/^Job Title/).fill(newTitle);
    await page.getByLabel('I confirm this is a B2G opportunity').check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.waitForURL('**/employer', WAIT);
    await postingItem(page, newTitle).waitFor(WAIT);
    await page.goto(`/jobs/${id}`);
    await page.getByRole('heading', { level: 1, name: newTitle }).waitFor(WAIT);

    // Close it early as filled: the job's page is gone.
    await page.goto('/employer');
    await postingItem(page, newTitle).getByRole('button', { name: 'Close early' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close this posting early' });
    await dialog.getByRole('radio', { name: 'Filled through the board' }).check();
    await dialog.getByRole('button', { name: 'Close posting' }).click();
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await postingItem(page, newTitle).getByText('Closed', { exact: true }).waitFor(WAIT);
    // The gateway keeps a page's lookup for at most a second: the closed job is gone within 1.5 s.
    await expect
      .poll(async () => (await page.goto(`/jobs/${id}`))?.status(), {
        timeout: 1_500,
        interval: 250,
      })
      .toBe(410);
    expect(browser.consoleErrors.filter((line) => line.startsWith('[pageerror]'))).toEqual([]);
  });

  it('when a signed-in user posts a job, then it is in their dashboard under My postings', async () => {
    const { page } = browser;
    const user = newUser();
    await registerThroughUi(page, user);
    const title = `Account Executive ${uniqueWord()}`;
    await postThroughForm(page, title, '');
    await page.goto('/dashboard?tab=postings');
    const panel = page.getByRole('tabpanel', { name: 'My postings' });
    await panel.getByRole('link', { name: title }).waitFor(WAIT);
    await postingItem(page, title).getByText('Live', { exact: true }).waitFor(WAIT);
  });
});
