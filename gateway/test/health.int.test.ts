import { describe, expect, it } from 'vitest';
import { hold, refusedUrl, startGateway, startUpstream, type UpstreamHandler } from './support.js';

const answer =
  (status: number): UpstreamHandler =>
  (req, res) => {
    res.writeHead(req.url === '/readyz' ? status : 404, { 'Content-Type': 'application/json' });
    res.end('{}');
  };

describe('health', () => {
  it('when the gateway runs, then /healthz says ok whatever the services do', async () => {
    const gateway = await startGateway();
    try {
      const response = await fetch(`${gateway.url}/healthz`);

      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok' });
    } finally {
      await gateway.close();
    }
  });

  it('when every service is ready, then /readyz is 200 and names each one as ready', async () => {
    const ready = await startUpstream(answer(200));
    const gateway = await startGateway({
      AUTH_URL: ready.url,
      JOBS_URL: ready.url,
      USER_ACTIVITY_URL: ready.url,
      DNS_URL: ready.url,
    });
    try {
      const response = await fetch(`${gateway.url}/readyz`);

      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        status: 'ready',
        services: { auth: 'ready', jobs: 'ready', 'user-activity': 'ready', dns: 'ready' },
        instances: { auth: ['ready'], jobs: ['ready'], 'user-activity': ['ready'], dns: ['ready'] },
      });
    } finally {
      await gateway.close();
      await ready.close();
    }
  });

  it('when some services are not ready, hang or are down, then /readyz is 200 degraded and says which', async () => {
    const ready = await startUpstream(answer(200));
    const notReady = await startUpstream(answer(503));
    const hung = hold();
    const hanging = await startUpstream(hung.handler);
    const gateway = await startGateway({
      AUTH_URL: ready.url,
      JOBS_URL: notReady.url,
      USER_ACTIVITY_URL: hanging.url,
      DNS_URL: await refusedUrl(),
      READINESS_TIMEOUT_MS: '200',
    });
    try {
      const response = await fetch(`${gateway.url}/readyz`);

      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        status: 'degraded',
        services: {
          auth: 'ready',
          jobs: 'not_ready',
          'user-activity': 'timeout',
          dns: 'unreachable',
        },
        instances: {
          auth: ['ready'],
          jobs: ['not_ready'],
          'user-activity': ['timeout'],
          dns: ['unreachable'],
        },
      });
    } finally {
      await gateway.close();
      await Promise.all([ready.close(), notReady.close(), hanging.close()]);
    }
  });

  it('when no service answers, then /readyz is 503 not_ready and says why for each', async () => {
    const notReady = await startUpstream(answer(503));
    const down = await refusedUrl();
    const gateway = await startGateway({
      AUTH_URL: notReady.url,
      JOBS_URL: down,
      USER_ACTIVITY_URL: down,
      DNS_URL: notReady.url,
    });
    try {
      const response = await fetch(`${gateway.url}/readyz`);

      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        status: 'not_ready',
        services: {
          auth: 'not_ready',
          jobs: 'unreachable',
          'user-activity': 'unreachable',
          dns: 'not_ready',
        },
        instances: {
          auth: ['not_ready'],
          jobs: ['unreachable'],
          'user-activity': ['unreachable'],
          dns: ['not_ready'],
        },
      });
    } finally {
      await gateway.close();
      await notReady.close();
    }
  });

  it('when a service has two instances and one is down, then the service is ready and each instance is listed', async () => {
    const ready = await startUpstream(answer(200));
    const down = await refusedUrl();
    const gateway = await startGateway({
      AUTH_URL: ready.url,
      JOBS_URL: `${down},${ready.url}`,
      USER_ACTIVITY_URL: `${ready.url},${down}`,
      DNS_URL: ready.url,
    });
    try {
      const response = await fetch(`${gateway.url}/readyz`);
      const body = await response.text();

      expect(response.status).toBe(200);
      expect(JSON.parse(body)).toEqual({
        status: 'ready',
        services: { auth: 'ready', jobs: 'ready', 'user-activity': 'ready', dns: 'ready' },
        instances: {
          auth: ['ready'],
          jobs: ['unreachable', 'ready'],
          'user-activity': ['ready', 'unreachable'],
          dns: ['ready'],
        },
      });
      expect(body).not.toContain(new URL(down).port);
    } finally {
      await gateway.close();
      await ready.close();
    }
  });
});
