import type { JobPageResponse } from '@b2g/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sampleJob,
  shellDir,
  startGateway,
  startUpstream,
  type TestGateway,
  type TestUpstream,
} from './support.js';

const ID = '55555555-5555-4555-8555-555555555555';
const ACTIVE: JobPageResponse = {
  status: 'active',
  job: sampleJob({
    id: ID,
    title: 'Spam Manager',
    company: 'Spam Co',
    description: 'Send a fee to apply.',
    url: 'https://spam.example/jobs/1',
  }),
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
  const shell = shellDir();
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
