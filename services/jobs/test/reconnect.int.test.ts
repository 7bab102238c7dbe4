import type { Job } from '@b2g/contracts';
import { testMongoUrl } from '@b2g/infra/test-env';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BrokerProxy,
  eventually,
  newWorld,
  publicPost,
  removeTopology,
  startInstance,
  type RunningInstance,
} from './support.js';

const world = newWorld(testMongoUrl('jobs'));
const proxy = new BrokerProxy();
let a: RunningInstance;
let b: RunningInstance;

const searchIds = async (instance: RunningInstance, search: string) =>
  ((await request(instance.app).get('/api/jobs').query({ search })).body as Job[]).map(
    (job) => job.id,
  );

beforeAll(async () => {
  await proxy.start();
  a = await startInstance(world);
  b = await startInstance(world, {}, proxy.url);
});

afterAll(async () => {
  await b.close();
  await proxy.stop();
  await a.connection.dropDatabase();
  await a.close();
  await removeTopology(world);
});

describe('an instance cut off from the broker', () => {
  it('when it reconnects, then it rebuilds its index and sees the changes it missed', async () => {
    await proxy.stop();
    await eventually(() => expect(b.bus.connected).toBe(false));
    const created = await request(a.app)
      .post('/api/jobs')
      .send(publicPost({ title: 'Gyrocompass Field Marketing Lead' }));
    expect(created.status).toBe(201);
    expect(await searchIds(b, 'gyrocompass')).toEqual([]);

    await proxy.start();
    await eventually(
      async () => expect(await searchIds(b, 'gyrocompass')).toEqual([created.body.id]),
      10_000,
    );
    expect((await request(b.app).get('/readyz')).status).toBe(200);
  });
});
