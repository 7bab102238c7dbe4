import { testAmqpUrl } from '@b2g/infra/test-env';
import { TcpProxy } from '@b2g/event-bus/testing';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  instanceForFile,
  newWorld,
  publicPost,
  searchIds,
  startInstance,
  type RunningInstance,
} from './support.js';

const world = newWorld();
const proxy = new TcpProxy(new URL(testAmqpUrl()));
const a = instanceForFile(world);
let b: RunningInstance;

beforeAll(async () => {
  await proxy.start();
  b = await startInstance(world, {}, { amqpUrl: proxy.url });
});

afterAll(async () => {
  await b.close();
  await proxy.stop();
});

describe('an instance cut off from the broker', () => {
  it('when it is cut off, then it still answers searches with every change (the index is shared), says RabbitMQ is down, and is ready again once reconnected', async () => {
    await proxy.stop();
    await eventually(() => expect(b.bus.connected).toBe(false));
    const created = await request(a.app)
      .post('/api/jobs')
      .send(publicPost({ title: 'Gyrocompass Field Marketing Lead' }));
    expect(created.status).toBe(201);
    await eventually(async () =>
      expect(await searchIds(b, 'gyrocompass')).toEqual([created.body.id]),
    );
    const cutOff = await request(b.app).get('/readyz');
    expect(cutOff.status).toBe(503);
    expect(cutOff.body.checks).toMatchObject({ rabbitmq: 'down', opensearch: 'up' });

    await proxy.start();
    await eventually(
      async () => expect((await request(b.app).get('/readyz')).status).toBe(200),
      10_000,
    );
  });
});
