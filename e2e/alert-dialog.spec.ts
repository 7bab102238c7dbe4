import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, useBrowser } from './src/browser.js';
import { uniqueWord } from './src/jobs.js';
import { decodeQuotedPrintable, newUser, registerThroughUi, waitForMail } from './src/users.js';

const mailDir = () => process.env.E2E_MAIL_DIR as string;

/** The confirmation e-mails in the mail folder addressed to `email`. */
function confirmationsTo(email: string): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(mailDir()).filter((file) => file.endsWith('.eml'));
  } catch {
    // The folder appears with the first mail.
  }
  return files
    .map((file) => decodeQuotedPrintable(readFileSync(join(mailDir(), file), 'utf8')))
    .filter((mail) => mail.includes(email) && mail.includes('Confirm your alert'));
}

/** Opens the alert dialog of the /jobs search at `path`. */
async function openAlertDialog(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('button', { name: 'Get alerts for this search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get alerts for this search' });
  await dialog.waitFor();
  return dialog;
}

async function chooseFrequency(page: Page, dialog: ReturnType<Page['getByRole']>, name: string) {
  await dialog.getByRole('combobox', { name: 'How often' }).click();
  await page.getByRole('option', { name }).click();
}

describe('the alert dialog', () => {
  const browser = useBrowser();

  it('when a visitor asks for the same search twice, then the dialog names the search, keeps the chosen frequency and answers the existing alert without a second e-mail', async () => {
    const { page } = browser;
    const word = uniqueWord();
    const email = `dialog-${word}@example.com`;
    const path = `/jobs?search=${word}&sector=FEDERAL`;

    const dialog = await openAlertDialog(page, path);
    await dialog.getByText(`“${word}” · Federal`).waitFor();
    await expect
      .poll(() => dialog.getByRole('combobox', { name: 'How often' }).textContent())
      .toBe('Daily');
    await dialog.getByLabel('Email').fill(email);
    await chooseFrequency(page, dialog, 'Weekly');
    await dialog.getByRole('button', { name: 'Send confirmation link' }).click();
    await dialog.getByText('Check your e-mail').waitFor();
    const confirmation = await waitForMail(mailDir(), email, 15_000, 'Confirm your alert');
    expect(confirmation).toContain('B2G Job Board');
    expect(confirmation).not.toContain('B2G Jobs');

    const again = await openAlertDialog(page, path);
    await again.getByLabel('Email').fill(email.toUpperCase());
    await again.getByRole('button', { name: 'Send confirmation link' }).click();
    await again.getByText('You already have an alert for this search (weekly).').waitFor();
    expect(confirmationsTo(email)).toHaveLength(1);
  });

  it('when a signed-in user saves alerts, then they choose how often in the same dialog, and the same search again answers the existing alert, not a second one', async () => {
    const { page } = browser;
    const word = uniqueWord();
    await registerThroughUi(page, newUser());
    const path = `/jobs?search=${word}`;

    const dialog = await openAlertDialog(page, path);
    await dialog.getByText(`“${word}”`).waitFor();
    expect(await dialog.getByLabel('Email').count()).toBe(0);
    await chooseFrequency(page, dialog, 'Instant');
    await dialog.getByRole('button', { name: 'Save alert' }).click();
    await page.getByText('Alert saved').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    const again = await openAlertDialog(page, path);
    await again.getByRole('button', { name: 'Save alert' }).click();
    await again.getByText('You already have an alert for this search (instant).').waitFor();

    const token = await page.evaluate<string | null>("localStorage.getItem('authToken')");
    const saved = await fetch(`${baseUrl()}/api/user/saved-searches`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const searches = (await saved.json()) as { query: Record<string, string>; frequency: string }[];
    expect(searches.map(({ query, frequency }) => ({ query, frequency }))).toEqual([
      { query: { search: word }, frequency: 'instant' },
    ]);
  });
});
