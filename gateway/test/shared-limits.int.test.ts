import { TcpProxy } from '@b2g/event-bus/testing';
import { testMongoUrl } from '@b2g/infra/test-env';
import mongoose from 'mongoose';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closedAfterEach, echo, refusedUrl, startGateway, startUpstream } from './support.js';

const mongoUrl = testMongoUrl('gateway');
/** The windows' clock: fixed, so no test crosses a window by accident. */
const now = () => Date.UTC(2030, 0, 1, 12, 0, 30);

const track = closedAfterEach();

afterAll(async () => {
  const connection = await mongoose.createConnection(mongoUrl).asPromise();
  await connection.dropDatabase();
  await connection.close();
});

/** `count` posts to `path` from `client`, in turn through each gateway, one after another. */
async function postInTurn(gateways: { url: string }[], client: string, path: string, count = 6) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const gateway = gateways[i % gateways.length]!;
    const init = { method: 'POST', body: '{}', headers: { 'X-Forwarded-For': client } };
    statuses.push((await fetch(`${gateway.url}${path}`, init)).status);
  }
  return statuses;
}

/** `count` gateways behind a proxy on loopback, on one database, each connected to it. */
async function gatewaysOnOneDatabase(count: number, env: Record<string, string>) {
  const upstream = track(await startUpstream(echo('any')));
  const services = { AUTH_URL: upstream.url, USER_ACTIVITY_URL: upstream.url };
  const gateways = [];
  for (let i = 0; i < count; i++) {
    const gateway = track(
      await startGateway(
        { ...services, ...env, TRUST_PROXY: 'loopback', MONGO_URL: mongoUrl },
        { now },
      ),
    );
    await gateway.sharedLimits?.connected;
    gateways.push(gateway);
  }
  return { upstream, gateways };
}

describe('rate limits shared by the gateways', () => {
  it.each([
    ['writes', '/api/user/bookmarks', { RATE_LIMIT_MAX: '4' }, ['198.51.100.1', '198.51.100.2']],
    [
      'sign-ins',
      '/api/auth/login',
      { STRICT_RATE_LIMIT_MAX: '4' },
      ['198.51.100.3', '198.51.100.4'],
    ],
  ])(
    'when %s alternate between two gateways, then they hit 429 at the same count as on one',
    async (_kind, path, env, [client, otherClient]) => {
      const one = await gatewaysOnOneDatabase(1, env);
      const two = await gatewaysOnOneDatabase(2, env);

      // Each run has a client address of its own, so the two never share a budget.
      const alone = await postInTurn(one.gateways, client!, path);
      const alternating = await postInTurn(two.gateways, otherClient!, path);

      expect(alone).toEqual([200, 200, 200, 200, 429, 429]);
      expect(alternating).toEqual(alone);
      expect(two.upstream.received).toHaveLength(4);
    },
  );

  it('when a client has used up the write budget on one gateway, then the other refuses it with the same window', async () => {
    const { gateways } = await gatewaysOnOneDatabase(2, { RATE_LIMIT_MAX: '1' });

    const statuses = await postInTurn(gateways, '198.51.100.5', '/api/alerts/subscribe', 2);
    const over = await fetch(`${gateways[1]!.url}/api/alerts/subscribe`, {
      method: 'POST',
      headers: { 'X-Forwarded-For': '198.51.100.5' },
    });

    expect(statuses).toEqual([200, 429]);
    // The clock stands half-way through a one-minute window.
    expect(over.headers.get('retry-after')).toBe('30');
    expect(over.headers.get('ratelimit')).toBe('limit=1, remaining=0, reset=30');
  });
});

describe('rate limits while their database does not answer', () => {
  it('when the database is down, then pages and proxying go on, each gateway counts its own budget, and one warning says so', async () => {
    const upstream = track(await startUpstream(echo('user-activity')));
    const gateway = track(
      await startGateway({
        USER_ACTIVITY_URL: upstream.url,
        RATE_LIMIT_MAX: '2',
        TRUST_PROXY: 'loopback',
        MONGO_URL: `mongodb://${new URL(await refusedUrl()).host}/b2g_gateway`,
      }),
    );

    const statuses = await postInTurn([gateway], '198.51.100.6', '/api/user/bookmarks', 3);
    const read = await fetch(`${gateway.url}/api/user/bookmarks`);

    expect(statuses).toEqual([200, 200, 429]);
    expect(read.status).toBe(200);
    const warnings = gateway.logs.filter((line) =>
      line.includes('rate limit database not answering'),
    );
    expect(warnings).toHaveLength(1);
  });

  it('when the database goes away and comes back, then the gateway counts on its own meanwhile with one warning, and shares the budget again after', async () => {
    const proxy = new TcpProxy(new URL(mongoUrl));
    await proxy.start();
    const throughProxy = new URL(proxy.url);
    throughProxy.searchParams.set('directConnection', 'true');
    const upstream = track(await startUpstream(echo('user-activity')));
    const env = { USER_ACTIVITY_URL: upstream.url, RATE_LIMIT_MAX: '2', TRUST_PROXY: 'loopback' };
    const [a, b] = [
      track(await startGateway({ ...env, MONGO_URL: throughProxy.toString() }, { now })),
      track(await startGateway({ ...env, MONGO_URL: mongoUrl }, { now })),
    ];
    await Promise.all([a.sharedLimits?.connected, b.sharedLimits?.connected]);
    const lines = (text: string) => a.logs.filter((line) => line.includes(text));
    try {
      expect(await postInTurn([a], '198.51.100.7', '/api/user/bookmarks', 1)).toEqual([200]);

      await proxy.stop();
      const duringOutage = await postInTurn([a], '198.51.100.7', '/api/user/bookmarks', 3);
      await proxy.start();
      // A write is counted in the database again once the driver has reconnected.
      await vi.waitFor(
        async () => {
          await postInTurn([a], '198.51.100.9', '/api/user/bookmarks', 1);
          expect(lines('rate limit database answering')).toHaveLength(1);
        },
        { timeout: 20_000, interval: 200 },
      );
      // Shared again: one hit through each gateway uses up a fresh client's budget.
      const shared = await postInTurn([a, b, a], '198.51.100.8', '/api/user/bookmarks', 3);

      expect(duringOutage).toEqual([200, 200, 429]);
      expect(lines('rate limit database not answering')).toHaveLength(1);
      expect(shared).toEqual([200, 200, 429]);
    } finally {
      await proxy.stop();
    }
  });
});
