import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SITE_NAME, type IntegrationEvent } from '@b2g/contracts';
import { DEFAULT_RETRY_DELAYS_MS, EventBus, HandlerRegistry, Outbox } from '@b2g/event-bus';
import { deleteTopologyAt } from '@b2g/event-bus/testing';
import { ensureInfrastructure } from '@b2g/infra';
import { connectMongo, createLogger, createMailer } from '@b2g/service-kit';
import { createTestTokens } from '@b2g/service-kit/testing';
import { Client } from '@opensearch-project/opensearch';
import mongoose from 'mongoose';
import { createJobsInstance } from '../../jobs/src/instance.js';
import { JobsApi } from '../src/data/jobs-api.js';
import { ensureIndexes, modelsOf } from '../src/data/models.js';
import { createUserActivity } from '../src/instance.js';

/** An alert e-mail the bench found: its search, the jobs it lists and when it was written. */
export interface WrittenAlert {
  savedSearchId: string;
  jobIds: string[];
  writtenAt: number;
}

/** What the bench sees on the exchange: matches stated by jobs, alerts stated as sent. */
export interface Watch {
  matchedAt: Map<string, number>;
  matchedPairs: number;
  /** Job-search pairs stated as sent, by the phase they were sent in. */
  sentPairs: Map<string, number>;
  phase: 'instant' | 'digest';
}

export type Rig = Awaited<ReturnType<typeof createRig>>;

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
function profileDatabaseRequests() {
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

/**
 * The pieces the bench runs, wired as the services wire them, under a unique prefix: the jobs
 * instance behind a local HTTP server, this service's domain, outbox and buses, a listener on
 * the exchange and a mail folder. `close` removes all of it.
 */
export async function createRig() {
  const logger = createLogger({
    name: 'alerts-bench',
    level: process.env.BENCH_LOG_LEVEL ?? 'warn',
  });
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
  const services = {
    jobs: `${prefix}_jobs`,
    userActivity: `${prefix}_ua`,
    listener: `${prefix}_l`,
  };
  const alias = `${prefix}_jobs`;
  if (process.env.BENCH_PROFILE === '1') profileDatabaseRequests();

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
        mailer: createMailer({ from: `${SITE_NAME} <alerts@b2g.local>`, mailDir, logger }),
      },
    });
  const userActivity = instance();
  const models = modelsOf(uaConnection);

  const watch: Watch = {
    matchedAt: new Map(),
    matchedPairs: 0,
    sentPairs: new Map(),
    phase: 'instant',
  };
  const countSent = (event: IntegrationEvent<'alert.sent'>) =>
    watch.sentPairs.set(
      watch.phase,
      (watch.sentPairs.get(watch.phase) ?? 0) + event.data.jobIds.length,
    );
  await listenerBus.subscribe(
    'instance',
    new HandlerRegistry()
      .on('saved_search.matched', async (event) => {
        watch.matchedAt.set(event.data.job.id, Date.now());
        watch.matchedPairs += event.data.savedSearchIds.length;
      })
      .on('alert.sent', async (event) => {
        countSent(event);
      }),
  );

  /** New .eml files since the last look: their search, listed jobs and when they were written. */
  const seenFiles = new Set<string>();
  async function newAlerts() {
    const found: WrittenAlert[] = [];
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

  async function close() {
    // Each step on its own: one that fails (a server restarted meanwhile) does not keep the others.
    const attempt = (what: string, step: () => Promise<unknown>) =>
      step().catch((error: unknown) =>
        console.error(`[bench] cleanup: ${what} failed: ${String(error)}`),
      );
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

  return {
    logger,
    alias,
    search,
    tokens,
    jobs,
    jobsConnection,
    uaBus,
    listenerBus,
    uaOutbox,
    instance,
    userActivity,
    models,
    watch,
    seenFiles,
    newAlerts,
    close,
  };
}
