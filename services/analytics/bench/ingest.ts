/**
 * Ingestion and reads of one analytics instance, served over HTTP on loopback with the real
 * database: `BENCH_CLIENTS` clients (bench/load.ts, in a process of their own) post batches of 20
 * events (page views, impressions, job views, apply clicks) for `BENCH_SECONDS`, each batch from
 * one of many client addresses (the shared rate limit counts every one, at its production budget)
 * with a browser's user agent, while the instance flushes every 5 s (`BENCH_FLUSH_MS`); once with
 * the limit shared by every instance, once per instance (EVENTS_RATE_LIMIT_STORE), first as fast
 * as answered, then at `BENCH_RATE` events/s offered at an even pace. Then a posting with 90 days
 * of partial counters from two instances (200 visitors a day each) is read `BENCH_READS` times.
 * Run: pnpm --filter @b2g/analytics bench
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { ensureInfrastructure } from '@b2g/infra';
import type { LoadResult } from './load.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const READS = Number(process.env.BENCH_READS ?? 50);
/** The issue's target rate, offered at an even pace whatever the answers (an open loop). */
const RATE = Number(process.env.BENCH_RATE ?? 2_000);

function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
  return [50, 90, 99, 100]
    .map((p) => `${p === 100 ? 'max' : `p${p}`} ${at(p).toFixed(1)} ms`)
    .join('  ');
}

const infra = await ensureInfrastructure({
  useDocker: false,
  log: (line) => console.log(`[infra] ${line}`),
});
process.env.MONGO_URL ??= infra.mongoUrl;
process.env.AMQP_URL ??= infra.amqpUrl;
const { startHarness } = await import('../test/helpers.js');
const { JOB_STATS_PATH } = await import('../src/routes/stats.js');
const { dayOf, daysEndingAt } = await import('../src/domain/days.js');
const { MongoCounterStore } = await import('../src/data/counters.js');
const { emptyJobCounts } = await import('../src/domain/model.js');
const { EVENTS_PER_BATCH } = await import('./load.js');

type Harness = Awaited<ReturnType<typeof startHarness>>;

/** Serves the harness's first instance on loopback; answers its base URL and a close. */
async function serve(h: Harness) {
  const server = createServer(h.instances[0]!.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const storeName = (store: 'shared' | 'memory') =>
  store === 'shared' ? 'shared by every instance' : 'per instance';

/** The instance's CPU time (this process: it serves, the load runs apart) per request, flushes included. */
const cpuMsPer = ({ user, system }: NodeJS.CpuUsage, requests: number) =>
  ((user + system) / 1_000 / Math.max(1, requests)).toFixed(2);

/** Runs one phase of bench/load.ts in a process of its own; answers what it measured. */
async function load(base: string, mode: 'closed' | 'open', amount: number): Promise<LoadResult> {
  const child = fork(fileURLToPath(new URL('./load.ts', import.meta.url)), [
    base,
    mode,
    String(amount),
    String(SECONDS),
  ]);
  const [result] = (await once(child, 'message')) as [LoadResult];
  await once(child, 'exit');
  return result;
}

/**
 * Capacity: `CLIENTS` clients each post as fast as they are answered (a closed loop); then the
 * time of each request at `RATE` events/s offered, each measured from when it was due, so a
 * slow answer delays no later request's clock.
 */
async function ingest(rateLimitStore: 'shared' | 'memory'): Promise<void> {
  const h = await startHarness({
    rateLimit: 120,
    rateLimitStore,
    flushIntervalMs: Number(process.env.BENCH_FLUSH_MS ?? 5_000),
  });
  const { base, close } = await serve(h);
  try {
    let cpu = process.cpuUsage();
    const closed = await load(base, 'closed', CLIENTS);
    await h.instances[0]!.flush();
    const closedCpu = cpuMsPer(process.cpuUsage(cpu), closed.latencies.length);
    const events = closed.latencies.length * EVENTS_PER_BATCH;
    console.log(
      `ingest, rate limit ${storeName(rateLimitStore)}: ${CLIENTS} clients, ${SECONDS} s, batches of ${EVENTS_PER_BATCH}: ${closed.latencies.length} requests, refused ${JSON.stringify(closed.refused)}`,
    );
    console.log(
      `  capacity ${Math.round(events / closed.seconds)} events/s; per request ${summary(closed.latencies)}; the instance's CPU ${closedCpu} ms a request`,
    );
    cpu = process.cpuUsage();
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const open = await load(base, 'open', RATE);
    delay.disable();
    await h.instances[0]!.flush();
    const openCpu = cpuMsPer(process.cpuUsage(cpu), open.latencies.length);
    console.log(
      `  at ${RATE} events/s offered (${open.latencies.length} batches, refused ${JSON.stringify(open.refused)}): per request ${summary(open.latencies)}; the instance's CPU ${openCpu} ms a request, its event loop's delay p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms, max ${(delay.max / 1e6).toFixed(1)} ms`,
    );
  } finally {
    await close();
    await h.close();
  }
}

await ingest('shared');
await ingest('memory');

const h = await startHarness();
const { base, close } = await serve(h);
try {
  // A posting read for 90 days: two instances' shares of every day, 200 visitors each a day.
  const jobId = randomUUID();
  const store = new MongoCounterStore(h.instances[0]!.models.Counter);
  const days = daysEndingAt(dayOf(h.clock.now()), 90);
  for (const instance of ['bench-a', 'bench-b']) {
    await store.write(
      days.map((day) => ({
        instance,
        jobId,
        day,
        counts: {
          ...emptyJobCounts(),
          views: 300,
          uniqueVisitors: 200,
          impressions: 2_000,
          applyClicks: 12,
        },
      })),
      [],
    );
  }
  const path = `${base}${JOB_STATS_PATH.replace(':id', jobId)}?days=90`;
  const reads: number[] = [];
  for (let i = 0; i < READS; i += 1) {
    const sent = performance.now();
    const response = await fetch(path);
    await response.json();
    if (response.status !== 200) throw new Error(`stats read answered ${response.status}`);
    reads.push(performance.now() - sent);
  }
  console.log(
    `90-day stats of a posting (two instances, 90 days of 200 visitors): ${READS} reads, ${summary(reads)}`,
  );
  console.log(
    `machine: ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await close();
  await h.close();
}
