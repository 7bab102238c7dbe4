import { describe, expect, it } from 'vitest';
import { baseUrl, useBrowser } from './src/browser.js';
import { uniqueWord } from './src/jobs.js';
import { signInAsAdmin, waitForMail } from './src/users.js';

const mailDir = () => process.env.E2E_MAIL_DIR as string;

/** The path and fragment of a link to `page` (/alerts/confirm, …) in an e-mail. */
function alertLink(mail: string, page: string): string {
  const link = new RegExp(`https?://[^\\s"<>]+(/alerts/${page}#token=[\\w.-]+)`).exec(mail)?.[1];
  if (!link) expect.fail(`the e-mail carries no ${page} link`);
  return link;
}

describe('e-mail alerts for a search, without an account', () => {
  const browser = useBrowser();

  it('when a visitor subscribes and confirms, then a job the admin posts is mailed, and the e-mail unsubscribes them', async () => {
    const { page } = browser;
    const word = uniqueWord();
    const email = `alerts-${word}@example.com`;
    const title = `Capture Director ${word}`;

    // Subscribe to a search from /jobs.
    await page.goto(`/jobs?search=${word}`);
    await page.getByRole('button', { name: 'Get alerts for this search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Get alerts for this search' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('combobox', { name: 'How often' }).click();
    await page.getByRole('option', { name: 'Instant' }).click();
    await dialog.getByRole('button', { name: 'Send confirmation link' }).click();
    await dialog.getByText('Check your e-mail').waitFor();

    // Confirm through the link in the .eml file.
    const confirmation = await waitForMail(mailDir(), email, 15_000, 'Confirm your alert');
    await page.goto(alertLink(confirmation, 'confirm'));
    await page.getByText('Your alert is on').waitFor();
    expect(new URL(page.url()).hash).toBe('');

    // The admin posts a matching job.
    const admin = await browser.newPage();
    await signInAsAdmin(admin);
    await admin.getByRole('button', { name: 'Add Job' }).click();
    const add = admin.getByRole('dialog', { name: 'Add Job' });
    await add.getByLabel(/^Title/).fill(title);
    await add.getByLabel(/^Company/).fill('Beltway Integrators LLC');
    await add.getByLabel(/^Location/).fill('Reston, VA');
    await add.getByLabel('Job URL').fill(`https://careers.beltway.example.com/jobs/${word}`);
    await add.getByRole('combobox', { name: /^Sector/ }).click();
    await admin.getByRole('option', { name: 'Federal', exact: true }).click();
    await add.getByRole('button', { name: 'Add Job' }).click();
    await add.waitFor({ state: 'detached' });

    // The alert lands in the mail folder with that job and its page.
    // Relays and consumers on a busy machine can take several seconds per hop.
    const alert = await waitForMail(mailDir(), email, 60_000, title);
    expect(alert).toMatch(new RegExp(`/jobs/[0-9a-f-]{36}`));
    expect(alert).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

    // Its unsubscribe link ends the subscription, without signing in.
    const unsubscribe = alertLink(alert, 'unsubscribe');
    await page.goto(unsubscribe);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByText('You are unsubscribed').first().waitFor();
    const token = unsubscribe.split('#token=')[1];
    const manage = await fetch(`${baseUrl()}/api/alerts/manage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(manage.status).toBe(404);
  });
});
