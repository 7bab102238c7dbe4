/**
 * Bookmark → activity item delay: 200 bookmarks, one after another, each by a new user, through
 * HTTP on the in-process app with the real database, broker, outbox relay and consumer. The delay
 * runs from the 201 answer (bookmark and event committed) until the item is in the feed's
 * collection, polled every 2 ms. Run: pnpm --filter @b2g/user-activity bench
 */
import { performance } from 'node:perf_hooks';
import { ensureInfrastructure } from '@b2g/infra';
import request from 'supertest';

const COUNT = Number(process.env.BENCH_COUNT ?? 200);
const POLL_MS = 2;

function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
  const mean = sorted.reduce((sum, v) => sum + v, 0) / sorted.length;
  return [50, 90, 99, 100]
    .map((p) => `${p === 100 ? 'max' : `p${p}`} ${at(p).toFixed(1)} ms`)
    .concat(`mean ${mean.toFixed(1)} ms`)
    .join('  ');
}

const infra = await ensureInfrastructure({
  useDocker: false,
  log: (line) => console.log(`[infra] ${line}`),
});
process.env.MONGO_URL ??= infra.mongoUrl;
process.env.AMQP_URL ??= infra.amqpUrl;
const { startHarness } = await import('../test/helpers.js');

const h = await startHarness({ prefetch: 20 });
try {
  const job = await h.createJob({ title: 'Bench job' });
  const delays: number[] = [];
  const relayDelays: number[] = [];
  const started = performance.now();
  for (let i = 0; i < COUNT; i += 1) {
    const user = h.tokens.newUser();
    const res = await request(h.app)
      .post('/api/user/bookmarks')
      .set('Authorization', h.tokens.bearer(user))
      .send({ jobId: job.id })
      .expect(201);
    const committed = performance.now();
    const bookmarkId = String(res.body.id);
    let relayed: number | undefined;
    const onExchange = () =>
      h.published.some((e) => e.type === 'bookmark.added' && e.data.bookmarkId === bookmarkId);
    while ((await h.models.Activity.exists({ userId: user.id, sourceId: bookmarkId })) === null) {
      if (relayed === undefined && onExchange()) relayed = performance.now() - committed;
      if (performance.now() - committed > 10_000)
        throw new Error(`bookmark ${bookmarkId}: no activity item after 10 s`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    delays.push(performance.now() - committed);
    relayDelays.push(relayed ?? performance.now() - committed);
  }
  const total = performance.now() - started;
  console.log(`${COUNT} bookmarks, one after another (poll every ${POLL_MS} ms)`);
  console.log(`bookmark -> activity item     ${summary(delays)}`);
  console.log(`  of which outbox -> exchange ${summary(relayDelays)}`);
  console.log(`total ${(total / 1000).toFixed(1)} s (including the HTTP calls and the polling)`);
} finally {
  await h.close();
}
