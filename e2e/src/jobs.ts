import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { baseUrl } from './browser.js';

/** A unique, searchable word: every job a test posts carries one so searches find only it. */
export const uniqueWord = () => `zq${randomBytes(3).toString('hex')}`;

/** Posts a job the way an employer's form does (public POST /api/jobs through the gateway). */
export async function postJob(word: string, overrides: Record<string, unknown> = {}) {
  const response = await fetch(`${baseUrl()}/api/jobs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
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
