import { describe, expect, it } from 'vitest';
import {
  hold,
  refusedUrl,
  startUpstream,
  withGateway,
  type TestServer,
  type UpstreamHandler,
} from './support.js';

const answer =
  (status: number): UpstreamHandler =>
  (req, res) => {
    res.writeHead(req.url === '/readyz' ? status : 404, { 'Content-Type': 'application/json' });
    res.end('{}');
  };

/** The gateway's environment with every service at `url`. */
const everyServiceAt = (url: string) => ({
  AUTH_URL: url,
  JOBS_URL: url,
  USER_ACTIVITY_URL: url,
  DNS_URL: url,
  ANALYTICS_URL: url,
});

const EVERY_SERVICE_READY = {
  auth: 'ready',
  jobs: 'ready',
  'user-activity': 'ready',
  dns: 'ready',
  analytics: 'ready',
};

/** The /readyz body when every service has one instance, in the state the service has. */
function oneInstanceEach(status: string, services: Record<string, string>) {
  const instances = Object.fromEntries(
    Object.entries(services).map(([service, state]) => [service, [state]]),
  );
  return { status, services, instances };
}

/**
 * What /readyz answers, its status and its parsed body, on a gateway started with `env`; the
 * gateway and the `upstreams` are closed afterwards.
 */
async function readiness(
  env: Record<string, string>,
  ...upstreams: TestServer[]
): Promise<{ status: number; body: unknown }> {
  let answered: { status: number; body: unknown } = { status: 0, body: undefined };
  await withGateway(
    env,
    async (gateway) => {
      const response = await fetch(`${gateway.url}/readyz`);
      answered = { status: response.status, body: await response.json() };
    },
    ...upstreams,
  );
  return answered;
}

describe('health', () => {
  it('when the gateway runs, then /healthz says ok whatever the services do', async () => {
    await withGateway({}, async (gateway) => {
      const response = await fetch(`${gateway.url}/healthz`);

      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok' });
    });
  });

  it('when every service is ready, then /readyz is 200 and names each one as ready', async () => {
    const ready = await startUpstream(answer(200));

    expect(await readiness(everyServiceAt(ready.url), ready)).toEqual({
      status: 200,
      body: oneInstanceEach('ready', EVERY_SERVICE_READY),
    });
  });

  it('when some services are not ready, hang or are down, then /readyz is 200 degraded and says which', async () => {
    const ready = await startUpstream(answer(200));
    const notReady = await startUpstream(answer(503));
    const hanging = await startUpstream(hold().handler);
    const env = {
      AUTH_URL: ready.url,
      JOBS_URL: notReady.url,
      USER_ACTIVITY_URL: hanging.url,
      DNS_URL: await refusedUrl(),
      ANALYTICS_URL: ready.url,
      READINESS_TIMEOUT_MS: '200',
    };

    expect(await readiness(env, ready, notReady, hanging)).toEqual({
      status: 200,
      body: oneInstanceEach('degraded', {
        auth: 'ready',
        jobs: 'not_ready',
        'user-activity': 'timeout',
        dns: 'unreachable',
        analytics: 'ready',
      }),
    });
  });

  it('when no service answers, then /readyz is 503 not_ready and says why for each', async () => {
    const notReady = await startUpstream(answer(503));
    const down = await refusedUrl();
    const env = {
      AUTH_URL: notReady.url,
      JOBS_URL: down,
      USER_ACTIVITY_URL: down,
      DNS_URL: notReady.url,
      ANALYTICS_URL: down,
    };

    expect(await readiness(env, notReady)).toEqual({
      status: 503,
      body: oneInstanceEach('not_ready', {
        auth: 'not_ready',
        jobs: 'unreachable',
        'user-activity': 'unreachable',
        dns: 'not_ready',
        analytics: 'unreachable',
      }),
    });
  });

  it('when a service has two instances and one is down, then the service is ready and each instance is listed', async () => {
    const ready = await startUpstream(answer(200));
    const down = await refusedUrl();
    const env = {
      ...everyServiceAt(ready.url),
      JOBS_URL: `${down},${ready.url}`,
      USER_ACTIVITY_URL: `${ready.url},${down}`,
    };
    const readyz = await readiness(env, ready);

    expect(readyz).toEqual({
      status: 200,
      body: {
        status: 'ready',
        services: EVERY_SERVICE_READY,
        instances: {
          auth: ['ready'],
          jobs: ['unreachable', 'ready'],
          'user-activity': ['ready', 'unreachable'],
          dns: ['ready'],
          analytics: ['ready'],
        },
      },
    });
    expect(JSON.stringify(readyz.body)).not.toContain(new URL(down).port);
  });
});
