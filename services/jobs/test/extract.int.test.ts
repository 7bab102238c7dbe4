import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extractedJobSchema } from '@b2g/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchHtmlPage, PageUnavailableError } from '../src/net/safe-fetch.js';
import { newWorld, removeWorld, startInstance, type RunningInstance } from './support.js';

const world = newWorld();
const fixture = (name: string) => readFile(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

/** Serves the fixture pages, and pages that misbehave, on loopback. */
function fixtureServer(): Promise<Server> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://fixtures').pathname;
    const html = (body: string) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(body);
    };
    if (path.endsWith('.html')) {
      fixture(path.slice(1)).then(html, () => {
        res.writeHead(404).end();
      });
    } else if (path === '/redirect-to-greenhouse') {
      res.writeHead(302, { location: '/greenhouse.html' }).end();
    } else if (path === '/redirect-to-private') {
      res.writeHead(301, { location: 'http://10.0.0.7/internal' }).end();
    } else if (path === '/redirect-to-localhost') {
      res
        .writeHead(302, {
          location: `http://localhost:${(server.address() as AddressInfo).port}/greenhouse.html`,
        })
        .end();
    } else if (path.startsWith('/loop')) {
      res.writeHead(302, { location: `/loop${Number(path.slice(5) || 0) + 1}` }).end();
    } else if (path === '/json') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"title":"Engineer"}');
    } else if (path === '/huge-chunked') {
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = `<p>${'x'.repeat(64 * 1024)}</p>`;
      let sent = 0;
      const push = () => {
        while (sent < 3 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) {
            res.once('drain', push);
            return;
          }
        }
        res.end();
      };
      res.on('error', () => undefined);
      push();
    } else if (path === '/huge-declared') {
      res.writeHead(200, {
        'content-type': 'text/html',
        'content-length': String(5 * 1024 * 1024),
      });
      res.write('<p>start</p>');
    } else if (path === '/hang-up') {
      req.socket.destroy();
    } else if (path === '/slow') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html>');
    } else {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let server: Server;
let base: string;
let allowed: RunningInstance;
let strict: RunningInstance;

const extract = (instance: RunningInstance, url: unknown) =>
  request(instance.app).post('/api/jobs/extract-from-url').send({ url });

beforeAll(async () => {
  server = await fixtureServer();
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  allowed = await startInstance(world, { extractAllowedHosts: [`127.0.0.1:${port}`] });
  strict = await startInstance(world);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await strict.close();
  await removeWorld(allowed, world);
});

describe('POST /api/jobs/extract-from-url on posting pages', () => {
  it('when the page is a Greenhouse posting, then its JSON-LD fills the form, description as plain text', async () => {
    const res = await extract(allowed, `${base}/greenhouse.html`);
    expect(res.status).toBe(200);
    expect(extractedJobSchema.parse(res.body)).toEqual(res.body);
    expect(res.body).toMatchObject({
      title: 'Senior Account Executive, Federal Civilian',
      company: 'Keystone Federal Systems',
      location: 'Arlington, VA',
      sector: 'FEDERAL',
      jobFunction: 'sales',
      experienceLevel: 'senior',
      remoteDays: 2,
    });
    expect(res.body.description).toMatch(/^About the role Keystone sells case management software/);
    expect(res.body.description).toContain(
      '8+ years of federal software sales Experience with GSA Schedule',
    );
    expect(res.body.description).not.toMatch(/<|&lt;|\s{2}/);
  });

  it('when the page is a Lever posting (a JSON-LD array, telecommute), then remote with 5 days', async () => {
    const res = await extract(allowed, `${base}/lever.html`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Product Marketing Manager, State & Local Government',
      company: 'Civic Ledger',
      location: 'Remote',
      sector: 'STATE_LOCAL',
      jobFunction: 'marketing',
      experienceLevel: 'mid',
      remoteDays: 5,
    });
  });

  it('when the page is a Workday posting (@graph, several locations), then the first location and inferred fields', async () => {
    const res = await extract(allowed, `${base}/workday.html`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Sales Engineer - Public Sector',
      company: 'ClearSky Cloud',
      location: 'Herndon, Virginia',
      sector: 'BOTH',
      jobFunction: 'technical',
      experienceLevel: 'mid',
      remoteDays: 2,
    });
  });

  it('when the page is a USAJOBS announcement, then a federal technical job without a guessed level', async () => {
    const res = await extract(allowed, `${base}/usajobs.html`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Information Security Specialist',
      company: 'Department of Veterans Affairs',
      location: 'Washington, District of Columbia',
      sector: 'FEDERAL',
      jobFunction: 'technical',
      remoteDays: 2,
    });
    expect(res.body.description).toContain("agency's enterprise systems");
    expect(res.body).not.toHaveProperty('experienceLevel');
  });

  it('when the page has only OpenGraph tags (LinkedIn), then title and description come from them', async () => {
    const res = await extract(allowed, `${base}/linkedin-meta-only.html`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Marketing Director - County of Sonoma',
      sector: 'STATE_LOCAL',
      jobFunction: 'marketing',
      experienceLevel: 'senior',
      remoteDays: 5,
    });
    expect(res.body.description).toContain('The County of Sonoma seeks a Marketing Director');
  });

  it('when a same-host redirect leads to the posting, then it is followed', async () => {
    const res = await extract(allowed, `${base}/redirect-to-greenhouse`);
    expect(res.status).toBe(200);
    expect(res.body.company).toBe('Keystone Federal Systems');
  });

  it('when nothing can be read from the page, then 422 with the fill-manually message', async () => {
    const res = await extract(allowed, `${base}/no-job.html`);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      error: {
        code: 'UNPROCESSABLE',
        message: 'Could not extract job data from URL. Please fill manually.',
      },
    });
  });

  it('when the page answers 404, then 422 with the fill-manually message', async () => {
    const res = await extract(allowed, `${base}/missing`);
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe(
      'Could not extract job data from URL. Please fill manually.',
    );
  });

  it('when the page gives no answer (the connection drops), then 422 says it could not be reached, not that the URL is refused', async () => {
    const res = await extract(allowed, `${base}/hang-up`);
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe(
      "We couldn't reach that page; fill the form by hand or try again",
    );
  });

  it('when no URL is given, then 400 asks for one', async () => {
    const res = await request(allowed.app).post('/api/jobs/extract-from-url').send({});
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Please enter a job posting URL to auto-fill the form.');
  });
});

describe('POST /api/jobs/extract-from-url refusals', () => {
  const refused = async (instance: RunningInstance, url: string, message: string) => {
    const res = await extract(instance, url);
    expect(res.status, url).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message });
  };
  const PRIVATE =
    'This URL cannot be fetched: only public web pages on ports 80 and 443 can be read.';

  it('when the URL is on loopback and not allowed, then 400 private address', async () => {
    await refused(strict, `${base}/greenhouse.html`, PRIVATE);
    await refused(strict, `http://localhost:${new URL(base).port}/greenhouse.html`, PRIVATE);
    await refused(strict, 'http://[::1]/', PRIVATE);
    await refused(strict, 'http://[::ffff:127.0.0.1]/', PRIVATE);
    await refused(strict, 'http://2130706433/', PRIVATE);
  });

  it('when the URL is a metadata, private, CGNAT or unspecified address, then 400 private address', async () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/latest/meta-data/',
      'http://10.1.2.3/',
      'http://192.168.0.1/',
      'http://172.16.5.4/',
      'http://100.64.0.1/',
      'http://0.0.0.0/',
      'http://[fe80::1]/',
      'http://224.0.0.1/',
      'http://[::7f00:1]:4001/',
      'http://[fec0::1]/',
      'http://[64:ff9b:1::7f00:1]/',
      'http://[::ffff:0:a00:1]/',
      'http://93.184.216.34:4001/',
    ]) {
      await refused(allowed, url, PRIVATE);
    }
  });

  it('when a redirect leads to a private address, then 400 private address', async () => {
    await refused(allowed, `${base}/redirect-to-private`, PRIVATE);
    await refused(allowed, `${base}/redirect-to-localhost`, PRIVATE);
  });

  it('when redirects go on past three, then 400', async () => {
    await refused(allowed, `${base}/loop`, 'This URL redirects too many times.');
  });

  it('when the response is not HTML, then 400', async () => {
    await refused(allowed, `${base}/json`, 'This URL does not point to an HTML page.');
  });

  it('when the body is over 2 MB, declared or streamed, then 400', async () => {
    await refused(
      allowed,
      `${base}/huge-declared`,
      'This page is larger than 2 MB and cannot be read.',
    );
    await refused(
      allowed,
      `${base}/huge-chunked`,
      'This page is larger than 2 MB and cannot be read.',
    );
  });

  it('when the URL carries credentials, then 400', async () => {
    await refused(
      allowed,
      `http://user:secret@127.0.0.1:${new URL(base).port}/greenhouse.html`,
      PRIVATE,
    );
  });

  it('when the URL is not http or https, then 400', async () => {
    for (const url of ['ftp://example.com/job.html', 'file:///etc/passwd', 'javascript:alert(1)']) {
      const res = await extract(allowed, url);
      expect(res.status, url).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('when a client asks too often, then 429', async () => {
    const limited = await startInstance(world, {
      extractRateLimit: { limit: 1, windowMs: 60_000 },
    });
    // The budget is the database's, shared with this file's other instance: a client of its own.
    const ask = () =>
      request(limited.app)
        .post('/api/jobs/extract-from-url')
        .set('X-Forwarded-For', '192.0.2.20')
        .send({ url: 'http://10.0.0.1/' });
    try {
      expect((await ask()).status).toBe(400);
      expect((await ask()).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('fetchHtmlPage', () => {
  it('when the page does not answer in time, then it gives up', async () => {
    const allowedHosts = new Set([new URL(base).host]);
    // The page never finishes: only the fetch's own timeout ends the wait (a hang fails the test).
    const failure = fetchHtmlPage(`${base}/slow`, { allowedHosts, timeoutMs: 300 });
    await expect(failure).rejects.toBeInstanceOf(PageUnavailableError);
    await expect(failure).rejects.toThrow(/took too long|timeout/i);
  });

  it('when a name resolves, then the connection goes to the checked address, never resolved again', async () => {
    const port = new URL(base).port;
    const page = await fetchHtmlPage(`http://jobs.fixture.invalid:${port}/greenhouse.html`, {
      allowedHosts: new Set([`jobs.fixture.invalid:${port}`]),
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    expect(page.html).toContain('Keystone Federal Systems');
  });

  it('when any of the addresses a name resolves to is private, then it is refused', async () => {
    await expect(
      fetchHtmlPage('http://mixed.fixture.invalid/', {
        resolve: async () => [
          { address: '93.184.216.34', family: 4 },
          { address: '10.0.0.5', family: 4 },
        ],
      }),
    ).rejects.toThrow(
      'This URL cannot be fetched: only public web pages on ports 80 and 443 can be read.',
    );
  });
});
