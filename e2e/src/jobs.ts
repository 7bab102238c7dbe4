import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl } from './browser.js';

/** A unique, searchable word: every job a test posts carries one so searches find only it. */
export const uniqueWord = () => `zq${randomBytes(3).toString('hex')}`;

/**
 * A client address of an employer of its own (198.19.0.0/16, benchmarking; the system trusts the
 * loopback proxy's X-Forwarded-For): the specs post more jobs than one address may per window.
 */
const employerAddress = () => `198.19.${randomBytes(1)[0]}.${((randomBytes(1)[0] ?? 0) % 254) + 1}`;

/** Posts a job the way an employer's form does (public POST /api/jobs through the gateway). */
export async function postJob(word: string, overrides: Record<string, unknown> = {}) {
  const response = await fetch(`${baseUrl()}/api/jobs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Forwarded-For': employerAddress() },
    body: JSON.stringify({
      title: `Federal Capture Manager ${word}`,
      company: 'Beacon Federal Partners',
      location: 'Arlington, VA',
      description: `Lead capture for civilian agency programs (${word}).`,
      url: `https://careers.beaconfederal.example.com/jobs/${word}`,
      sector: 'FEDERAL',
      jobFunction: 'sales',
      experienceLevel: 'senior',
      isAgencyRole: false,
      ...overrides,
    }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; title: string };
}

/** Soft-deletes a job as the admin does (through the gateway, signed in with the test password). */
export async function deleteJobAsAdmin(id: string): Promise<void> {
  const login = await fetch(`${baseUrl()}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: process.env.E2E_ADMIN_PASSWORD }),
  });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const response = await fetch(`${baseUrl()}/api/admin/jobs/${id}`, {
    method: 'DELETE',
    headers: { cookie },
  });
  expect(response.status).toBe(200);
}

/**
 * Opens the public /jobs list searched for `word` as a fresh visitor would, and gives the card of
 * the job titled `title`, or undefined when the list says no job matches.
 */
export async function publicCard(
  page: Page,
  word: string,
  title: string,
): Promise<Locator | undefined> {
  await page.goto(`/jobs?search=${word}`);
  const link = page.getByRole('link', { name: title, exact: true });
  await link.or(page.getByText('No jobs found')).first().waitFor({ timeout: 15_000 });
  return (await link.isVisible()) ? page.getByRole('listitem').filter({ has: link }) : undefined;
}
