// `pnpm chaos`: the whole system on private servers, two instances of jobs and of user-activity,
// a mixed load through the gateway, one fault after another, then the invariants.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import amqp from 'amqplib';
import { MongoClient, type Db } from 'mongodb';
import { DATA_DIR, rabbitmqctlNode } from '../../infra/src/index.js';
import { startPrivateInfrastructure, type PrivateServer } from '../../infra/src/private.js';
import { startSystem, type RunningSystem } from '../system.js';
import { SystemLog } from './system-log.js';
import {
  LoadClient,
  administrator,
  emptyLedger,
  employer,
  seeker,
  type Ledger,
  type LoadContext,
} from './load.js';

const run = promisify(execFile);

export interface ChaosOptions {
  gatewayPort: number;
  servicesBasePort: number;
  /** Job seekers calling at once (plus one employer and the administrator). */
  seekers: number;
  /** Load without faults before the first fault and after each recovery. */
  calmMs: number;
  /** How long a stopped server stays down. */
  downMs: number;
  /** A pause between one caller's calls. */
  thinkMs: number;
  /**
   * 'first': the gateway is given the first instance of each service only (a gateway that takes
   * no list of instance URLs); 'all' (default): every instance, comma-separated.
   */
  gatewayInstances?: 'all' | 'first';
  /**
   * 'all' (default): every fault in turn, each instance killed once; 'short': one fault of each
   * kind (the broker, a service alone, one of two instances of each doubled service, the database,
   * the search engine), for the two-minute run of `npm test`.
   */
  faults?: 'all' | 'short';
  log: (line: string) => void;
}

/** The faults of a short run, in the order they come. */
export const SHORT_RUN_FAULTS: ReadonlySet<string> = new Set([
  'RabbitMQ',
  'kill -9 auth',
  'kill -9 jobs#2',
  'kill -9 user-activity',
  'FerretDB',
  'OpenSearch',
]);

export interface FaultResult {
  name: string;
  /** From the end of the fault (the server is started again, the process killed) to recovery. */
  recoveryMs: number | undefined;
  /** 503s answered during the fault and its recovery, by route. */
  expected503: Record<string, number>;
  unexpected503: Record<string, number>;
  /** Each unexpected 503's message and the log lines of its request. */
  unexpectedDetails: string[];
}

export interface ChaosReport {
  operations: number;
  byStatus: Record<string, number>;
  faults: FaultResult[];
  lostWrites: string[];
  duplicatedEffects: string[];
  /** 5xx other than 503, and calls that got no answer at all, by route. */
  other5xx: Record<string, number>;
  /** Processes that exited on their own (not killed by the run), with their last lines. */
  crashes: string[];
  /** Processes that ended themselves to start afresh (see RESTART_EXIT_CODE). */
  restarts: string[];
  /** Dead letters, left-over outbox entries and queues not drained. */
  leftovers: string[];
  notes: string[];
  durationMs: number;
}

/** The parts a fault takes away, and the routes that need them (they may answer 503 meanwhile). */
const SERVICE_ROUTES: Record<string, RegExp> = {
  auth: /^\w+ \/api\/(auth\/|admin\/(status|login|logout))/,
  jobs: /^\w+ \/api\/(jobs|admin\/jobs)/,
  'user-activity': /^\w+ \/api\/(user|alerts)\//,
  dns: /^\w+ \/api\/dns\//,
  analytics: /^\w+ \/api\/(analytics\/|admin\/stats)/,
};
/** user-activity asks jobs about a job it does not know and auth for the caller's address. */
const CALLS_INTO: Record<string, RegExp> = {
  auth: /^POST \/api\/user\/saved-searches$/,
  jobs: /^POST \/api\/user\/(bookmarks|applications)$/,
};

function routesNeeding(fault: string): RegExp[] {
  if (fault === 'RabbitMQ') return [];
  if (fault === 'OpenSearch') return [/^GET \/api\/jobs\?search$/, /^GET \/api\/jobs\/featured$/];
  if (fault === 'FerretDB')
    return Object.entries(SERVICE_ROUTES)
      .filter(([service]) => service !== 'dns')
      .map(([, routes]) => routes);
  const service = fault.replace(/^kill -9 /, '').replace(/#\d+$/, '');
  return [SERVICE_ROUTES[service], CALLS_INTO[service]].filter((r): r is RegExp => !!r);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const count = (into: Record<string, number>, key: string) => (into[key] = (into[key] ?? 0) + 1);

export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const { log } = options;
  const started = Date.now();
  const runId = randomBytes(3).toString('hex');
  const dbPrefix = `chaos_${runId}_`;
  const runDir = join(DATA_DIR, 'chaos', runId);
  const mailDir = join(runDir, 'mail');
  mkdirSync(mailDir, { recursive: true });
  /** Every line the system logs (kept with the mail when a target is missed). */
  const systemLog = new SystemLog(join(runDir, 'system.log'));
  log(`Starting private FerretDB, RabbitMQ and OpenSearch (run ${runId})`);
  const infra = await startPrivateInfrastructure({ log: (line) => log(`  ${line}`) });
  let system: RunningSystem | undefined;
  let keep = true;
  try {
    system = await startSystem({
      gatewayPort: options.gatewayPort,
      servicesBasePort: options.servicesBasePort,
      dbPrefix,
      mailDir,
      adminPassword: `chaos-admin-${runId}`,
      infra,
      instances: { jobs: 2, 'user-activity': 2 },
      gatewayInstances: options.gatewayInstances,
      env: {
        // Each caller has an address of its own (X-Forwarded-For from the loopback proxy).
        TRUST_PROXY: 'loopback',
        FRESHNESS_CHECK_INTERVAL_MS: '0',
        ALERT_TICK_MS: '1000',
      },
      log: systemLog.write,
    });
    log(
      `System up on ${system.url}: ${system
        .processes()
        .map((p) => p.name)
        .join(', ')}`,
    );
    const report = await exercise(
      system,
      infra,
      options,
      { dbPrefix, mailDir, systemLog },
      started,
    );
    keep = !passed(report);
    return report;
  } finally {
    await system?.stop();
    await infra.stop();
    if (keep) log(`The system's log and mail are kept in ${runDir}`);
    else rmSync(runDir, { recursive: true, force: true });
  }
}

async function exercise(
  system: RunningSystem,
  infra: Awaited<ReturnType<typeof startPrivateInfrastructure>>,
  options: ChaosOptions,
  { dbPrefix, mailDir, systemLog }: { dbPrefix: string; mailDir: string; systemLog: SystemLog },
  started: number,
): Promise<ChaosReport> {
  const { log } = options;
  const base = `http://127.0.0.1:${options.gatewayPort}`;
  const client = new LoadClient(base);
  const ledger = emptyLedger();
  let loadRunning = true;
  await searchIsBuilt(base, 120_000);
  const seeded = (await (await fetch(`${base}/api/jobs?limit=50`)).json()) as Array<{ id: string }>;
  const ctx: LoadContext = {
    client,
    ledger,
    runWord: `chaos${randomBytes(3).toString('hex')}`,
    jobIds: seeded.map((job) => job.id),
    adminPassword: system.adminPassword,
    running: () => loadRunning,
    thinkMs: options.thinkMs,
  };
  const callers = [
    ...Array.from({ length: options.seekers }, () => seeker(ctx)),
    employer(ctx),
    administrator(ctx),
  ];
  const mongo = new MongoClient(infra.mongoUrl);
  const dbs = {
    auth: mongo.db(`${dbPrefix}auth`),
    jobs: mongo.db(`${dbPrefix}jobs`),
    activity: mongo.db(`${dbPrefix}user_activity`),
  };
  const node = infra.brokerNode as string;
  const canary = new Canary(base, ctx, () => backlog(dbs, node));
  try {
    const allFaults: Array<{ name: string; inject: () => Promise<void> }> = [
      { name: 'RabbitMQ', inject: () => restart(infra.rabbit, options.downMs) },
      ...system
        .processes()
        .filter(({ name }) => name !== 'gateway')
        .map(({ name }) => ({
          name: `kill -9 ${name}`,
          inject: async () => {
            const pid = system.processes().find((p) => p.name === name)?.pid;
            if (pid) process.kill(pid, 'SIGKILL');
          },
        })),
      { name: 'FerretDB', inject: () => restart(infra.mongo, options.downMs) },
      { name: 'OpenSearch', inject: () => restart(infra.opensearch, options.downMs) },
    ];
    const faults =
      options.faults === 'short'
        ? allFaults.filter((fault) => SHORT_RUN_FAULTS.has(fault.name))
        : allFaults;
    const results: FaultResult[] = [];
    await sleep(options.calmMs);
    for (const fault of faults) {
      log(`Fault: ${fault.name}`);
      const from = client.outcomes.length;
      client.fault = fault.name;
      await fault.inject();
      const ended = Date.now();
      const { readyAt, flowAt } = await canary.recovered(options, 60_000);
      client.fault = undefined;
      const recoveryMs = flowAt === undefined ? undefined : flowAt - ended;
      const expected503: Record<string, number> = {};
      const unexpected503: Record<string, number> = {};
      const unexpectedDetails: string[] = [];
      const allowed = routesNeeding(fault.name);
      for (const outcome of client.outcomes.slice(from)) {
        if (outcome.status !== 503 || outcome.fault !== fault.name) continue;
        const expected = allowed.some((r) => r.test(outcome.route));
        count(expected ? expected503 : unexpected503, outcome.route);
        if (expected) continue;
        const requestId = outcome.detail?.split(':')[0] ?? '';
        unexpectedDetails.push(
          [`${outcome.route}, ${outcome.detail}`, ...systemLog.linesAbout(requestId)].join(
            '\n    ',
          ),
        );
      }
      results.push({ name: fault.name, recoveryMs, expected503, unexpected503, unexpectedDetails });
      const seconds = (at: number | undefined) =>
        at === undefined ? 'not within 60 s' : `${((at - ended) / 1000).toFixed(1)} s`;
      log(
        `  every process ready after ${seconds(readyAt)}, events flowing after ${seconds(flowAt)}`,
      );
      await sleep(options.calmMs);
    }
    loadRunning = false;
    await Promise.all(callers);
    log('Load stopped; waiting for the outbox and the queues to drain');
    const leftovers = await drained(dbs, node, 90_000);
    leftovers.push(...(await deadLetterReasons(infra.amqpUrl, node)));
    // Alerts go out on the next tick after their matches are recorded.
    await sleep(3_000);
    const checks = await checkInvariants(dbs, ledger, infra.opensearchUrl, dbPrefix, mailDir);
    const byStatus: Record<string, number> = {};
    const other5xx: Record<string, number> = {};
    for (const outcome of client.outcomes) {
      count(byStatus, String(outcome.status));
      if (outcome.status === 0 || (outcome.status >= 500 && outcome.status !== 503))
        count(
          other5xx,
          `${outcome.status || 'no answer'} ${outcome.route} (${outcome.fault ? `during ${outcome.fault}` : 'no fault'})`,
        );
    }
    return {
      operations: client.outcomes.length,
      byStatus,
      faults: results,
      lostWrites: checks.lost,
      duplicatedEffects: checks.duplicated,
      other5xx,
      crashes: systemLog.crashes,
      restarts: systemLog.restarts,
      leftovers,
      notes: checks.notes,
      durationMs: Date.now() - started,
    };
  } finally {
    await mongo.close();
  }
}

/**
 * A fresh system builds its search index from the demo jobs after it is ready (searches answer
 * 503 until then): the load starts once a search answers, so no fault is charged with that build.
 */
async function searchIsBuilt(base: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${base}/api/jobs?search=manager`).catch(() => undefined);
    await response?.body?.cancel();
    if (response?.status === 200) return;
    await sleep(500);
  }
  throw new Error(`the search index was not built within ${timeoutMs / 1000} s of the start`);
}

/** Stops a server, leaves it down for `downMs`, starts it again (the fault ends when it answers). */
async function restart(server: PrivateServer, downMs: number) {
  await server.stop();
  await sleep(downMs);
  await server.start();
}

/**
 * What "recovered" means: every process of the system answers its readiness probe as ready, and
 * a bookmark made now by a user of its own reaches that user's activity feed (the whole path:
 * gateway, user-activity, its outbox, RabbitMQ, its consumer) and is removed again.
 */
/**
 * Measures recovery: once every process is ready, a probe registers a new user, bookmarks a job and
 * waits for the bookmark in that user's activity feed. A fresh user (and address) per probe, so a
 * feed item of an earlier probe can never pass for this one's.
 */
class Canary {
  private probes = 0;

  constructor(
    private readonly base: string,
    private readonly ctx: LoadContext,
    /** What waits in outboxes and queues: said every 10 s while an event takes its time. */
    private readonly backlog: () => Promise<string[]>,
  ) {}

  /** When every process was ready again, and when an event went through (undefined: not in time). */
  async recovered(options: ChaosOptions, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    const ports = [
      options.gatewayPort,
      ...[1, 2, 3, 4, 12, 13].map((offset) => options.servicesBasePort + offset),
    ];
    let readyAt: number | undefined;
    let lastReport = Date.now();
    while (Date.now() < deadline) {
      const ready = await Promise.all(ports.map((port) => isReady(port)));
      if (ready.every(Boolean)) {
        readyAt ??= Date.now();
        if (await this.eventFlows(deadline, options.log)) return { readyAt, flowAt: Date.now() };
      } else if (Date.now() - lastReport > 10_000) {
        lastReport = Date.now();
        options.log(`  not ready yet: ports ${ports.filter((_, i) => !ready[i]).join(', ')}`);
      }
      await sleep(250);
    }
    return { readyAt, flowAt: undefined };
  }

  private async eventFlows(deadline: number, log: (line: string) => void): Promise<boolean> {
    const { client, ledger } = this.ctx;
    this.probes += 1;
    const ip = `198.19.${Math.floor(this.probes / 250)}.${(this.probes % 250) + 1}`;
    const username = `chaos_canary_${randomBytes(3).toString('hex')}`;
    const password = 'Canary1$Bird';
    const answer = await client.call('POST', '/api/auth/register', {
      ip,
      body: {
        username,
        email: `${username}@chaos.example.com`,
        password,
        confirmPassword: password,
        firstName: 'Canary',
        lastName: 'Bird',
      },
    });
    if (answer.status !== 201) return false;
    const { token, user } = answer.body as { token: string; user: { id: string } };
    ledger.users.set(username, { id: user.id, username, token, ip });
    const jobId = this.ctx.jobIds[0] as string;
    const auth = { token, ip };
    const key = `${user.id}|${jobId}`;
    const added = await client.call('POST', '/api/user/bookmarks', { ...auth, body: { jobId } });
    if (added.status >= 300) {
      if (added.status === 0 || added.status >= 500) ledger.bookmarks.set(key, 'unknown');
      return false;
    }
    ledger.bookmarks.set(key, 'present');
    const bookmarkId = (added.body as { id: string }).id;
    let seen = false;
    let saidAt = Date.now();
    while (!seen && Date.now() < deadline) {
      if (Date.now() - saidAt >= 10_000) {
        saidAt = Date.now();
        const left = await this.backlog().catch((error: unknown) => [String(error)]);
        log(`  waiting for the canary's bookmark: ${left.join('; ') || 'nothing queued'}`);
      }
      const feed = await client.call('GET', '/api/user/activity', auth);
      seen =
        feed.status === 200 &&
        (feed.body as Array<{ id: string; title: string }>).length > 0 &&
        JSON.stringify(feed.body).includes('bookmark');
      // Once a second, as a person reloading would: recoveries are measured in seconds, and the
      // probe's reads stay a small part of the database's work.
      if (!seen) await sleep(1_000);
    }
    const removed = await client.call('DELETE', `/api/user/bookmarks/${jobId}`, auth);
    ledger.bookmarks.set(key, removed.status === 204 ? 'absent' : 'unknown');
    return seen && removed.status === 204 && bookmarkId.length > 0;
  }
}

async function isReady(port: number) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/readyz`, {
      signal: AbortSignal.timeout(2_000),
    });
    const body = (await response.json()) as { checks?: Record<string, string> };
    return response.ok && body.checks?.revocations !== 'down';
  } catch {
    return false;
  }
}

interface Dbs {
  auth: Db;
  jobs: Db;
  activity: Db;
}

/** Documents with events not yet confirmed by the broker, in every collection of `db`. */
async function pendingOutbox(db: Db): Promise<number> {
  let pending = 0;
  for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) {
    pending += await db
      .collection(name)
      .countDocuments({ $or: [{ '_outbox.0': { $exists: true } }, { _outboxDeleted: true }] });
  }
  return pending;
}

async function queues(node: string): Promise<Array<{ name: string; messages: number }>> {
  const { stdout } = await run('rabbitmqctl', [
    ...rabbitmqctlNode(node),
    'list_queues',
    'name',
    'messages',
    '--formatter',
    'json',
    '--quiet',
  ]);
  return JSON.parse(stdout) as Array<{ name: string; messages: number }>;
}

/** The outbox entries and queued messages left now (a queue's retries wait by design). */
async function backlog(dbs: Dbs, node: string): Promise<string[]> {
  const left: string[] = [];
  for (const [name, db] of Object.entries(dbs)) {
    const pending = await pendingOutbox(db);
    if (pending > 0) left.push(`${name}: ${pending} documents with unpublished events`);
  }
  for (const queue of await queues(node))
    if (queue.messages > 0 && !queue.name.includes('.retry'))
      left.push(`queue ${queue.name}: ${queue.messages} messages`);
  return left;
}

/** Waits until no outbox entry and no queued message is left; returns what is left then. */
async function drained(dbs: Dbs, node: string, timeoutMs: number): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = await backlog(dbs, node);
    const dead = left.filter((line) => line.includes('.dlq'));
    if (left.length === dead.length || Date.now() > deadline) return left;
    await sleep(500);
  }
}

/** Why the dead letters are there (the bus's reason header), counted per queue and reason. */
async function deadLetterReasons(amqpUrl: string, node: string): Promise<string[]> {
  const connection = await amqp.connect(amqpUrl);
  try {
    const channel = await connection.createChannel();
    const reasons: Record<string, number> = {};
    for (const queue of await queues(node)) {
      if (!queue.name.endsWith('.dlq')) continue;
      for (;;) {
        const message = await channel.get(queue.name, { noAck: false });
        if (!message) break;
        const reason = String(message.properties.headers?.['x-dead-letter-reason'] ?? 'none');
        count(
          reasons,
          `${queue.name}: ${message.properties.type as string}: ${reason.slice(0, 160)}`,
        );
      }
    }
    await channel.close();
    return Object.entries(reasons).map(([reason, n]) => `dead letter ${reason} ×${n}`);
  } finally {
    await connection.close();
  }
}

interface Checks {
  lost: string[];
  duplicated: string[];
  notes: string[];
}

const live = { _outboxDeleted: { $ne: true } };

async function checkInvariants(
  dbs: Dbs,
  ledger: Ledger,
  opensearchUrl: string,
  dbPrefix: string,
  mailDir: string,
): Promise<Checks> {
  const lost: string[] = [];
  const duplicated: string[] = [];
  const notes: string[] = [];
  const exactlyOne = (what: string, found: number) => {
    if (found === 0) lost.push(what);
    if (found > 1) duplicated.push(`${what} (${found} times)`);
  };

  for (const user of ledger.users.values())
    exactlyOne(
      `user ${user.username}`,
      await dbs.auth.collection('users').countDocuments({ _id: user.id } as never),
    );

  const bookmarks = dbs.activity.collection('bookmarks');
  for (const [key, state] of ledger.bookmarks) {
    if (state === 'unknown') continue;
    const [userId, jobId] = key.split('|');
    const found = await bookmarks.countDocuments({ userId, jobId, deletion: null, ...live });
    if (state === 'present') exactlyOne(`bookmark ${key}`, found);
    else if (found > 0) lost.push(`removal of bookmark ${key} (still there)`);
  }

  const applications = dbs.activity.collection('applications');
  for (const [id, expected] of ledger.applications) {
    const docs = await applications.find({ _id: id, ...live } as never).toArray();
    exactlyOne(`application ${id}`, docs.length);
    const status = docs[0]?.status as string | undefined;
    if (status && expected.uncertain === 0 && status !== expected.status)
      lost.push(`status ${expected.status} of application ${id} (found ${status})`);
  }

  // The activity feed: one item per bookmark the user has, per application, per status change.
  const activities = dbs.activity.collection('activities');
  const perUser = new Map<string, { min: number; max: number }>();
  const add = (userId: string, min: number, max = min) => {
    const entry = perUser.get(userId) ?? { min: 0, max: 0 };
    perUser.set(userId, { min: entry.min + min, max: entry.max + max });
  };
  for (const user of ledger.users.values()) add(user.id, 0);
  for (const [key, state] of ledger.bookmarks)
    add(key.split('|')[0] as string, state === 'present' ? 1 : 0, state === 'absent' ? 0 : 1);
  for (const app of ledger.applications.values())
    add(app.userId, 1 + app.changes, 1 + app.changes + app.uncertain);
  for (const [userId, uncertain] of ledger.uncertainApplications) add(userId, 0, 2 * uncertain);
  for (const [userId, { min, max }] of perUser) {
    const found = await activities.countDocuments({ userId });
    if (found < min) lost.push(`activity items of user ${userId}: ${found}, expected ${min}`);
    if (found > max)
      duplicated.push(`activity items of user ${userId}: ${found}, expected at most ${max}`);
  }

  // Jobs: acknowledged posts and admin changes; bookmark counts; the search index.
  const jobs = dbs.jobs.collection('jobs');
  for (const title of ledger.publicPosts)
    exactlyOne(`posted job "${title}"`, await jobs.countDocuments({ title, ...live }));
  for (const [id, expected] of ledger.adminJobs) {
    if (!expected.certain) continue;
    const doc = await jobs.findOne({ _id: id, ...live } as never);
    if (expected.state === 'purged') {
      if (doc && expected.stateCertain) lost.push(`purge of job ${id} (still there)`);
    } else if (!doc) {
      if (expected.stateCertain) lost.push(`job ${id} (${expected.state})`);
    } else if (expected.stateCertain && (doc.deletedAt === null) !== (expected.state === 'active'))
      lost.push(`${expected.state === 'active' ? 'restore' : 'delete'} of job ${id}`);
    else if (doc.title !== expected.title) lost.push(`edit of job ${id} ("${expected.title}")`);
  }
  const counts = new Map<string, number>();
  for await (const bookmark of bookmarks.find({ deletion: null, ...live }))
    counts.set(bookmark.jobId as string, (counts.get(bookmark.jobId as string) ?? 0) + 1);
  const active = new Map<string, number>();
  for await (const job of jobs.find(live)) {
    const expected = counts.get(String(job._id)) ?? 0;
    if (job.bookmarkCount < expected)
      lost.push(
        `bookmark count of job ${String(job._id)}: ${job.bookmarkCount}, bookmarks ${expected}`,
      );
    if (job.bookmarkCount > expected)
      duplicated.push(
        `bookmark count of job ${String(job._id)}: ${job.bookmarkCount}, bookmarks ${expected}`,
      );
    if (job.deletedAt === null) active.set(String(job._id), job.revision as number);
  }
  const indexed = await searchIndex(opensearchUrl, `${dbPrefix}jobs`);
  for (const [id, revision] of active) {
    const version = indexed.get(id);
    if (version === undefined) lost.push(`job ${id} missing from the search index`);
    else if (version !== revision)
      lost.push(`job ${id} at version ${version} in the search index, revision ${revision}`);
  }
  for (const id of indexed.keys())
    if (!active.has(id)) duplicated.push(`job ${id} in the search index but not active`);

  for (const [id, search] of ledger.savedSearches)
    exactlyOne(
      `saved search ${search.name}`,
      await dbs.activity.collection('saved_searches').countDocuments({ _id: id, ...live } as never),
    );

  const mails = alertMails(mailDir);
  const seen = new Map<string, number>();
  for (const mail of mails)
    for (const job of mail.jobs) {
      const key = `${mail.subject}|${job}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
  for (const [key, times] of seen)
    if (times > 1) duplicated.push(`alert e-mail for ${key} sent ${times} times`);
  notes.push(
    `${mails.length} alert e-mails for ${ledger.savedSearches.size} saved searches, ${seen.size} (search, job) pairs`,
  );
  return { lost, duplicated, notes };
}

/** Every document id of the alias with its version (`size` above the run's job count). */
async function searchIndex(url: string, alias: string): Promise<Map<string, number>> {
  const response = await fetch(`${url}/${alias}/_search?version=true&size=10000`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: { match_all: {} }, _source: false }),
  });
  const body = (await response.json()) as {
    hits: { hits: Array<{ _id: string; _version: number }> };
  };
  return new Map(body.hits.hits.map((hit) => [hit._id, hit._version]));
}

/** The alert e-mails in the mail folder: subject (count and search name) and the jobs linked. */
function alertMails(mailDir: string): Array<{ subject: string; jobs: Set<string> }> {
  return readdirSync(mailDir)
    .filter((file) => file.endsWith('.eml'))
    .map((file) =>
      readFileSync(join(mailDir, file), 'latin1')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    )
    .filter((mail) => /chaos-search-/.test(mail))
    .map((mail) => ({
      subject: /chaos-search-\w+/.exec(mail)?.[0] ?? '',
      jobs: new Set([...mail.matchAll(/\/jobs\/([0-9a-f-]{36})/g)].map((m) => m[1] as string)),
    }));
}

/** The table `pnpm chaos` prints (and the README shows). */
export function formatReport(report: ChaosReport): string {
  const lines: string[] = [];
  const row = (label: string, value: string) => lines.push(`| ${label.padEnd(44)} | ${value} |`);
  const other5xx = Object.values(report.other5xx).reduce((a, b) => a + b, 0);
  lines.push(`| ${'what'.padEnd(44)} | result |`, `|${'-'.repeat(46)}|--------|`);
  row('operations through the gateway', String(report.operations));
  row(
    'answers by status',
    Object.entries(report.byStatus)
      .map(([status, n]) => `${status === '0' ? 'none' : status}: ${n}`)
      .join(', '),
  );
  row('faults injected', String(report.faults.length));
  row('acknowledged writes lost (target 0)', String(report.lostWrites.length));
  row('duplicated effects (target 0)', String(report.duplicatedEffects.length));
  row('5xx other than 503, or no answer (target 0)', String(other5xx));
  row(
    '503 on routes that do not need the failed part',
    String(
      report.faults.reduce(
        (sum, f) => sum + Object.values(f.unexpected503).reduce((a, b) => a + b, 0),
        0,
      ),
    ),
  );
  row('processes that exited on their own (target 0)', String(report.crashes.length));
  row(
    'processes restarted by their database watchdog',
    report.restarts.length === 0 ? '0' : report.restarts.join(', '),
  );
  row('outbox entries, queued and dead letters left', String(report.leftovers.length));
  for (const fault of report.faults) {
    const expected = Object.entries(fault.expected503)
      .map(([route, n]) => `${route} ×${n}`)
      .join(', ');
    row(
      `recovery after ${fault.name}`,
      `${fault.recoveryMs === undefined ? 'NOT within 60 s' : `${(fault.recoveryMs / 1000).toFixed(1)} s`}${expected ? ` (503: ${expected})` : ''}`,
    );
  }
  row('run time', `${(report.durationMs / 1000).toFixed(0)} s`);
  const details = [
    ...report.lostWrites.map((line) => `lost: ${line}`),
    ...report.duplicatedEffects.map((line) => `duplicated: ${line}`),
    ...Object.entries(report.other5xx).map(([route, n]) => `unexpected: ${route} ×${n}`),
    ...report.faults.flatMap((f) =>
      Object.entries(f.unexpected503).map(([route, n]) => `503 during ${f.name}: ${route} ×${n}`),
    ),
    ...report.faults.flatMap((f) => f.unexpectedDetails.map((line) => `503 detail: ${line}`)),
    ...report.crashes.map((line) => `exited: ${line}`),
    ...report.leftovers.map((line) => `left: ${line}`),
    ...report.notes,
  ];
  return [...lines, '', ...details].join('\n');
}

/** The run meets the issue's targets. */
export function passed(report: ChaosReport): boolean {
  return (
    report.lostWrites.length === 0 &&
    report.duplicatedEffects.length === 0 &&
    Object.keys(report.other5xx).length === 0 &&
    report.crashes.length === 0 &&
    report.leftovers.length === 0 &&
    report.faults.every(
      (f) =>
        f.recoveryMs !== undefined &&
        f.recoveryMs <= 30_000 &&
        Object.keys(f.unexpected503).length === 0,
    )
  );
}
