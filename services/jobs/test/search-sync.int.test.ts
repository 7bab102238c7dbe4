import { createServer, type Socket } from 'node:net';
import { JOBS_DEGRADED_HEADER, type Job } from '@b2g/contracts';
import { topologyNames } from '@b2g/event-bus';
import { testAmqpUrl } from '@b2g/infra/test-env';
import amqp from 'amqplib';
import { TcpProxy } from '@b2g/event-bus/testing';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_REQUEST } from '../src/domain/job-writes.js';
import { toIntegrationEvent } from '../src/events/outgoing.js';
import {
  adminPost,
  eventually,
  newWorld,
  publicPost,
  publisher,
  removeWorld,
  searchIds,
  startInstance,
  testOpenSearchUrl,
  tokens,
  type RunningInstance,
} from './support.js';

/**
 * How the search index follows MongoDB: repeated and reordered changes, a reindex while searches
 * are served, and OpenSearch unreachable for a while.
 */
const world = newWorld();
const proxy = new TcpProxy(new URL(testOpenSearchUrl()));
let jobs: RunningInstance;
const cookie = () => tokens.adminCookie();

const refresh = () => jobs.search.indices.refresh({ index: world.alias });
const record = async (id: string) => {
  const found = await jobs.repository.byId(id);
  if (!found) throw new Error(`job ${id} is not stored`);
  return found;
};

/** Creates a job titled `title`, then renames it `newTitle`: answers it and its first state. */
const createThenRename = async (title: string, newTitle: string) => {
  const created = await jobs.posting.createAdmin(adminPost({ title }) as never);
  const first = await record(created.id);
  await jobs.curation.update(
    created.id,
    adminPost({ title: newTitle, url: created.url ?? undefined }) as never,
  );
  return { created, first };
};

beforeAll(async () => {
  await proxy.start();
  jobs = await startInstance(world, {}, { opensearchUrl: proxy.url });
});

afterAll(async () => {
  await removeWorld(jobs, world);
  await proxy.stop();
});

describe('versioned writes', () => {
  it('when the admin renames and deletes a job, then a search made right after each answer already shows the change', async () => {
    const word = `sync${Date.now().toString(36)}`;
    const created = await jobs.posting.createAdmin(
      adminPost({ title: `Capture ${word}` }) as never,
    );
    // The index may still be starting in this instance: the job gets there by its event then.
    await eventually(async () => expect(await searchIds(jobs, word)).toEqual([created.id]));
    await jobs.curation.update(
      created.id,
      adminPost({ title: `Proposal Manager`, url: created.url ?? undefined }) as never,
    );
    expect(await searchIds(jobs, word)).toEqual([]);
    await jobs.curation.softDelete(created.id);
    expect(await searchIds(jobs, 'Proposal Manager')).not.toContain(created.id);
  });

  it('when an older state of a job arrives after a newer one, then the index keeps the newer', async () => {
    const { created, first } = await createThenRename('Quillwort Analyst', 'Bracken Analyst');
    const second = await record(created.id);
    expect(second.revision).toBeGreaterThan(first.revision);

    await jobs.searchIndex.apply(first);
    await jobs.searchIndex.apply(first);
    await refresh();
    expect(await searchIds(jobs, 'quillwort')).toEqual([]);
    expect(await searchIds(jobs, 'bracken')).toEqual([created.id]);

    await jobs.curation.softDelete(created.id);
    await jobs.searchIndex.apply(second);
    await refresh();
    expect(await searchIds(jobs, 'bracken')).toEqual([]);

    await jobs.curation.purge(created.id);
    await jobs.searchIndex.apply(second);
    await refresh();
    expect(await searchIds(jobs, 'bracken')).toEqual([]);
  });

  it('when job events come again and out of order through RabbitMQ, then the index ends at the stored state', async () => {
    const other = await publisher(world);
    try {
      const { created, first: old } = await createThenRename(
        'Sorrel Strategist',
        'Yarrow Strategist',
      );
      const consumed = jobs.bus.stats().consumed ?? 0;
      // A replay of the creation, then the update twice, then the creation again.
      for (const kind of ['JobPosted', 'JobEdited', 'JobEdited', 'JobPosted'] as const)
        for (const event of toIntegrationEvent({ kind, job: old, cause: {} }))
          await other.publish(event);
      await eventually(() =>
        expect(jobs.bus.stats().consumed).toBeGreaterThanOrEqual(consumed + 4),
      );
      await refresh();
      expect(await searchIds(jobs, 'sorrel')).toEqual([]);
      expect(await searchIds(jobs, 'yarrow')).toEqual([created.id]);
    } finally {
      await other.close();
    }
  });
});

describe('reindex while serving', () => {
  it('when the index is rebuilt while searches run and jobs change, then every search is answered and no change is missed', async () => {
    const before = [];
    for (let i = 0; i < 40; i++) {
      before.push(
        await jobs.posting.createAdmin(adminPost({ title: `Heron Planner ${i}` }) as never),
      );
    }
    await refresh();
    const aliasBefore = Object.keys(
      (await jobs.search.indices.getAlias({ name: world.alias })).body,
    );

    const failures: number[] = [];
    let searches = 0;
    let rebuilding = true;
    const searching = (async () => {
      while (rebuilding) {
        const res = await request(jobs.app).get('/api/jobs').query({ search: 'heron', limit: 1 });
        searches += 1;
        if (res.status !== 200 || Number(res.headers['x-total-count']) < 30)
          failures.push(res.status);
      }
    })();
    const rebuild = jobs.searchIndex.rebuild(jobs.repository.active());
    const added = await jobs.posting.createAdmin(adminPost({ title: 'Heron Latecomer' }) as never);
    const removed = before[0]!;
    await jobs.curation.softDelete(removed.id);
    await rebuild;
    const late = await jobs.posting.createAdmin(adminPost({ title: 'Heron Afterwards' }) as never);
    rebuilding = false;
    await searching;

    expect(failures).toEqual([]);
    expect(searches).toBeGreaterThan(0);
    const aliasAfter = Object.keys(
      (await jobs.search.indices.getAlias({ name: world.alias })).body,
    );
    expect(aliasAfter).toHaveLength(1);
    expect(aliasAfter).not.toEqual(aliasBefore);
    await refresh();
    const ids = await request(jobs.app).get('/api/jobs').query({ search: 'heron', limit: 100 });
    const found = (ids.body as Job[]).map((job) => job.id);
    expect(found).toContain(added.id);
    expect(found).toContain(late.id);
    expect(found).not.toContain(removed.id);
    expect(Number(ids.headers['x-total-count'])).toBe(41);
    expect((await jobs.search.count({ index: world.alias })).body.count).toBe(
      await jobs.repository.countActive(),
    );
  });
});

describe('two instances rebuilding', () => {
  it('when two rebuilds start at once, then one builds and the other leaves it to it, and writes meanwhile succeed', async () => {
    const results = await Promise.allSettled([
      jobs.searchIndex.rebuild(jobs.repository.active()),
      jobs.searchIndex.rebuild(jobs.repository.active()),
      jobs.posting.createAdmin(adminPost({ title: 'Osprey Meanwhile' }) as never),
    ]);
    const [first, second, created] = results;
    expect(created?.status).toBe('fulfilled');
    const outcomes = [first, second].map((result) =>
      result?.status === 'fulfilled' ? 'built' : (result?.reason as Error).name,
    );
    expect(outcomes.sort()).toEqual(['RebuildRunningError', 'built']);
    expect(
      Object.keys((await jobs.search.indices.getAlias({ name: world.alias })).body),
    ).toHaveLength(1);
    expect((await jobs.search.indices.existsAlias({ name: `${world.alias}-next` })).body).toBe(
      false,
    );
    await refresh();
    expect((await jobs.search.count({ index: world.alias })).body.count).toBe(
      await jobs.repository.countActive(),
    );
  });
});

describe('OpenSearch unreachable', () => {
  it('when it goes away, then listings come from MongoDB, searches are 503 and readiness says so; once back, every change made meanwhile is searchable', async () => {
    const stays = await jobs.posting.createAdmin(
      adminPost({ title: 'Tamarack Buyer', sector: 'STATE_LOCAL', jobFunction: 'sales' }) as never,
    );
    const edited = await jobs.posting.createAdmin(adminPost({ title: 'Juniper Buyer' }) as never);
    const dropped = await jobs.posting.createAdmin(adminPost({ title: 'Hemlock Buyer' }) as never);
    await jobs.posting.createAdmin(
      adminPost({ title: 'Alder Buyer', remoteDays: 2, location: 'Austin, TX' }) as never,
    );
    await jobs.posting.createAdmin(
      adminPost({
        title: 'Birch Buyer',
        isRemote: false,
        remoteDays: undefined,
        experienceLevel: 'entry',
        postedAt: new Date(Date.now() - 60 * 86_400_000).toISOString(),
      }) as never,
    );
    await refresh();
    const FILTERS: Array<Record<string, string>> = [
      { remote: 'remote' },
      { remote: 'hybrid' },
      { remote: 'on-site' },
      { postedWithin: '7' },
      { location: 'austin' },
      { employerType: 'SOFTWARE', experienceLevel: 'entry' },
      { sector: 'FEDERAL', limit: '3', offset: '2' },
    ];
    const page = async (query: Record<string, string>) => {
      const res = await request(jobs.app)
        .get('/api/jobs')
        .query({ limit: 100, ...query });
      return { ids: (res.body as Job[]).map((job) => job.id), total: res.headers['x-total-count'] };
    };
    const fromIndex = [];
    for (const query of FILTERS) fromIndex.push(await page(query));

    await proxy.stop();
    // The same filters and paging from MongoDB, newest first: the same answers.
    for (const [i, query] of FILTERS.entries())
      expect(await page(query), JSON.stringify(query)).toEqual(fromIndex[i]);
    const listing = await request(jobs.app)
      .get('/api/jobs')
      .query({ sector: 'STATE_LOCAL', jobFunction: 'sales', limit: 100 });
    expect(listing.status).toBe(200);
    expect(listing.headers[JOBS_DEGRADED_HEADER.toLowerCase()]).toBe('search-index-unavailable');
    expect((listing.body as Job[]).map((job) => job.id)).toContain(stays.id);
    expect((listing.body as Job[]).every((job) => job.jobFunction === 'sales')).toBe(true);
    expect(listing.headers['x-total-count']).toBe(String(listing.body.length));

    const searched = await request(jobs.app).get('/api/jobs').query({ search: 'tamarack' });
    expect(searched.status).toBe(503);
    expect(searched.body.error).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message:
        'Job search is temporarily unavailable. Browse the newest jobs without a search text, or try again shortly.',
    });
    expect((await request(jobs.app).get('/api/jobs/facets')).status).toBe(503);
    expect((await request(jobs.app).get('/api/jobs/featured')).status).toBe(200);
    // Degraded, not down: a load balancer keeps sending the requests that still work.
    const ready = await request(jobs.app).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('degraded');
    expect(ready.body.checks).toMatchObject({ opensearch: 'down', mongodb: 'up', rabbitmq: 'up' });

    // Changes while it is away: accepted, stored, their events wait.
    const posted = await request(jobs.app)
      .post('/api/jobs')
      .send(publicPost({ title: 'Larch Buyer' }));
    expect(posted.status).toBe(201);
    await request(jobs.app)
      .put(`/api/admin/jobs/${edited.id}`)
      .set('Cookie', cookie())
      .send(adminPost({ title: 'Cypress Buyer', url: edited.url ?? undefined }))
      .expect(200);
    await request(jobs.app)
      .delete(`/api/admin/jobs/${dropped.id}`)
      .set('Cookie', cookie())
      .expect(200);
    await eventually(() => expect(jobs.bus.stats().retried).toBeGreaterThan(0));

    await proxy.start();
    await eventually(async () => {
      await refresh();
      expect(await searchIds(jobs, 'larch')).toEqual([posted.body.id]);
      expect(await searchIds(jobs, 'cypress')).toEqual([edited.id]);
      expect(await searchIds(jobs, 'juniper')).toEqual([]);
      expect(await searchIds(jobs, 'hemlock')).toEqual([]);
      expect(await searchIds(jobs, 'tamarack')).toEqual([stays.id]);
    }, 15_000);
    expect((await request(jobs.app).get('/readyz')).status).toBe(200);
    const normal = await request(jobs.app).get('/api/jobs');
    expect(normal.headers[JOBS_DEGRADED_HEADER.toLowerCase()]).toBeUndefined();
    // Nothing was dead-lettered while it was away.
    const connection = await amqp.connect(testAmqpUrl());
    try {
      const channel = await connection.createChannel();
      const dlq = await channel.checkQueue(topologyNames.deadLetterQueue(world.service));
      expect(dlq.messageCount).toBe(0);
      await channel.close();
    } finally {
      await connection.close();
    }
  });
});

/** The gateway's default upstream timeout: a service that answers later gets a 504 instead. */
const GATEWAY_UPSTREAM_TIMEOUT_MS = 10_000;

describe('OpenSearch that takes connections and never answers (one starting up)', () => {
  it('when a job is posted, edited and deleted, and listings and featured jobs are read, then each is answered from MongoDB while OpenSearch still has not answered, not held until the gateway gives up', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const stalled = await startInstance(
      world,
      {},
      { opensearchUrl: `http://127.0.0.1:${port}`, waitForIndex: false },
    );
    // Each call's bound, not the test's clock, keeps it ahead of the gateway's 504 (a hang fails
    // at the test timeout); bench/stalled-search.ts measures the answers' latency.
    expect(IN_REQUEST.withinMs).toBeLessThan(GATEWAY_UPSTREAM_TIMEOUT_MS);
    try {
      const posted = await request(stalled.app)
        .post('/api/jobs')
        .send(publicPost({ title: 'Sedge Buyer' }));
      expect(posted.status).toBe(201);
      const id = String(posted.body.id);
      expect((await record(id)).title).toBe('Sedge Buyer');
      const edited = await request(stalled.app)
        .put(`/api/admin/jobs/${id}`)
        .set('Cookie', cookie())
        .send(adminPost({ title: 'Rush Buyer' }));
      expect(edited.status).toBe(200);
      expect((await record(id)).title).toBe('Rush Buyer');
      const deleted = await request(stalled.app)
        .delete(`/api/admin/jobs/${id}`)
        .set('Cookie', cookie());
      expect(deleted.status).toBe(200);
      expect((await record(id)).deletedAt).not.toBeNull();
      const listing = await request(stalled.app).get('/api/jobs').query({ limit: 5 });
      expect(listing.status).toBe(200);
      expect(listing.headers[JOBS_DEGRADED_HEADER.toLowerCase()]).toBe('search-index-unavailable');
      const featured = await request(stalled.app).get('/api/jobs/featured');
      expect(featured.status).toBe(200);
      // The service did ask OpenSearch, which took the connections and never answered.
      expect(sockets.size).toBeGreaterThan(0);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
      await stalled.close();
    }
  });
});
