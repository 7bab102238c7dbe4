/**
 * GET /api/jobs under load, through the service and through the gateway.
 *
 *   pnpm --filter @b2g/jobs bench
 *
 * Loads BENCH_JOBS (default 100,000) generated jobs straight into a database of its own, starts one
 * jobs instance on it (the same wiring as main), reports the start-up index build time and the
 * memory it holds, then runs autocannon against: no filter; a two-word search; search + sector +
 * function. Each search runs hot (one query, answered from the ranked-results cache) and cold (a
 * rotation of distinct queries larger than the cache, so every request ranks afresh). Then it
 * starts the gateway (gateway/src/main.ts, in its own process, access log on, as in production but
 * with the per-IP rate limit out of the way) in front of that instance and repeats every scenario
 * through it.
 *
 * Environment: MONGO_URL / AMQP_URL (default: the local servers infra starts), BENCH_JOBS,
 * BENCH_SECONDS (per scenario, default 8), BENCH_CONNECTIONS (default 10), BENCH_KEEP=true keeps
 * the database (named in the output) for another run.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { EventBus } from '@b2g/event-bus';
import { ensureInfrastructure } from '@b2g/infra';
import { connectMongo, createLogger, serve, TokenVerifier } from '@b2g/service-kit';
import autocannon from 'autocannon';
import { isExternalSource, jobHash } from '../src/domain/job.js';
import { createJobsInstance } from '../src/instance.js';
import { createGenerator } from './generate.js';

const JOBS = Number(process.env.BENCH_JOBS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const KEEP = process.env.BENCH_KEEP === 'true';
const GATEWAY_DIR = fileURLToPath(new URL('../../../gateway/', import.meta.url));
const INSERT_BATCH = 10_000;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const mb = (bytes: number) => Math.round(bytes / 1_048_576);
function memory() {
  gc();
  const usage = process.memoryUsage();
  return { heapUsedMb: mb(usage.heapUsed), rssMb: mb(usage.rss) };
}

const logger = createLogger({ name: 'jobs-bench', level: process.env.LOG_LEVEL ?? 'warn' });
const infra = await ensureInfrastructure({ log: (line) => console.log(`[infra] ${line}`) });
const dbName = `jobs_bench_${JOBS}`;
const mongoUrl = new URL(infra.mongoUrl);
mongoUrl.pathname = `/${dbName}`;

const connection = await connectMongo(mongoUrl.toString(), { logger });
const collection = connection.collection('jobs');

const existing = await collection.estimatedDocumentCount();
if (existing !== JOBS) {
  await connection.dropDatabase();
  console.log(`Inserting ${JOBS} jobs into ${dbName} …`);
  const generate = createGenerator();
  const started = performance.now();
  for (let done = 0; done < JOBS; done += INSERT_BATCH) {
    const batch = Array.from({ length: Math.min(INSERT_BATCH, JOBS - done) }, () => {
      const job = generate();
      const hash = jobHash(job);
      return {
        ...job,
        link: null,
        poster: null,
        applyUrl: null,
        deletedAt: null,
        external: isExternalSource(job.source),
        bookmarkCount: 0,
        hash,
        activeHash: hash,
        revision: 1,
      };
    });
    await collection.insertMany(batch as never[], { ordered: false });
  }
  console.log(`  inserted in ${Math.round((performance.now() - started) / 1000)} s`);
} else {
  console.log(`Reusing ${dbName} (${existing} jobs)`);
}

const before = memory();
const bus = new EventBus({
  url: infra.amqpUrl,
  service: `jobs-bench-${process.pid}`,
  exchange: `jobs-bench-${process.pid}`,
  logger,
});
const instance = createJobsInstance({
  connection,
  bus,
  logger,
  verifier: new TokenVerifier({ keys: [] }),
  settings: {
    extractAllowedHosts: [],
    postRateLimit: { limit: 10, windowMs: 60_000 },
    extractRateLimit: { limit: 10, windowMs: 60_000 },
    searchCacheSize: 500,
  },
});
const server = await serve(instance.app, {
  port: 0,
  host: '127.0.0.1',
  logger,
  handleSignals: false,
});
const build = await instance.start();
const after = memory();
const seconds = (ms: number) => (ms / 1000).toFixed(1);
console.log(
  `\nStart-up: ${build.jobs} jobs read and indexed in ${seconds(build.buildMs)} s ` +
    `(${seconds(build.readMs)} s waiting for the database, ${seconds(build.buildMs - build.readMs)} s indexing); ` +
    `heap +${after.heapUsedMb - before.heapUsedMb} MB (${after.heapUsedMb} MB used), RSS ${after.rssMb} MB`,
);
console.log(
  `  per 100,000 jobs: ~${Math.round(((after.heapUsedMb - before.heapUsedMb) * 100_000) / Math.max(1, build.jobs))} MB of heap`,
);

/** Distinct two-word searches (title word + location word), more than the cache keeps. */
const TITLE_WORDS = [
  'account',
  'executive',
  'manager',
  'engineer',
  'marketing',
  'solutions',
  'cloud',
  'capture',
  'data',
  'sales',
  'director',
  'architect',
  'analyst',
  'proposal',
  'demand',
  'systems',
  'developer',
  'cybersecurity',
  'territory',
  'partner',
];
const SECOND_WORDS = [
  'federal',
  'arlington',
  'reston',
  'remote',
  'austin',
  'denver',
  'boston',
  'atlanta',
  'dod',
  'state',
  'education',
  'public',
  'senior',
  'lead',
  'associate',
  'civilian',
  'local',
  'sector',
  'washington',
  'huntsville',
  'columbus',
  'raleigh',
  'albany',
  'herndon',
  'bethesda',
  'columbia',
  'sacramento',
  'tallahassee',
  'springs',
  'antonio',
  'k',
  'higher',
  'junior',
  'principal',
  'inside',
  'field',
  'content',
  'product',
  'events',
  'strategic',
  'channel',
  'gsa',
  'fedramp',
  'zero',
  'trust',
  'pipeline',
  'proposals',
  'webinars',
  'clearance',
  'travel',
  'salary',
];
const COLD_QUERIES = TITLE_WORDS.flatMap((a) => SECOND_WORDS.map((b) => `${a} ${b}`));
/** The second cold scenario walks the queries from the other end, so it does not meet the first's cache. */
const COLD_QUERIES_REVERSED = [...COLD_QUERIES].reverse();

interface Scenario {
  name: string;
  paths: string[];
  /**
   * Where the rotation goes on: the run through the gateway continues after the queries the run
   * through the service made, so a cold search there is not answered from the cache.
   */
  next: number;
}

const scenarios: Scenario[] = [
  { name: 'no filter', paths: ['/api/jobs'], next: 0 },
  { name: 'two-word search (hot)', paths: ['/api/jobs?search=account%20executive'], next: 0 },
  {
    name: 'two-word search (cold)',
    paths: COLD_QUERIES.map((q) => `/api/jobs?search=${encodeURIComponent(q)}`),
    next: 0,
  },
  {
    name: 'search + sector + function (hot)',
    paths: ['/api/jobs?search=cloud%20engineer&sector=FEDERAL&jobFunction=technical'],
    next: 0,
  },
  {
    name: 'search + sector + function (cold)',
    paths: COLD_QUERIES_REVERSED.map(
      (q) => `/api/jobs?search=${encodeURIComponent(q)}&sector=STATE_LOCAL&jobFunction=sales`,
    ),
    next: 0,
  },
];

async function run(base: string, scenario: Scenario) {
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        setupRequest: (request) => {
          request.path = scenario.paths[scenario.next++ % scenario.paths.length] as string;
          return request;
        },
      },
    ],
  });
  // Requests still queued when the run ended are answered before the next scenario starts.
  await fetch(`${base}/healthz`);
  const errors = result.errors + result.non2xx;
  console.log(
    `  ${scenario.name.padEnd(34)} p50 ${String(result.latency.p50).padStart(5)} ms  p99 ${String(result.latency.p99).padStart(5)} ms  ` +
      `${String(Math.round(result.requests.average)).padStart(6)} req/s${errors ? `  (${errors} errors)` : ''}`,
  );
}

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  return port;
}

/** The gateway from its sources, in its own process, with /api/jobs going to this instance. */
async function startGateway(jobsUrl: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
    cwd: GATEWAY_DIR,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      JOBS_URL: jobsUrl,
      RATE_LIMIT_MAX: String(1_000_000_000),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the gateway exited (code ${child.exitCode})`);
    const up = await fetch(`${url}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error('the gateway did not start within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, stop: () => child.kill('SIGTERM') };
}

const direct = `http://127.0.0.1:${server.port}`;
console.log(`\nThrough the service (${CONNECTIONS} connections, ${SECONDS} s each):`);
for (const scenario of scenarios) await run(direct, scenario);
const gateway = await startGateway(direct);
console.log(`\nThrough the gateway (same load):`);
try {
  for (const scenario of scenarios) await run(gateway.url, scenario);
} finally {
  gateway.stop();
}

await server.close();
await instance.stop();
if (!KEEP) await connection.dropDatabase();
else console.log(`\nKept database ${dbName}.`);
await connection.close();
await infra.stop();
