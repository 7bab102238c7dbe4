/**
 * Saved-search alerts end to end, through the real pieces: the jobs service (its instance wiring:
 * admin POST, search index, percolator, outbox) and this service (its consumers, alert ticks,
 * mailer writing .eml files), on the shared FerretDB, RabbitMQ and OpenSearch.
 *
 * 1. BENCH_SEARCHES (default 10,000) instant saved searches (50 per user) are stored in this
 *    service's database and, in bulk, in the jobs percolator (as saved_search.created would).
 * 2. Instant alerts: BENCH_JOBS (default 1,000) generated jobs are POSTed to /api/admin/jobs at
 *    BENCH_RATE jobs a second (default 10; 0 = one after another, as fast as they are answered),
 *    while the alert tick runs every BENCH_TICK_MS (default 10,000, ALERT_TICK_MS's default; a
 *    search is mailed at most once per ALERT_INSTANT_BATCH_MS, 50 s).
 *    For each job listed in an alert e-mail: the time from its POST to the .eml file's mtime.
 * 3. Digest: every search turned daily with 1 to 5 unsent matches of those jobs; the time of one
 *    digest run (BENCH_SENDERS instances sending at once, default 2) until every e-mail is
 *    written, checked to be one per search.
 *
 * Its databases, exchange, queues, indices and mail folder carry a unique prefix and are removed
 * at the end. Run: pnpm --filter @b2g/user-activity bench:alerts
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  adminJobRequestSchema,
  savedSearchQuerySchema,
  type IntegrationEvent,
} from '@b2g/contracts';
import { DEFAULT_RETRY_DELAYS_MS, EventBus, HandlerRegistry, Outbox } from '@b2g/event-bus';
import { deleteTopologyAt } from '@b2g/event-bus/testing';
import { ensureInfrastructure } from '@b2g/infra';
import { connectMongo, createLogger, createMailer } from '@b2g/service-kit';
import { createTestTokens } from '@b2g/service-kit/testing';
import { Client, type API } from '@opensearch-project/opensearch';
import mongoose from 'mongoose';
import request from 'supertest';
import { createGenerator, savedSearchOf, type GeneratedJob } from '../../jobs/bench/generate.js';
import { createJobsInstance } from '../../jobs/src/instance.js';
import { JobsApi } from '../src/data/jobs-api.js';
import { ensureIndexes, modelsOf, type AlertPendingRecord } from '../src/data/models.js';
import type { SavedSearchState } from '../src/domain/saved-searches.js';
import { canonicalParams, summaryOf } from '../src/domain/search-summary.js';
import { subscriptions } from '../src/events/handlers.js';
import { createUserActivity, startAlertTicks } from '../src/instance.js';

const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 10_000);
const JOBS = Number(process.env.BENCH_JOBS ?? 1_000);
const RATE = Number(process.env.BENCH_RATE ?? 10);
const TICK_MS = Number(process.env.BENCH_TICK_MS ?? 10_000);
const SENDERS = Number(process.env.BENCH_SENDERS ?? 2);
/** Longest wait for the last alert after the last POST. */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 300_000);
const SEARCHES_PER_USER = 50;
const BULK = 1_000;
const DAY_MS = 86_400_000;

const logger = createLogger({ name: 'alerts-bench', level: process.env.BENCH_LOG_LEVEL ?? 'warn' });
const infra = await ensureInfrastructure({
  useDocker: false,
  log: (line) => console.log(`[infra] ${line}`),
});
const prefix = `alerts_bench_${randomBytes(4).toString('hex')}`;
const mongoUrl = (name: string) => {
  const url = new URL(infra.mongoUrl);
  url.pathname = `/${prefix}_${name}`;
  return url.toString();
};
const exchange = `${prefix}_ex`;
const services = { jobs: `${prefix}_jobs`, userActivity: `${prefix}_ua`, listener: `${prefix}_l` };
const alias = `${prefix}_jobs`;

const round = (ms: number) => Math.round(ms);
function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? NaN;
  return { p50: round(at(0.5)), p90: round(at(0.9)), p99: round(at(0.99)), max: round(at(1)) };
}

/** What an alert e-mail says: its search (from the manage link) and the jobs it lists. */
function readAlert(eml: string): { savedSearchId: string; jobIds: string[] } | undefined {
  // Quoted-printable: soft line breaks and the encoded '='; ids and links are ASCII otherwise.
  const text = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const savedSearchId = /\/alerts\/manage#token=m\.([\w-]+)\./.exec(text)?.[1];
  if (!savedSearchId) return undefined;
  const jobIds = [...text.matchAll(/\/jobs\/([0-9a-f-]{36})\b/g)].map((found) => found[1] ?? '');
  return { savedSearchId, jobIds: [...new Set(jobIds)] };
}

// BENCH_PROFILE=1: every 10 s, the database requests issued per collection, method and filter
// shape (FerretDB answers only `_id` equality from an index: any other shape is a scan).
if (process.env.BENCH_PROFILE === '1') {
  const issued = new Map<string, number>();
  mongoose.set('debug', (collection: string, method: string, ...args: unknown[]) => {
    const filter = args[0];
    const shape =
      filter && typeof filter === 'object' && !Array.isArray(filter)
        ? Object.keys(filter).sort().join(',')
        : '';
    const key = `${collection}.${method}(${shape})`;
    issued.set(key, (issued.get(key) ?? 0) + 1);
  });
  setInterval(() => {
    const top = [...issued].sort((a, b) => b[1] - a[1]).slice(0, 15);
    console.log(JSON.stringify({ profile: Object.fromEntries(top) }));
    issued.clear();
  }, 10_000).unref();
}

const search = new Client({ node: infra.opensearchUrl, requestTimeout: 60_000 });
const tokens = createTestTokens();
const jobsConnection = await connectMongo(mongoUrl('jobs'), { logger });
const uaConnection = await connectMongo(mongoUrl('ua'), { logger });
const bus = (service: string) => new EventBus({ url: infra.amqpUrl, service, exchange, logger });
const jobsBus = bus(services.jobs);
const uaBus = bus(services.userActivity);
const listenerBus = bus(services.listener);
const mailDir = await mkdtemp(join(tmpdir(), 'alerts-bench-mail-'));

const jobs = createJobsInstance({
  connection: jobsConnection,
  bus: jobsBus,
  search,
  logger,
  verifier: tokens.verifier,
  settings: {
    extractAllowedHosts: [],
    postRateLimit: { limit: 1_000_000, windowMs: 60_000 },
    extractRateLimit: { limit: 1_000_000, windowMs: 60_000 },
    searchIndex: { alias, replicas: 0 },
  },
});
const jobsServer = createServer(jobs.app);
await new Promise<void>((resolve) => jobsServer.listen(0, '127.0.0.1', resolve));
const jobsApi = new JobsApi({
  baseUrl: `http://127.0.0.1:${(jobsServer.address() as AddressInfo).port}`,
  timeoutMs: 2_000,
});
await ensureIndexes(uaConnection);
const uaOutbox = new Outbox({ connection: uaConnection, bus: uaBus, logger });
/** One instance of this service's domain (the digest runs several, as instances would). */
const linkSecret = randomBytes(32).toString('base64url');
const instance = () =>
  createUserActivity({
    connection: uaConnection,
    outbox: uaOutbox,
    jobsApi,
    logger,
    alerts: {
      publicBaseUrl: 'http://bench.local',
      linkSecret,
      confirmMailsPerAddress: 3,
      mailer: createMailer({ from: 'B2G Jobs <alerts@b2g.local>', mailDir, logger }),
    },
  });
const userActivity = instance();
const models = modelsOf(uaConnection);

// What the bench watches on the exchange: matches stated by jobs, alerts stated as sent.
const matchedAt = new Map<string, number>();
let matchedPairs = 0;
const sentPairs = new Map<string, number>();
let currentPhase: 'instant' | 'digest' = 'instant';
const countSent = (event: IntegrationEvent<'alert.sent'>) =>
  sentPairs.set(currentPhase, (sentPairs.get(currentPhase) ?? 0) + event.data.jobIds.length);
await listenerBus.subscribe(
  'instance',
  new HandlerRegistry()
    .on('saved_search.matched', async (event) => {
      matchedAt.set(event.data.job.id, Date.now());
      matchedPairs += event.data.savedSearchIds.length;
    })
    .on('alert.sent', async (event) => {
      countSent(event);
    }),
);

/** New .eml files since the last look: their search, listed jobs and when they were written. */
const seenFiles = new Set<string>();
async function newAlerts() {
  const found: Array<{ savedSearchId: string; jobIds: string[]; writtenAt: number }> = [];
  for (const file of await readdir(mailDir)) {
    if (seenFiles.has(file)) continue;
    seenFiles.add(file);
    const path = join(mailDir, file);
    const [content, info] = await Promise.all([readFile(path, 'utf8'), stat(path)]);
    const alert = readAlert(content);
    if (alert) found.push({ ...alert, writtenAt: info.mtimeMs });
  }
  return found;
}

let stopTicks: () => void = () => undefined;
try {
  await jobs.start();
  await jobs.indexChecked;
  await uaBus.subscribe(
    'service',
    subscriptions({ ...userActivity, verifier: tokens.verifier }).service,
  );
  await Promise.all([uaBus.start(), listenerBus.start()]);
  uaOutbox.start();

  // ------------------------------------------------------------------ saved searches
  const generate = createGenerator(7);
  const seeded = Date.now();
  const created = new Date(seeded - 2 * DAY_MS);
  for (let from = 0; from < SEARCHES; from += BULK) {
    const searches: SavedSearchState[] = [];
    const body: API.Bulk_RequestBody = [];
    for (let i = from; i < Math.min(SEARCHES, from + BULK); i++) {
      const query = canonicalParams(savedSearchOf(generate(), i));
      const user = Math.floor(i / SEARCHES_PER_USER);
      const id = randomUUID();
      searches.push({
        _id: id,
        userId: `bench-user-${user}`,
        email: `bench-user-${user}@example.com`,
        name: summaryOf(query),
        query,
        frequency: 'instant',
        active: true,
        confirmedAt: created,
        revision: 1,
        createdAt: created,
        updatedAt: created,
      });
      // As jobs' SavedSearchMatching.apply stores a saved_search.created, in one bulk request.
      body.push(
        {
          index: {
            _index: `${alias}-saved-searches`,
            _id: id,
            version: 1,
            version_type: 'external',
          },
        },
        {
          savedSearchId: id,
          query: jobs.searchIndex.percolatorQuery({
            ...savedSearchQuerySchema.parse(query),
            limit: 1,
            offset: 0,
          }),
        },
      );
    }
    await models.SavedSearch.insertMany(searches, { lean: true });
    const response = await search.bulk({ body });
    if (response.body.errors) throw new Error('bulk refused a saved search');
  }
  await search.indices.refresh({ index: `${alias}-saved-searches` });
  console.log(JSON.stringify({ searches: SEARCHES, storedMs: Date.now() - seeded }));

  // ------------------------------------------------------------------ instant alerts
  stopTicks = startAlertTicks(userActivity, TICK_MS, logger);
  const postedAt = new Map<string, number>();
  const posted: GeneratedJob[] = [];
  const postingStarted = Date.now();
  for (let i = 0; i < JOBS; i++) {
    if (RATE > 0) {
      const due = postingStarted + (i * 1_000) / RATE;
      if (due > Date.now()) await sleep(due - Date.now());
    }
    const job = generate();
    const body = adminJobRequestSchema.parse({
      title: job.title,
      company: job.company,
      location: job.location,
      url: job.url,
      description: job.description,
      sector: job.sector,
      employerType: job.employerType,
      experienceLevel: job.experienceLevel,
      jobFunction: job.jobFunction,
      isAgencyRole: job.isAgencyRole,
      isRemote: job.isRemote,
      remoteDays: job.remoteDays ?? undefined,
      source: job.source,
    });
    const sentAt = Date.now();
    const response = await request(jobs.app)
      .post('/api/admin/jobs')
      .set('Cookie', tokens.adminCookie())
      .send(body);
    if (response.status !== 201) throw new Error(`POST /api/admin/jobs: ${response.status}`);
    const id = String((response.body as { id: string }).id);
    postedAt.set(id, sentAt);
    posted.push({ ...job, _id: id });
  }
  const postingMs = Date.now() - postingStarted;

  const latencies: number[] = [];
  const toMatched: number[] = [];
  const matchedToMail: number[] = [];
  let listed = 0;
  let mails = 0;
  const collect = async () => {
    for (const alert of await newAlerts()) {
      mails += 1;
      for (const jobId of alert.jobIds) {
        const start = postedAt.get(jobId);
        if (start === undefined) continue;
        listed += 1;
        latencies.push(alert.writtenAt - start);
        const matched = matchedAt.get(jobId);
        if (matched !== undefined) {
          toMatched.push(matched - start);
          matchedToMail.push(alert.writtenAt - matched);
        }
      }
    }
  };
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    await collect();
    const percolations = jobsConnection.collection('percolations');
    const percolated = await percolations.countDocuments();
    const relaying = await percolations.countDocuments({ '_outbox.0': { $exists: true } });
    if (percolated >= JOBS && relaying === 0 && (sentPairs.get('instant') ?? 0) >= matchedPairs)
      break;
    if (Date.now() > deadline)
      throw new Error(
        `instant alerts: after ${SETTLE_MS} ms, ${percolated}/${JOBS} jobs percolated, ` +
          `${sentPairs.get('instant') ?? 0}/${matchedPairs} matches sent`,
      );
    await sleep(500);
  }
  await collect();
  stopTicks();
  console.log(
    JSON.stringify({
      phase: 'instant',
      searches: SEARCHES,
      jobs: JOBS,
      postedPerSecond: Math.round((JOBS / postingMs) * 10_000) / 10,
      tickMs: TICK_MS,
      matches: matchedPairs,
      mails,
      listedMatches: listed,
      postToMailMs: percentiles(latencies),
      postToMatchedMs: percentiles(toMatched),
      matchedToMailMs: percentiles(matchedToMail),
    }),
  );

  // ------------------------------------------------------------------ daily digest
  currentPhase = 'digest';
  await models.SavedSearch.collection.updateMany({}, { $set: { frequency: 'daily' } });
  const ids = (
    await models.SavedSearch.collection.find({}, { projection: { _id: 1 } }).toArray()
  ).map((doc) => String(doc._id));
  const existing = new Set(
    (await models.AlertDecision.collection.find({}, { projection: { _id: 1 } }).toArray()).map(
      (doc) => String(doc._id),
    ),
  );
  const matchedOn = new Date();
  let pending: AlertPendingRecord[] = [];
  let digestMatches = 0;
  for (const [i, savedSearchId] of ids.entries()) {
    for (let k = 0; k <= i % 5; k++) {
      const job = posted[(i * 7 + k * 131) % posted.length] as GeneratedJob;
      const _id = `${savedSearchId}:${job._id}`;
      if (existing.has(_id)) continue;
      pending.push({
        _id,
        savedSearchId,
        jobId: job._id,
        job: {
          title: job.title,
          company: job.company,
          location: job.location,
          salary: null,
          closingDate: null,
        },
        matchedAt: matchedOn,
      });
      if (pending.length === BULK) {
        await models.AlertPending.insertMany(pending, { lean: true });
        digestMatches += pending.length;
        pending = [];
      }
    }
  }
  if (pending.length > 0) await models.AlertPending.insertMany(pending, { lean: true });
  digestMatches += pending.length;
  console.log(`[bench] digest of ${ids.length} searches, ${digestMatches} matches: sending`);
  const before = seenFiles.size;
  const digestStarted = Date.now();
  const now = new Date();
  const sent = await Promise.all(
    Array.from({ length: SENDERS }, () => instance().alerts.sendDue(now)),
  );
  const digestMs = Date.now() - digestStarted;
  const digests = await newAlerts();
  const distinct = new Set(digests.map((alert) => alert.savedSearchId));
  const relayDeadline = Date.now() + SETTLE_MS;
  while ((sentPairs.get('digest') ?? 0) < digestMatches && Date.now() < relayDeadline)
    await sleep(500);
  console.log(
    JSON.stringify({
      phase: 'digest',
      searches: ids.length,
      matches: digestMatches,
      senders: SENDERS,
      sentBySender: sent,
      mails: seenFiles.size - before,
      searchesMailed: distinct.size,
      digestMs,
      eventsRelayedMs: Date.now() - digestStarted,
    }),
  );
  if (distinct.size !== digests.length || digests.length !== ids.length)
    throw new Error(
      `digest: ${digests.length} e-mails for ${distinct.size} of ${ids.length} searches`,
    );
} finally {
  // Each step on its own: one that fails (a server restarted meanwhile) does not keep the others.
  const attempt = (what: string, step: () => Promise<unknown>) =>
    step().catch((error: unknown) =>
      console.error(`[bench] cleanup: ${what} failed: ${String(error)}`),
    );
  stopTicks();
  await attempt('outbox', () => uaOutbox.stop());
  await attempt('jobs instance', () => jobs.stop());
  await attempt('buses', () => Promise.all([uaBus.close(), listenerBus.close()]));
  await attempt('jobs server', () => new Promise((resolve) => jobsServer.close(resolve)));
  await attempt('jobs client', () => jobsApi.close());
  await attempt('queues and exchanges', () =>
    deleteTopologyAt(infra.amqpUrl, exchange, Object.values(services), DEFAULT_RETRY_DELAYS_MS),
  );
  await attempt('indices', async () => {
    await search.indices.delete({ index: `${alias}*`, ignore_unavailable: true });
    await search.close();
  });
  for (const connection of [jobsConnection, uaConnection])
    await attempt(`database ${connection.name}`, async () => {
      await connection.dropDatabase();
      await connection.close();
    });
  await rm(mailDir, { recursive: true, force: true });
}
