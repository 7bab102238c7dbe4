import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JobPageResponse } from '@b2g/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emptyDir,
  startGateway,
  startUpstream,
  type TestGateway,
  type TestUpstream,
} from './support.js';

const ID = '55555555-5555-4555-8555-555555555555';
const INDEX_HTML =
  '<!doctype html><html><head><title>B2G Job Board</title></head><body></body></html>';

const ACTIVE: JobPageResponse = {
  status: 'active',
  job: {
    id: ID,
    title: 'Spam Manager',
    company: 'Spam Co',
    location: 'Arlington, VA',
    description: 'Send a fee to apply.',
    url: 'https://spam.example/jobs/1',
    link: null,
    poster: null,
    applyUrl: null,
    sector: 'FEDERAL',
    employerType: null,
    isAgencyRole: false,
    isRemote: false,
    remoteDays: null,
    experienceLevel: null,
    jobFunction: 'sales',
    source: 'Direct Post',
    postedAt: '2026-11-01T00:00:00.000Z',
    createdAt: '2026-11-01T00:00:00.000Z',
    deletedAt: null,
    external: false,
    bookmarkCount: 0,
  },
  head: {
    title: 'Spam Manager – Spam Co',
    description: 'Spam Manager at Spam Co, Arlington, VA.',
    canonicalUrl: `https://jobs.example.gov/jobs/${ID}`,
    jsonLd: { '@type': 'JobPosting', title: 'Spam Manager' },
  },
  similar: [],
};

let answer: JobPageResponse = ACTIVE;
let gateway: TestGateway;
let jobs: TestUpstream;

beforeAll(async () => {
  const shell = join(emptyDir(), 'shell');
  mkdirSync(shell, { recursive: true });
  writeFileSync(join(shell, 'index.html'), INDEX_HTML);
  jobs = await startUpstream((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer));
  });
  gateway = await startGateway({ SHELL_DIR: shell, JOBS_URL: jobs.url });
});

afterAll(async () => {
  await gateway.close();
  await jobs.close();
});

/** Asks for the page until it answers `status`, for at most `withinMs`. */
async function pageAnswers(status: number, withinMs: number): Promise<Response> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const res = await fetch(`${gateway.url}/jobs/${ID}`);
    if (res.status === status || Date.now() > deadline) return res;
    await res.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a job page once its job is rejected, banned, closed or deleted', () => {
  it('when the jobs service starts answering gone, then the page answers 410 within 2 s, without its JSON-LD, and browsers revalidate it', async () => {
    const live = await fetch(`${gateway.url}/jobs/${ID}`);
    expect(live.status).toBe(200);
    expect(live.headers.get('cache-control')).toBe('public, no-cache');
    expect(await live.text()).toContain('application/ld+json');

    answer = { status: 'gone', similar: [] };
    const gone = await pageAnswers(410, 2_000);
    expect(gone.status).toBe(410);
    expect(await gone.text()).not.toContain('application/ld+json');
  });
});
