/**
 * Job search at 100,000 jobs on OpenSearch, through the service and through the gateway.
 *
 *   pnpm --filter @b2g/jobs bench
 *
 * 1. Inserts BENCH_JOBS (default 100,000) generated jobs into a database of its own (kept and
 *    reused by the next run when it already holds them).
 * 2. Indexing: builds the search index of them from MongoDB (`reindex`, alias of its own), timed.
 * 3. A new instance: starts the jobs service as its own process on that database and index and
 *    times spawn → /readyz 200 (built `dist/main.js` when present, else the sources through tsx).
 * 4. The gateway (its own process, access log on) in front of it; then, through the service and
 *    through the gateway, at BENCH_RATE req/s offered (default 200) for BENCH_SECONDS (default
 *    10): cold distinct two-word searches (none asked twice), and search + two filters with its
 *    facet counts (the list and /api/jobs/facets, as the jobs page asks them).
 *    The CPU each process serving them (OpenSearch, jobs, gateway) spends over the gateway's
 *    phases is read from /proc and divided by the requests served.
 * 5. BENCH_SEQUENTIAL (default 200) cold searches through the gateway one at a time (the cost
 *    of a search without queueing), then BENCH_CHANGES (default 100) public posts through the
 *    gateway, each post timed, and timed until a search through the gateway finds it.
 * 6. The jobs process's RSS (VmRSS) after all that.
 *
 * Ends with one JSON line of the figures, the machine's cores and its load average with them. Environment: MONGO_URL / AMQP_URL / OPENSEARCH_URL
 * (default: what infra provides), BENCH_JOBS, BENCH_RATE, BENCH_SECONDS, BENCH_CHANGES.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { ensureInfrastructure } from '@b2g/infra';
import { connectMongo, createLogger } from '@b2g/service-kit';
import { Client } from '@opensearch-project/opensearch';
import { createModels } from '../src/data/job-model.js';
import { activeJobs, BACKFILLS_COLLECTION } from '../src/data/jobs-repository.js';
import { OpenSearchJobIndex } from '../src/data/search/index.js';
import { directInsertFields } from '../src/seed/seed.js';
import { cpuDuring, openSearchPid, perRequest } from './cpu.js';
import { createGenerator } from './generate.js';
import { startServices, stopServices } from './processes.js';
import { filteredWithFacets, load, nextSearch, percentile, type Figures } from './searches.js';

const JOBS = Number(process.env.BENCH_JOBS ?? 100_000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 100);
const INSERT_BATCH = 10_000;
const ALIAS = `jobs-bench-${JOBS}`;

const logger = createLogger({
  name: 'jobs-bench',
  level: process.env.LOG_LEVEL ?? 'warn',
});
const infra = await ensureInfrastructure({
  log: (line) => console.log(`[infra] ${line}`),
});
const dbName = `jobs_bench_${JOBS}`;
const mongoUrl = new URL(infra.mongoUrl);
mongoUrl.pathname = `/${dbName}`;

const connection = await connectMongo(mongoUrl.toString(), { logger });
const collection = connection.collection('jobs');
// Jobs a previous run posted (and did not get to remove) are not part of the generated set.
await collection.deleteMany({ company: 'Bench Federal' });
const existing = await collection.estimatedDocumentCount();
// A set written before jobs carried every field a new job has is written again.
const sample = await collection.findOne({}, { projection: { activeIdentityKey: 1 } });
if (existing !== JOBS || !sample?.activeIdentityKey) {
  await connection.dropDatabase();
  console.log(`Inserting ${JOBS} jobs into ${dbName} …`);
  const generate = createGenerator();
  const started = performance.now();
  for (let done = 0; done < JOBS; done += INSERT_BATCH) {
    const batch = Array.from({ length: Math.min(INSERT_BATCH, JOBS - done) }, () => {
      const job = generate();
      return { ...job, ...directInsertFields(job) };
    });
    await collection.insertMany(batch as never[], { ordered: false });
  }
  console.log(`  inserted in ${Math.round((performance.now() - started) / 1000)} s`);
} else {
  console.log(`Reusing ${dbName} (${existing} jobs)`);
}

// ---------------------------------------------------------------- indexing
const client = new Client({
  node: infra.opensearchUrl,
  requestTimeout: 120_000,
});
const index = new OpenSearchJobIndex({
  client,
  alias: ALIAS,
  replicas: 0,
  logger,
});
console.log(`\nIndexing ${JOBS} jobs from MongoDB into OpenSearch …`);
const indexing = await index.rebuild(activeJobs(createModels(connection)));
console.log(`  ${indexing.jobs} jobs in ${(indexing.ms / 1000).toFixed(1)} s`);

// ---------------------------------------------------------------- a new instance
const { jobsUrl, jobsProcess, readyMs, gatewayUrl, gatewayProcess } = await startServices({
  mongoUrl: mongoUrl.toString(),
  amqpUrl: infra.amqpUrl,
  opensearchUrl: infra.opensearchUrl,
  alias: ALIAS,
});

// The start-up backfill scans the jobs once on a new database: done before anything is timed.
const backfills = connection.collection<{ _id: string }>(BACKFILLS_COLLECTION);
while ((await backfills.countDocuments()) === 0) await sleep(100);

// ---------------------------------------------------------------- load
const offered = { rate: RATE, seconds: SECONDS };
const results: Record<string, Figures> = {};
const serving = {
  opensearch: await openSearchPid(infra.opensearchUrl),
  jobs: jobsProcess.pid ?? 0,
  gateway: gatewayProcess.pid ?? 0,
};
const cpu: Record<string, ReturnType<typeof perRequest>> = {};
const loadAverage = loadavg()[0] ?? 0;
for (const [where, base] of [
  ['service', jobsUrl],
  ['gateway', gatewayUrl],
] as const) {
  console.log(`\nThrough the ${where} (${RATE} req/s offered, ${SECONDS} s each):`);
  for (const [phase, name, paths] of [
    ['cold two-word', 'cold distinct two-word searches', () => `/api/jobs?search=${nextSearch()}`],
    ['filters+facets', 'search + sector + function, list and facets', filteredWithFacets],
  ] as const) {
    const measured = await cpuDuring(serving, () => load(base, name, paths, offered));
    results[`${where} ${phase}`] = measured.result;
    if (where !== 'gateway') continue;
    cpu[phase] = perRequest(measured.cpuMs, measured.result.served);
    console.log(
      `  ${''.padEnd(42)} CPU ${cpu[phase].total} ms a request: ` +
        Object.entries(cpu[phase].each)
          .map(([process, ms]) => `${process} ${ms}`)
          .join(', '),
    );
  }
}

// ---------------------------------------------------------------- one at a time
/** The cost of one search without queueing: SEQUENTIAL cold searches through the gateway, one after another. */
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 200);
const alone: number[] = [];
for (let i = 0; i < SEQUENTIAL; i++) {
  const started = performance.now();
  const res = await fetch(`${gatewayUrl}/api/jobs?search=${nextSearch()}`);
  await res.arrayBuffer();
  alone.push(performance.now() - started);
}
alone.sort((a, b) => a - b);

// ---------------------------------------------------------------- changes visible
console.log(`\n${CHANGES} posts, each timed until a search through the gateway finds it:`);
const visible: number[] = [];
const posts: number[] = [];
for (let i = 0; i < CHANGES; i++) {
  const word = `bench${randomUUID().replaceAll('-', '')}`;
  const started = performance.now();
  const posted = await fetch(`${gatewayUrl}/api/jobs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      title: `Account Executive ${word}`,
      company: 'Bench Federal',
      location: 'Arlington, VA',
      description: 'A job posted by the benchmark.',
      url: `https://bench.example/jobs/${word}`,
      sector: 'FEDERAL',
      isAgencyRole: false,
      source: 'Direct Post',
    }),
  });
  if (posted.status !== 201) throw new Error(`post answered ${posted.status}`);
  const { id } = (await posted.json()) as { id: string };
  posts.push(performance.now() - started);
  for (;;) {
    const found = await fetch(`${gatewayUrl}/api/jobs?search=${word}`);
    const jobs = (await found.json()) as Array<{ id: string }>;
    if (jobs.some((job) => job.id === id)) break;
    if (performance.now() - started > 30_000) throw new Error(`${word} never became searchable`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  visible.push(performance.now() - started);
}
visible.sort((a, b) => a - b);
posts.sort((a, b) => a - b);
const changeP50 = percentile(visible, 50);
const changeP99 = percentile(visible, 99);
console.log(`  the post: p50 ${percentile(posts, 50)} ms  p99 ${percentile(posts, 99)} ms`);
console.log(`  found by search: p50 ${changeP50} ms  p99 ${changeP99} ms`);
console.log(
  `\n${SEQUENTIAL} cold two-word searches through the gateway one at a time: ` +
    `p50 ${percentile(alone, 50)} ms  p99 ${percentile(alone, 99)} ms`,
);

const status = readFileSync(`/proc/${jobsProcess.pid}/status`, 'utf8');
const rssMb = Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
console.log(`\nJobs service RSS after the runs: ${rssMb} MB`);

// auth as well: a child still running would keep the bench from ever exiting.
await Promise.race([stopServices(), sleep(15_000)]);
await client.indices.delete({ index: `${ALIAS}-*` });
await client.close();
// The posted jobs stay in the database until the next run removes them at its start: a
// deleteMany there scans 100,000 documents on FerretDB.
await connection.close();
await infra.stop();

console.log(
  JSON.stringify({
    jobs: indexing.jobs,
    cores: availableParallelism(),
    loadAverage1m: Number(loadAverage.toFixed(2)),
    cpuMsPerSearch: cpu['cold two-word']?.total,
    cpuMsPerSearchByProcess: cpu['cold two-word']?.each,
    cpuMsPerFilteredRequest: cpu['filters+facets']?.total,
    cpuMsPerFilteredRequestByProcess: cpu['filters+facets']?.each,
    gatewayColdRps: results['gateway cold two-word']?.rps,
    gatewayColdP99Ms: results['gateway cold two-word']?.p99,
    gatewayFilteredP99Ms: results['gateway filters+facets']?.p99,
    postP50Ms: percentile(posts, 50),
    postP99Ms: percentile(posts, 99),
    coldTwoWordGatewayP99Ms: results['gateway cold two-word']?.p99,
    coldTwoWordServiceP99Ms: results['service cold two-word']?.p99,
    offeredRps: RATE,
    searchFiltersFacetsGatewayP99Ms: results['gateway filters+facets']?.p99,
    searchFiltersFacetsServiceP99Ms: results['service filters+facets']?.p99,
    indexingSeconds: Number((indexing.ms / 1000).toFixed(1)),
    newInstanceReadyMs: readyMs,
    jobsRssMb: rssMb,
    changeVisibleP99Ms: changeP99,
    oneAtATimeGatewayP50Ms: percentile(alone, 50),
    oneAtATimeGatewayP99Ms: percentile(alone, 99),
  }),
);
