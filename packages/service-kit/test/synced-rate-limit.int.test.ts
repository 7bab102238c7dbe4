import { testMongoUrl } from '@b2g/infra/test-env';
import mongoose, { type Connection } from 'mongoose';
import { afterAll, describe, expect, it } from 'vitest';
import { SyncedRateLimits } from '../src/synced-rate-limit.js';

const url = testMongoUrl('syncedlimit');
const connections: Connection[] = [];
let clockMs = Date.UTC(2030, 0, 1);
const now = () => clockMs;
const budget = { name: 'beacons', windowMs: 60_000, limit: 5 };

/** One connection per simulated instance, a sync only when the test asks. */
async function instance() {
  const connection = await mongoose.createConnection(url).asPromise();
  connections.push(connection);
  const counts = new SyncedRateLimits(connection, { now, syncMs: 3_600_000 });
  return { counts, store: counts.store(budget) };
}

const hitsOf = async (store: Awaited<ReturnType<typeof instance>>['store'], client: string) =>
  (await store.increment(client)).totalHits;

afterAll(async () => {
  await connections[0]?.dropDatabase();
  await Promise.all(connections.map((connection) => connection.close()));
});

describe('SyncedRateLimits', () => {
  it('when one instance has used the budget, then another refuses the client once it has synced, and the first learns the second count at its next sync', async () => {
    const [a, b] = [await instance(), await instance()];
    const seen = [];
    for (let i = 0; i < 6; i += 1) seen.push(await hitsOf(a.store, 'client-1'));
    expect(seen).toEqual([1, 2, 3, 4, 5, 6]);
    await a.counts.sync();

    await b.counts.sync();
    expect(await hitsOf(b.store, 'client-1')).toBe(7);
    await b.counts.sync();
    expect(await hitsOf(a.store, 'client-1')).toBe(7);
    await a.counts.sync();
    expect(await hitsOf(a.store, 'client-1')).toBe(9);
    // Another client has a budget of its own.
    expect(await hitsOf(b.store, 'client-2')).toBe(1);
  });

  it('when a client has used less than a tenth of a larger budget here, then its count stays in memory until it does', async () => {
    const connection = await mongoose.createConnection(url).asPromise();
    connections.push(connection);
    const counts = new SyncedRateLimits(connection, { now, syncMs: 3_600_000 });
    const store = counts.store({ ...budget, name: 'larger', limit: 100 });
    const stored = connection.collection('rate_limit_counts');
    for (let i = 0; i < 9; i += 1) await store.increment('client-5');
    await counts.sync();
    expect(await stored.countDocuments({ client: 'client-5' })).toBe(0);

    await store.increment('client-5');
    await counts.sync();
    expect(await stored.findOne({ client: 'client-5' })).toMatchObject({ count: 10 });
  });

  it('when the window ends, then the client starts again from one and the old counts are deleted', async () => {
    const { counts, store } = await instance();
    await hitsOf(store, 'client-3');
    await counts.sync();
    const stored = connections[0]!.collection<{ group: string }>('rate_limit_counts');
    const slots = async () =>
      (await stored.find({ client: 'client-3' }).toArray()).map((doc) => doc.group);
    const [first] = await slots();

    clockMs += 2 * budget.windowMs;
    expect(await hitsOf(store, 'client-3')).toBe(1);
    await counts.sync();
    const now = await slots();
    expect(now).toHaveLength(1);
    expect(now[0]).not.toBe(first);
  });

  it('when a hit is taken back or the client reset, then the count shared with others drops too', async () => {
    const [a, b] = [await instance(), await instance()];
    await hitsOf(a.store, 'client-4');
    await hitsOf(a.store, 'client-4');
    await a.store.decrement('client-4');
    await a.counts.sync();
    await b.counts.sync();
    expect(await hitsOf(b.store, 'client-4')).toBe(2);
    await a.store.resetKey('client-4');
    await a.counts.sync();
    await b.counts.sync();
    expect(await hitsOf(b.store, 'client-4')).toBe(2);
  });
});
