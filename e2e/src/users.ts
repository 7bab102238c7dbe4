import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export interface TestUser {
  username: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** The password of every user the browser tests create (the log check looks for it). */
export const E2E_USER_PASSWORD = 'Capture1@Plan';

export function newUser(): TestUser {
  const tag = randomBytes(4).toString('hex');
  return {
    username: `e2e_${tag}`,
    email: `e2e.${tag}@example.gov`,
    password: E2E_USER_PASSWORD,
    firstName: 'Dana',
    lastName: 'Reyes',
  };
}

/** Signs up through the real /register page; the app lands on /dashboard. */
export async function registerThroughUi(page: Page, user: TestUser) {
  await page.goto('/register');
  await page.getByLabel(/^First Name/).fill(user.firstName);
  await page.getByLabel(/^Last Name/).fill(user.lastName);
  await page.getByLabel(/^Username/).fill(user.username);
  await page.getByLabel(/^Email/).fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByLabel(/^Confirm Password/).fill(user.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/dashboard');
}

/** A new user, registered through the UI and then signed out by clearing the stored session. */
export async function registerSignedOutUser(page: Page): Promise<TestUser> {
  const user = newUser();
  await registerThroughUi(page, user);
  await page.evaluate('localStorage.clear()');
  return user;
}

export async function signInThroughUi(page: Page, emailOrUsername: string, password: string) {
  await page.getByLabel(/^Email or Username/).fill(emailOrUsername);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Signs in on /admin/login with the password the test system was started with; lands on /admin/jobs. */
export async function signInAsAdmin(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel(/^Password/).fill(process.env.E2E_ADMIN_PASSWORD as string);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/admin/jobs');
}

/**
 * An .eml in the local mail folder addressed to `email` (and holding `containing`, once
 * quoted-printable is undone), polled until it arrives; returned decoded when `containing` is given.
 */
export async function waitForMail(
  mailDir: string,
  email: string,
  timeoutMs = 15_000,
  containing?: string,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    let files: string[] = [];
    try {
      files = readdirSync(mailDir).filter((f) => f.endsWith('.eml'));
    } catch {
      // folder appears with the first mail
    }
    const match = files
      .map((f) => readFileSync(join(mailDir, f), 'utf8'))
      .map((text) => (containing === undefined ? text : decodeQuotedPrintable(text)))
      .find(
        (text) => text.includes(email) && (containing === undefined || text.includes(containing)),
      );
    if (match) return match;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect.fail(`no mail to ${email} in ${mailDir} within ${timeoutMs} ms`);
}

/** Undoes the quoted-printable encoding nodemailer applies to long lines. */
export function decodeQuotedPrintable(eml: string): string {
  return eml
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The reset link of a reset e-mail (quoted-printable soft breaks removed). */
export function resetLinkOf(eml: string): string {
  const text = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = /https?:\/\/[^\s"<>]+\/reset-password\?token=[\w-]+/.exec(text)?.[0];
  if (!link) expect.fail('the e-mail carries no reset link');
  return link;
}
