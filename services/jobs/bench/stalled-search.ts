/**
 * How long the jobs API takes to answer while OpenSearch takes connections and never answers (one
 * starting up), beside the same calls with OpenSearch answering, in one run: writes and reads go
 * to MongoDB within each call's bound, ahead of the gateway's upstream timeout.
 * Run in services/jobs: `node --conditions=source --import tsx bench/stalled-search.ts` (starts the
 * local servers when none run); BENCH_ROUNDS sets the rounds.
 */
import { createServer, type Socket } from 'node:net';
import { ensureInfrastructure } from '@b2g/infra';
import request from 'supertest';
import { adminPost, publicPost } from '../test/support.js';
import {
  newWorld,
  removeSearchIndices,
  removeTopology,
  startInstance,
  tokens,
  type RunningInstance,
} from '../test/world.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CALLS = ['post', 'edit', 'delete', 'list', 'featured'] as const;
type Call = (typeof CALLS)[number];

const infra = await ensureInfrastructure({ log: (line) => console.log(`[infra] ${line}`) });
process.env.MONGO_URL = infra.mongoUrl;
process.env.AMQP_URL = infra.amqpUrl;
process.env.OPENSEARCH_URL = infra.opensearchUrl;

const sockets = new Set<Socket>();
const silent = createServer((socket) => sockets.add(socket));
await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
const { port } = silent.address() as { port: number };

const world = newWorld();
const live = await startInstance(world);
const stalled = await startInstance(
  world,
  {},
  { opensearchUrl: `http://127.0.0.1:${port}`, waitForIndex: false },
);

async function timed(call: () => PromiseLike<{ status: number }>): Promise<number> {
  const started = performance.now();
  const { status } = await call();
  if (status >= 300) throw new Error(`answered ${status}`);
  return performance.now() - started;
}

/** One post, edit, delete, listing and featured read on `instance`: each call's milliseconds. */
async function round(instance: RunningInstance, title: string): Promise<Record<Call, number>> {
  let id = '';
  const post = await timed(async () => {
    const res = await request(instance.app).post('/api/jobs').send(publicPost({ title }));
    id = String(res.body.id);
    return res;
  });
  const admin = `/api/admin/jobs/${id}`;
  const cookie = tokens.adminCookie();
  return {
    post,
    edit: await timed(() =>
      request(instance.app)
        .put(admin)
        .set('Cookie', cookie)
        .send(adminPost({ title: `${title} Lead` })),
    ),
    delete: await timed(() => request(instance.app).delete(admin).set('Cookie', cookie)),
    list: await timed(() => request(instance.app).get('/api/jobs').query({ limit: 5 })),
    featured: await timed(() => request(instance.app).get('/api/jobs/featured')),
  };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

try {
  const figures: Record<'live' | 'stalled', Array<Record<Call, number>>> = {
    live: [],
    stalled: [],
  };
  for (let n = 0; n < ROUNDS; n++) {
    const letter = String.fromCharCode(65 + (n % 26));
    figures.live.push(await round(live, `Sedge Buyer Live ${letter}`));
    figures.stalled.push(await round(stalled, `Sedge Buyer Stalled ${letter}`));
  }
  console.log(`median ms over ${ROUNDS} rounds (OpenSearch answering | never answering | ratio)`);
  for (const call of CALLS) {
    const answering = median(figures.live.map((each) => each[call]));
    const silentMs = median(figures.stalled.map((each) => each[call]));
    console.log(
      `${call.padEnd(8)} ${answering.toFixed(0).padStart(6)} | ${silentMs.toFixed(0).padStart(6)} | ${(silentMs / answering).toFixed(1)}`,
    );
  }
} finally {
  for (const socket of sockets) socket.destroy();
  silent.close();
  await stalled.close();
  await live.connection.dropDatabase();
  await live.close();
  await removeTopology(world);
  await removeSearchIndices(world);
  await infra.stop();
}
