/**
 * Saved-search matching through the percolator: BENCH_SEARCHES (default 10,000) saved searches
 * stored as queries, then BENCH_JOBS (default 1,000) new generated jobs percolated one after
 * another, as the job event handler does. Prints one JSON line: matches, latency per job
 * (p50/p99/max) and jobs matched per second. Its index is removed at the end.
 *
 *   pnpm --filter @b2g/jobs exec tsx bench/percolate.ts
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { jobsQuerySchema } from '@b2g/contracts';
import { ensureInfrastructure } from '@b2g/infra';
import { createLogger } from '@b2g/service-kit';
import { Client, type API } from '@opensearch-project/opensearch';
import { OpenSearchPercolator } from '../src/data/percolator.js';
import { OpenSearchJobIndex } from '../src/data/search/index.js';
import type { JobRecord } from '../src/domain/model.js';
import { createGenerator, savedSearchOf } from './generate.js';

const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 10_000);
const JOBS = Number(process.env.BENCH_JOBS ?? 1_000);
const BULK = 1_000;

const logger = createLogger({ name: 'percolate-bench', level: 'warn' });
const infra = await ensureInfrastructure({ log: (line) => console.log(`[infra] ${line}`) });
const client = new Client({ node: infra.opensearchUrl, requestTimeout: 60_000 });
const alias = `percolate-bench-${randomUUID().slice(0, 8)}`;
const index = `${alias}-saved-searches`;
const jobIndex = new OpenSearchJobIndex({ client, alias, replicas: 0, logger });
const percolator = new OpenSearchPercolator({
  client,
  index,
  replicas: 0,
  buildQuery: (query) => jobIndex.percolatorQuery(query),
  logger,
});
const generate = createGenerator(7);

const asRecord = (job: ReturnType<typeof generate>): JobRecord =>
  ({
    ...job,
    link: null,
    poster: null,
    applyUrl: null,
    deletedAt: null,
    external: false,
    bookmarkCount: 0,
    hash: job._id,
    revision: 1,
  }) as JobRecord;

try {
  await percolator.ensureIndex();
  const started = performance.now();
  for (let from = 0; from < SEARCHES; from += BULK) {
    const body: API.Bulk_RequestBody = [];
    for (let i = from; i < Math.min(SEARCHES, from + BULK); i++) {
      const query = jobsQuerySchema.parse(savedSearchOf(generate(), i));
      const id = randomUUID();
      body.push(
        { index: { _index: index, _id: id, version: 1, version_type: 'external' } },
        { savedSearchId: id, query: jobIndex.percolatorQuery(query) },
      );
    }
    const response = await client.bulk({ body });
    if (response.body.errors) throw new Error('bulk refused a saved search');
  }
  await percolator.refresh();
  const storedMs = performance.now() - started;

  const latencies: number[] = [];
  let matches = 0;
  const matching = performance.now();
  for (let i = 0; i < JOBS; i++) {
    const record = asRecord(generate());
    const t0 = performance.now();
    matches += (await percolator.match(record)).length;
    latencies.push(performance.now() - t0);
  }
  const totalMs = performance.now() - matching;
  const sorted = latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
  console.log(
    JSON.stringify({
      searches: SEARCHES,
      jobs: JOBS,
      storeSearchesMs: Math.round(storedMs),
      matches,
      matchesPerJob: Math.round((matches / JOBS) * 10) / 10,
      percolateP50Ms: Math.round(at(0.5) * 10) / 10,
      percolateP99Ms: Math.round(at(0.99) * 10) / 10,
      percolateMaxMs: Math.round(at(1) * 10) / 10,
      jobsPerSecond: Math.round((JOBS / totalMs) * 1000),
    }),
  );
} finally {
  await client.indices.delete({ index, ignore_unavailable: true });
  await client.close();
}
