/**
 * The ingest benchmark's clients, in a process of their own so that making requests and reading
 * answers never shares an event loop with the instance that serves them. Run by bench/ingest.ts:
 * `load.ts <base URL> closed <clients> <seconds>` posts as fast as answered;
 * `load.ts <base URL> open <events per second> <seconds>` posts at an even pace, each request
 * timed from when it was due. Each phase first sends a few unmeasured requests to warm its own
 * client up. It sends its result (`LoadResult`) to the parent and exits.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { BROWSER_UA } from '../test/helpers.js';

export const EVENTS_PER_BATCH = 20;
/** Requests each phase sends, unmeasured, before it starts its clock. */
const WARM_UP_REQUESTS = 20;
const JOBS = 500;

export interface LoadResult {
  /** Milliseconds of each accepted (202) request. */
  latencies: number[];
  /** Refused requests per status. */
  refused: Record<number, number>;
  seconds: number;
}

const jobIds = Array.from({ length: JOBS }, () => randomUUID());
const pick = () => jobIds[Math.floor(Math.random() * JOBS)]!;
const batch = () =>
  JSON.stringify({
    events: Array.from({ length: EVENTS_PER_BATCH }, (_, i) => {
      if (i % 4 === 0) return { type: 'page_view', path: '/jobs/:id' };
      if (i % 4 === 1) return { type: 'job_impression', jobIds: [pick(), pick(), pick()] };
      if (i % 4 === 2) return { type: 'job_view', jobId: pick(), source: 'search' };
      return { type: 'apply_click', jobId: pick() };
    }),
  });

// Each batch comes from an address of its own: the shared limit meets a new client every time.
let sequence = Math.floor(Math.random() * 2 ** 20);
const nextAddress = () => {
  sequence += 1;
  return `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`;
};

async function post(base: string): Promise<number> {
  const response = await fetch(`${base}/api/analytics/events`, {
    method: 'POST',
    headers: {
      'Content-Type': 'text/plain;charset=UTF-8',
      'User-Agent': BROWSER_UA,
      'X-Forwarded-For': nextAddress(),
    },
    body: batch(),
  });
  await response.arrayBuffer();
  return response.status;
}

async function run(base: string, mode: string, amount: number, seconds: number) {
  const result: LoadResult = { latencies: [], refused: {}, seconds: 0 };
  const count = (status: number, ms: number) => {
    if (status === 202) result.latencies.push(ms);
    else result.refused[status] = (result.refused[status] ?? 0) + 1;
  };
  // A fresh process's first requests open connections and compile the client: not the instance's time.
  for (let i = 0; i < WARM_UP_REQUESTS; i += 1) await post(base);
  const started = performance.now();
  if (mode === 'closed') {
    const until = started + seconds * 1_000;
    await Promise.all(
      Array.from({ length: amount }, async () => {
        while (performance.now() < until) {
          const sent = performance.now();
          count(await post(base), performance.now() - sent);
        }
      }),
    );
  } else {
    const gapMs = (1_000 * EVENTS_PER_BATCH) / amount;
    const total = Math.round((seconds * 1_000) / gapMs);
    const sends: Promise<void>[] = [];
    for (let i = 0; i < total; i += 1) {
      const due = started + i * gapMs;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      sends.push(post(base).then((status) => count(status, performance.now() - due)));
    }
    await Promise.all(sends);
  }
  result.seconds = (performance.now() - started) / 1_000;
  return result;
}

if (process.send) {
  const [base = '', mode = 'closed', amount = '8', seconds = '10'] = process.argv.slice(2);
  const result = await run(base, mode, Number(amount), Number(seconds));
  process.send(result, () => process.exit(0));
}
