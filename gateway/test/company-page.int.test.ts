import { COMPANY_LOGO_MAX_BYTES, type CompanyPageResponse } from '@b2g/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  shellDir,
  onlyJsonLd,
  startGateway,
  startUpstream,
  type TestGateway,
  type TestUpstream,
} from './support.js';

const HOSTILE = 'Acme </script><script>alert(1)</script> <!-- \u2028 & "more"';
const LOGO = '/api/companies/acme-federal/logo/' + 'a'.repeat(64) + '.webp';
const jsonLd = {
  '@context': 'https://schema.org/',
  '@type': 'Organization',
  name: HOSTILE,
  url: 'https://acme.example',
  logo: `https://jobs.example.gov${LOGO}`,
  subjectOf: [{ '@type': 'JobPosting', title: 'Capture Manager' }],
};
const ACME: CompanyPageResponse = {
  company: {
    slug: 'acme-federal',
    name: HOSTILE,
    website: 'https://acme.example',
    description: 'Acme sells to agencies.',
    logoUrl: LOGO,
  },
  jobs: [],
  head: {
    title: 'Acme "<b>" jobs',
    description: 'Acme sells to agencies.',
    canonicalUrl: 'https://jobs.example.gov/companies/acme-federal',
    jsonLd,
  },
};

let gateway: TestGateway;
let jobs: TestUpstream;

beforeAll(async () => {
  const shell = shellDir();
  jobs = await startUpstream((req, res) => {
    if (req.url === '/api/companies/acme-federal') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(ACME));
      return;
    }
    if (req.url.endsWith('/logo')) {
      const received = Buffer.byteLength(req.body);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ received }));
      return;
    }
    res.writeHead(404, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Company not found' } }));
  });
  gateway = await startGateway({ SHELL_DIR: shell, JOBS_URL: jobs.url });
});

afterAll(async () => {
  await gateway.close();
  await jobs.close();
});

describe('a company page before any JavaScript runs', () => {
  it('when the company is known, then the HTML head has its title, description, canonical URL, logo and JSON-LD that no text can break out of', async () => {
    const res = await fetch(`${gateway.url}/companies/acme-federal`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, no-cache');
    const html = await res.text();
    expect(html).toContain('<title>Acme &#34;&#60;b&#62;&#34; jobs | B2G Job Board</title>');
    expect(html).toContain('<meta name="description" content="Acme sells to agencies.">');
    expect(html).not.toContain('Jobs in B2G.');
    expect(html).toContain(
      '<link rel="canonical" href="https://jobs.example.gov/companies/acme-federal">',
    );
    expect(html).toContain(`<meta property="og:image" content="https://jobs.example.gov${LOGO}">`);
    expect(onlyJsonLd(html)).toEqual(jsonLd);
    expect(html).toContain('<script defer src=/main.abc123.js></script>');
  });

  it('when the slug is unknown or malformed, then 404 with noindex; a malformed one is not looked up', async () => {
    const unknown = await fetch(`${gateway.url}/companies/no-such-company`);
    expect(unknown.status).toBe(404);
    const html = await unknown.text();
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<title>Company not found | B2G Job Board</title>');
    expect(html).not.toContain('application/ld+json');
    const malformed = await fetch(`${gateway.url}/companies/Not_A_Slug`);
    expect(malformed.status).toBe(404);
    expect(jobs.received.some((req) => req.url.includes('Not_A_Slug'))).toBe(false);
  });
});

describe('robots.txt and company logos', () => {
  it('when a crawler reads /robots.txt, then it may fetch the logos the JSON-LD names, not the rest of /api', async () => {
    const text = await (await fetch(`${gateway.url}/robots.txt`)).text();
    expect(text).toContain('Allow: /api/companies/*/logo/');
    expect(text).toContain('Disallow: /api/');
  });
});

describe('a logo upload through the gateway', () => {
  const put = (path: string, bytes: number) =>
    fetch(`${gateway.url}${path}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'image/png' },
      body: Buffer.alloc(bytes, 1),
    });

  it('when a logo of up to 2 MB is put, then it reaches the jobs service whole', async () => {
    for (const path of [
      '/api/admin/companies/acme-federal/logo',
      '/api/employer/companies/acme-federal/logo',
    ]) {
      const res = await put(path, COMPANY_LOGO_MAX_BYTES);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: COMPANY_LOGO_MAX_BYTES });
    }
  });

  it('when a logo is over 2 MB, then 413 with the logo message before the service sees it; other paths keep the general limit', async () => {
    const before = jobs.received.length;
    const res = await put('/api/admin/companies/acme-federal/logo', COMPANY_LOGO_MAX_BYTES + 1);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      'The logo can be at most 2 MB',
    );
    const other = await put('/api/admin/companies/acme-federal', 1024 * 1024 + 1);
    expect(other.status).toBe(413);
    expect(((await other.json()) as { error: { message: string } }).error.message).toBe(
      'The request body is too large.',
    );
    expect(jobs.received.length).toBe(before);
  });
});
