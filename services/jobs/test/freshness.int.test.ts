import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  adminJobListResponseSchema,
  jobCheckResponseSchema,
  adminJobRequestSchema,
  jobSchema,
  type AdminJobRequest,
} from '@b2g/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FreshnessCheck } from '../src/domain/freshness.js';
import { POSTING_URLS, startAtsServer, type AtsServer } from './ats-server.js';
import { closedPort } from './fake-host.js';
import {
  adminPost,
  DAY,
  eventually,
  listen,
  newWorld,
  refreshSearch,
  removeWorld,
  startInstance,
  tokens,
  type Listener,
  type RunningInstance,
} from './support.js';

const world = newWorld();
let ats: AtsServer;
let pages: Server;
let pagesBase: string;
let jobs: RunningInstance;
let other: RunningInstance;
let events: Listener;
/** A loopback port nothing listens on, allowed: a connection to it is refused, not the URL. */
let unreachablePort: number;
const checks: FreshnessCheck[] = [];
/** Requests the page server answered, and the most it had in flight at once. */
const seen: Array<{ path: string; ifNoneMatch?: string | undefined }> = [];
let inFlight = 0;
let maxInFlight = 0;

/** Job pages: open (with an ETag, 304 when it is sent back), gone (404, 410), down (503). */
function pageServer(): Promise<Server> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://pages').pathname;
    seen.push({ path, ifNoneMatch: req.headers['if-none-match'] });
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const answer = (status: number, headers: Record<string, string> = {}, body = '') =>
      setTimeout(() => {
        inFlight--;
        res.writeHead(status, headers).end(body);
      }, 20);
    if (path.startsWith('/open')) {
      const etag = `"${path}-1"`;
      if (req.headers['if-none-match'] === etag) answer(304, { etag });
      else answer(200, { 'content-type': 'text/html', etag }, '<h1>Still hiring</h1>');
    } else if (path.startsWith('/gone')) answer(404, { 'content-type': 'text/html' }, 'Not found');
    else if (path.startsWith('/removed')) answer(410);
    else answer(503, { 'content-type': 'text/html' }, 'Maintenance');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const cookie = () => tokens.adminCookie();
/**
 * An admin job whose source is `url`, created by the service itself: the form takes only URLs
 * with a domain name, and the fixtures are on loopback.
 */
const create = async (url: string, overrides: Partial<AdminJobRequest> = {}) =>
  jobs.posting.createAdmin({ ...adminJobRequestSchema.parse(adminPost(overrides)), url });
const check = (id: string) =>
  request(jobs.app).post(`/api/admin/jobs/${id}/check`).set('Cookie', cookie());
const stored = (id: string) => jobs.models.Job.findById(id).lean();
const deletedList = async () =>
  adminJobListResponseSchema.parse(
    (
      await request(jobs.app)
        .get('/api/admin/jobs')
        .set('Cookie', cookie())
        .query({ include_deleted: 'true' })
    ).body,
  );

beforeAll(async () => {
  ats = await startAtsServer();
  pages = await pageServer();
  const { port } = pages.address() as AddressInfo;
  pagesBase = `http://127.0.0.1:${port}`;
  unreachablePort = await closedPort();
  const settings = {
    extractAllowedHosts: [ats.hostPort, `127.0.0.1:${port}`, `127.0.0.1:${unreachablePort}`],
    atsApiBases: ats.bases,
    freshness: { intervalMs: 0, batchSize: 100, hostDelayMs: 30, hostConcurrency: 4 },
  };
  jobs = await startInstance(world, settings);
  other = await startInstance(world, settings);
  jobs.freshness.onCheck((check) => checks.push(check));
  events = await listen(world, ['job.deleted', 'job.updated']);
});

afterAll(async () => {
  await events.close();
  await ats.close();
  pages.closeAllConnections();
  await new Promise((resolve) => pages.close(resolve));
  await other.close();
  await removeWorld(jobs, world);
});

/**
 * Marks the jobs as last verified two days ago, once both instances' relays have published every
 * event of theirs: on FerretDB a relay's clean-up writes a document back whole, so a direct update
 * made meanwhile (this one does not take the write lease the service's own writes take) could be
 * written over.
 */
async function backdateVerification(filter: Record<string, unknown>) {
  await eventually(async () =>
    expect(
      await jobs.models.Job.collection.countDocuments({ '_outbox.0': { $exists: true } }),
    ).toBe(0),
  );
  await jobs.models.Job.updateMany(filter, {
    $set: { lastVerifiedAt: new Date(Date.now() - 2 * DAY) },
  });
}

describe('the freshness checker (POST /api/admin/jobs/:id/check and scheduled runs)', () => {
  it('when the page is still there, then lastVerifiedAt is set, shown publicly, and the next check is conditional (304)', async () => {
    const job = await create(`${pagesBase}/open-1`);
    const before = Date.now();
    const first = await check(job.id);
    const after = Date.now();
    expect(first.status).toBe(200);
    const body = jobCheckResponseSchema.parse(first.body);
    expect(body.outcome).toBe('open');
    expect(body.job.deletedAt).toBeNull();
    const verifiedAt = Date.parse(body.job.lastVerifiedAt ?? '');
    expect(verifiedAt).toBeGreaterThanOrEqual(before);
    expect(verifiedAt).toBeLessThanOrEqual(after);
    const publicJob = jobSchema.parse((await request(jobs.app).get(`/api/jobs/${job.id}`)).body);
    expect(publicJob.lastVerifiedAt).toBe(body.job.lastVerifiedAt);
    expect(JSON.stringify(publicJob)).not.toContain('etag');

    const again = jobCheckResponseSchema.parse((await check(job.id)).body);
    expect(again.outcome).toBe('open');
    expect(seen.filter((entry) => entry.path === '/open-1').map((e) => e.ifNoneMatch)).toEqual([
      undefined,
      '"/open-1-1"',
    ]);
  });

  it('when the page answers 404 or 410, then the job is closed as gone: job.deleted, out of search, reason and date in the admin list', async () => {
    const gone = await create(`${pagesBase}/gone-1`);
    const removed = await create(`${pagesBase}/removed-1`);
    for (const job of [gone, removed]) {
      const res = jobCheckResponseSchema.parse((await check(job.id)).body);
      expect(res.outcome).toBe('gone');
      expect(res.job.closedReason).toBe('gone');
      expect(res.job.deletedAt).not.toBeNull();
      // Closed, it is no longer checked.
      expect((await check(job.id)).status).toBe(404);
    }
    await eventually(() => {
      const deleted = events.ofType('job.deleted').map((event) => event.data.job.id);
      expect(deleted).toEqual(expect.arrayContaining([gone.id, removed.id]));
    });
    expect((await request(jobs.app).get(`/api/jobs/${gone.id}`)).status).toBe(404);
    await refreshSearch(world);
    const listed = await request(jobs.app).get('/api/jobs').query({ search: gone.title });
    expect(listed.body.map((job: { id: string }) => job.id)).not.toContain(gone.id);
    const row = (await deletedList()).find((job) => job.id === gone.id);
    expect(row).toMatchObject({ closedReason: 'gone', deletedAt: expect.any(String) });

    // Restored by the admin, the reason goes.
    const restored = await request(jobs.app)
      .put(`/api/admin/jobs/${gone.id}/undelete`)
      .set('Cookie', cookie());
    expect(restored.body).toMatchObject({ deletedAt: null, closedReason: null });
  });

  it('when the closing date has passed, then the job is closed as expired without asking its page', async () => {
    const job = await create(`${pagesBase}/open-expired`, { closingDate: '2026-01-02' });
    const res = jobCheckResponseSchema.parse((await check(job.id)).body);
    expect(res).toMatchObject({ outcome: 'expired', job: { closedReason: 'expired' } });
    expect(seen.some((entry) => entry.path === '/open-expired')).toBe(false);
  });

  it('when the source answers 503 or cannot be reached, then nothing changes', async () => {
    const down = await create(`${pagesBase}/down-1`);
    const unreachable = await create(`http://127.0.0.1:${unreachablePort}/job`);
    for (const job of [down, unreachable]) {
      const before = await stored(job.id);
      const res = jobCheckResponseSchema.parse((await check(job.id)).body);
      expect(res.outcome).toBe('unavailable');
      const after = await stored(job.id);
      expect(after).toEqual(before);
    }
    // The connection was refused: the fetch guard let the allowed fixture through.
    const failed = checks.findLast((entry) => entry.jobId === unreachable.id);
    expect(failed).toMatchObject({ outcome: 'unavailable', refused: false });
    expect(failed?.reason).toMatch(/ECONNREFUSED/);
  });

  it('when the posting is on an ATS, then its API decides: open, 404 gone, dropped from the board feed gone', async () => {
    const open = await create(POSTING_URLS.greenhouse);
    const gone = await create(POSTING_URLS.greenhouseGone);
    const dropped = await create(POSTING_URLS.ashbyRemoved);
    const listed = await create(POSTING_URLS.ashby);
    const outcome = async (id: string) => jobCheckResponseSchema.parse((await check(id)).body);
    expect((await outcome(open.id)).outcome).toBe('open');
    expect((await outcome(gone.id)).outcome).toBe('gone');
    expect((await outcome(dropped.id)).outcome).toBe('gone');
    expect((await outcome(listed.id)).outcome).toBe('open');
    // Greenhouse answers its ETag: the next check asks conditionally and gets 304.
    expect((await outcome(open.id)).outcome).toBe('open');
    const asked = ats.requests.filter((entry) => entry.path.endsWith('/jobs/4012345007'));
    expect(asked.at(-1)?.ifNoneMatch).toBe('"greenhouse-job.json-v1"');
  });

  it('when the admin checks a job that is unknown, malformed or without the admin cookie, then 404, 400, 401', async () => {
    expect((await check('1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed')).status).toBe(404);
    expect((await check('not-a-uuid')).status).toBe(400);
    const job = await create(`${pagesBase}/open-auth`);
    expect((await request(jobs.app).post(`/api/admin/jobs/${job.id}/check`)).status).toBe(401);
  });

  it('when two instances run at once, then each due job is checked once, one request at a time per host, and not again that day', async () => {
    await jobs.models.Job.deleteMany({});
    const urls = [1, 2, 3, 4, 5, 6].map(
      (n) => `${pagesBase}/${n % 3 === 0 ? 'gone' : 'open'}-run-${n}`,
    );
    for (const url of urls) await create(url);
    // Verified more than a day ago: due again.
    await backdateVerification({});
    const before = seen.length;
    maxInFlight = 0;
    const runs = await Promise.all([jobs.freshness.runOnce(), other.freshness.runOnce()]);
    const requested = seen.slice(before).map((entry) => entry.path);
    expect(requested.sort()).toEqual(urls.map((url) => new URL(url).pathname).sort());
    expect(maxInFlight).toBe(1);
    const total = runs.reduce(
      (sum, run) => ({
        checked: sum.checked + run.checked,
        open: sum.open + run.open,
        closed: sum.closed + run.closed,
      }),
      { checked: 0, open: 0, closed: 0 },
    );
    expect(total).toEqual({ checked: 6, open: 4, closed: 2 });

    await backdateVerification({ deletedAt: null });
    const again = await jobs.freshness.runOnce();
    expect(again).toMatchObject({ checked: 0, skipped: 4 });
  });

  it('when 20 jobs on 4 hosts are due, then a run checks them politely and reports its figures', async () => {
    await jobs.models.Job.deleteMany({});
    const HOSTS = 4;
    const PER_HOST = 5;
    const DELAY_MS = 100;
    // Per host: the jobs asked for, in order, and the most requests it had in flight at once.
    const asked = Array.from({ length: HOSTS }, () => [] as number[]);
    const inFlight = Array.from({ length: HOSTS }, () => 0);
    const mostInFlight = Array.from({ length: HOSTS }, () => 0);
    const servers = await Promise.all(
      Array.from({ length: HOSTS }, async (_, host) => {
        const server = createServer((req, res) => {
          inFlight[host] = (inFlight[host] ?? 0) + 1;
          mostInFlight[host] = Math.max(mostInFlight[host] ?? 0, inFlight[host]);
          const n = Number(new URL(req.url ?? '/', 'http://h').pathname.split('/').at(-1));
          asked[host]?.push(n);
          // Answered on a later turn, so a second request to the host would find this one open.
          setImmediate(() => {
            inFlight[host] = (inFlight[host] ?? 0) - 1;
            // One job in ten is gone from its source.
            if (n % 10 === 0) res.writeHead(404).end();
            else
              res
                .writeHead(200, { 'content-type': 'text/html', etag: `"${n}"` })
                .end('<p>open</p>');
          });
        });
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        return server;
      }),
    );
    const hostPorts = servers.map(
      (server) => `127.0.0.1:${(server.address() as AddressInfo).port}`,
    );
    const bench = await startInstance(world, {
      extractAllowedHosts: hostPorts,
      freshness: { intervalMs: 0, batchSize: 500, hostDelayMs: DELAY_MS, hostConcurrency: 4 },
    });
    try {
      for (const [host, hostPort] of hostPorts.entries()) {
        for (let n = 1; n <= PER_HOST; n++) {
          await bench.posting.createAdmin({
            ...adminJobRequestSchema.parse(adminPost()),
            url: `http://${hostPort}/jobs/${host * PER_HOST + n}`,
          });
        }
      }
      const run = await bench.freshness.runOnce();
      expect(run).toMatchObject({ checked: HOSTS * PER_HOST, closed: 2, open: 18 });
      // Every job of a host was asked for once, one request at a time.
      for (const [host, jobsAsked] of asked.entries()) {
        expect([...jobsAsked].sort((a, b) => a - b)).toEqual(
          Array.from({ length: PER_HOST }, (_, n) => host * PER_HOST + n + 1),
        );
      }
      expect(mostInFlight).toEqual(Array.from({ length: HOSTS }, () => 1));
      const figures = {
        jobs: run.checked,
        hosts: HOSTS,
        hostDelayMs: DELAY_MS,
        durationMs: run.durationMs,
        checkedPerMinute: Math.round(run.checked / (run.durationMs / 60_000)),
        shareClosed: run.closed / run.checked,
      };
      console.error(`freshness run: ${JSON.stringify(figures)}`);
    } finally {
      await bench.close();
      for (const server of servers) server.close();
    }
  }, 90_000);
});
