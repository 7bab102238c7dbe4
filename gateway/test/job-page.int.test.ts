import { get } from 'node:http';
import type { JobPageResponse } from '@b2g/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SHELL_INDEX_HTML,
  sampleJob,
  shellDir,
  onlyJsonLd,
  refusedUrl,
  startGateway,
  startUpstream,
  type TestGateway,
  type TestUpstream,
} from './support.js';

const ACTIVE = '11111111-1111-4111-8111-111111111111';
const GONE = '22222222-2222-4222-8222-222222222222';
const UNKNOWN = '33333333-3333-4333-8333-333333333333';
const FAILING = '44444444-4444-4444-8444-444444444444';

const HOSTILE = 'Lead </script><script>alert(1)</script> <!-- \u2028 & "more"';
const jsonLd = {
  '@context': 'https://schema.org/',
  '@type': 'JobPosting',
  title: 'Capture Manager',
  description: `<p>${HOSTILE}</p>`,
};
const similar = [
  {
    id: ACTIVE,
    title: 'Capture <Manager>',
    company: 'Acme',
    location: 'Arlington, VA',
    postedAt: '2026-11-01T00:00:00.000Z',
  },
];
const ANSWERS: Record<string, JobPageResponse> = {
  [ACTIVE]: {
    status: 'active',
    job: sampleJob({
      id: ACTIVE,
      title: 'Capture Manager',
      company: 'Acme',
      description: HOSTILE,
      url: 'https://acme.example/jobs/1',
    }),
    head: {
      title: 'Capture Manager – Acme "<b>"',
      description: 'Capture Manager at Acme, Arlington, VA. Lead captures.',
      canonicalUrl: `https://jobs.example.gov/jobs/${ACTIVE}`,
      jsonLd,
    },
    similar: [],
  },
  [GONE]: { status: 'gone', similar },
};

let gateway: TestGateway;
let jobs: TestUpstream;

beforeAll(async () => {
  const shell = shellDir();
  jobs = await startUpstream((req, res) => {
    if (req.url === '/sitemap.xml') {
      res.writeHead(200, { 'Content-Type': 'application/xml' }).end('<sitemapindex/>');
      return;
    }
    const id = /^\/api\/jobs\/([^/]+)\/page$/.exec(req.url)?.[1] ?? '';
    if (id === FAILING) {
      res.writeHead(500, { 'Content-Type': 'application/json' }).end('{}');
      return;
    }
    const answer = ANSWERS[id];
    res.writeHead(answer ? 200 : 404, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(answer ?? { error: { code: 'NOT_FOUND', message: 'Job not found' } }));
  });
  gateway = await startGateway({ SHELL_DIR: shell, JOBS_URL: jobs.url });
});

afterAll(async () => {
  await gateway.close();
  await jobs.close();
});

const lookups = (id: string) => jobs.received.filter((req) => req.url.includes(id)).length;

describe('a job page before any JavaScript runs', () => {
  it('when the job is active, then the HTML head has its title, description, canonical URL and JSON-LD that no text can break out of', async () => {
    const res = await fetch(`${gateway.url}/jobs/${ACTIVE}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, no-cache');
    const html = await res.text();
    expect(html).toContain(
      '<title>Capture Manager – Acme &#34;&#60;b&#62;&#34; | B2G Job Board</title>',
    );
    expect(html).toContain(
      '<meta name="description" content="Capture Manager at Acme, Arlington, VA. Lead captures.">',
    );
    expect(html).not.toContain('Jobs in B2G.');
    expect(html).toContain(`<link rel="canonical" href="https://jobs.example.gov/jobs/${ACTIVE}">`);
    expect(onlyJsonLd(html)).toEqual(jsonLd);
    // The shell's own script still runs the page.
    expect(html).toContain('<script defer src=/main.abc123.js></script>');
  });

  it('when the job is gone, then 410 with noindex, the message and similar jobs', async () => {
    const res = await fetch(`${gateway.url}/jobs/${GONE}`);
    expect(res.status).toBe(410);
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<h1>This job is no longer available</h1>');
    expect(html).toContain(`<a href="/jobs/${ACTIVE}">Capture &#60;Manager&#62;</a>`);
    expect(html).not.toContain('application/ld+json');
  });

  it('when the id is unknown or malformed, then 404 with noindex; a malformed one is not looked up', async () => {
    const unknown = await fetch(`${gateway.url}/jobs/${UNKNOWN}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('<meta name="robots" content="noindex">');
    const malformed = await fetch(`${gateway.url}/jobs/not-a-job`);
    expect(malformed.status).toBe(404);
    expect(jobs.received.some((req) => req.url.includes('not-a-job'))).toBe(false);
  });

  it('when the same page is asked again soon, then the jobs service is asked once', async () => {
    await fetch(`${gateway.url}/jobs/${GONE}`);
    await fetch(`${gateway.url}/jobs/${GONE}`);
    expect(lookups(GONE)).toBe(1);
  });

  it('when another Host asks for the same page, then it gets its own answer, not the first one', async () => {
    const before = lookups(ACTIVE);
    await fetch(`${gateway.url}/jobs/${ACTIVE}`);
    // fetch() does not let a caller choose the Host header; node:http does.
    await new Promise<void>((resolve, reject) => {
      get(`${gateway.url}/jobs/${ACTIVE}`, { headers: { host: 'evil.example' } }, (res) => {
        res.resume().on('end', resolve);
      }).on('error', reject);
    });
    expect(lookups(ACTIVE)).toBe(before + 1);
    expect(jobs.received.at(-1)?.headers['x-forwarded-host']).toBe('evil.example');
  });

  it('when the jobs service fails, then the plain shell page goes out, never cached', async () => {
    const res = await fetch(`${gateway.url}/jobs/${FAILING}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toBe(SHELL_INDEX_HTML);
  });

  it('when the jobs service is down, then the plain shell page goes out', async () => {
    const shell = shellDir();
    const down = await startGateway({ SHELL_DIR: shell, JOBS_URL: await refusedUrl() });
    try {
      const res = await fetch(`${down.url}/jobs/${ACTIVE}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(SHELL_INDEX_HTML);
    } finally {
      await down.close();
    }
  });
});

describe('robots.txt and the sitemap', () => {
  it('when a crawler reads /robots.txt, then it points to the sitemap on this origin', async () => {
    const res = await fetch(`${gateway.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toContain(`Sitemap: ${gateway.url}/sitemap.xml`);
    expect(text).toContain('Disallow: /api/');
  });

  it('when PUBLIC_URL is set, then robots.txt names that origin, whatever the Host header', async () => {
    const configured = await startGateway({ PUBLIC_URL: 'https://jobs.example.gov' });
    try {
      const text = await (await fetch(`${configured.url}/robots.txt`)).text();
      expect(text).toContain('Sitemap: https://jobs.example.gov/sitemap.xml');
    } finally {
      await configured.close();
    }
  });

  it('when /sitemap.xml is read, then the jobs service answers it', async () => {
    const res = await fetch(`${gateway.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('<sitemapindex/>');
    expect(jobs.received.at(-1)?.headers['x-forwarded-host']).toBe(new URL(gateway.url).host);
  });
});

describe('feed links on /jobs', () => {
  it('when /jobs is opened with a search, then its head names the RSS and JSON feeds of that search', async () => {
    const res = await fetch(`${gateway.url}/jobs?search=capture%20%22x%22&sector=FEDERAL`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(
      '<link rel="alternate" type="application/rss+xml" title="B2G jobs of this search (RSS)" href="/api/jobs/feed.rss?search=capture%20%22x%22&#38;sector=FEDERAL">',
    );
    expect(html).toContain(
      'type="application/feed+json" title="B2G jobs of this search (JSON Feed)" href="/api/jobs/feed.json?search=capture%20%22x%22&#38;sector=FEDERAL">',
    );
  });
});
