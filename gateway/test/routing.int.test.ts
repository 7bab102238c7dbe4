import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  echo,
  startGateway,
  startUpstream,
  type TestGateway,
  type TestUpstream,
} from './support.js';

interface Echoed {
  upstream: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

const names = ['auth', 'jobs', 'user-activity', 'dns', 'analytics'] as const;
let upstreams: Record<(typeof names)[number], TestUpstream>;
let gateway: TestGateway;

beforeAll(async () => {
  const started = await Promise.all(names.map((name) => startUpstream(echo(name))));
  upstreams = {
    auth: started[0]!,
    jobs: started[1]!,
    'user-activity': started[2]!,
    dns: started[3]!,
    analytics: started[4]!,
  };
  gateway = await startGateway({
    AUTH_URL: upstreams.auth.url,
    JOBS_URL: upstreams.jobs.url,
    USER_ACTIVITY_URL: upstreams['user-activity'].url,
    DNS_URL: upstreams.dns.url,
    ANALYTICS_URL: upstreams.analytics.url,
  });
});

afterAll(async () => {
  await gateway.close();
  await Promise.all(Object.values(upstreams).map((upstream) => upstream.close()));
});

async function call(
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${gateway.url}${path}`, {
    method,
    headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body }),
  });
  return { response, echoed: (await response.json()) as Echoed };
}

describe('routing', () => {
  it.each([
    ['POST', '/api/auth/login', 'auth', '{"emailOrUsername":"ada","password":"secret123"}'],
    ['GET', '/api/auth/verify', 'auth', undefined],
    ['GET', '/api/admin/status', 'auth', undefined],
    ['POST', '/api/admin/login', 'auth', '{"password":"admin"}'],
    ['POST', '/api/admin/logout', 'auth', undefined],
    ['GET', '/api/jobs?search=cloud&sector=FEDERAL', 'jobs', undefined],
    ['POST', '/api/jobs', 'jobs', '{"title":"Capture manager"}'],
    ['POST', '/api/jobs/extract-from-url', 'jobs', '{"url":"https://example.gov/job"}'],
    ['GET', '/api/admin/jobs?include_deleted=true', 'jobs', undefined],
    ['PUT', '/api/admin/jobs/64b0f0c2a1/undelete', 'jobs', undefined],
    ['DELETE', '/api/admin/jobs/64b0f0c2a1?force=true', 'jobs', undefined],
    ['POST', '/api/user/bookmarks', 'user-activity', '{"jobId":"64b0f0c2a1"}'],
    ['DELETE', '/api/user/bookmarks/64b0f0c2a1', 'user-activity', undefined],
    ['GET', '/api/dns/check-email', 'dns', undefined],
    ['POST', '/api/analytics/events', 'analytics', '{"events":[]}'],
    ['GET', '/api/admin/stats?from=2026-01-01', 'analytics', undefined],
  ])(
    'when a client calls %s %s, then %s gets it with path, method and body unchanged',
    async (method, path, upstream, body) => {
      const { response, echoed } = await call(method, path, body);

      expect(response.status).toBe(200);
      expect(echoed).toMatchObject({ upstream, method, url: path, body: body ?? '' });
    },
  );

  it.each(['/api', '/api/unknown', '/api/admin/users', '/api/jobsearch'])(
    'when a client calls %s, which no service owns, then it gets a 404 error body',
    async (path) => {
      const response = await fetch(`${gateway.url}${path}`);

      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: { code: 'NOT_FOUND', message: expect.any(String) },
      });
    },
  );

  it('when the upstream answers with a status, headers and cookies, then the client gets them as sent', async () => {
    const custom = await startUpstream((_req, res) => {
      res.writeHead(201, {
        'Set-Cookie': 'admin_token=abc; HttpOnly; SameSite=Strict',
        'X-Custom': 'yes',
      });
      res.end('created');
    });
    const local = await startGateway({ AUTH_URL: custom.url });
    try {
      const response = await fetch(`${local.url}/api/admin/login`, { method: 'POST' });

      expect(response.status).toBe(201);
      expect(response.headers.get('set-cookie')).toBe('admin_token=abc; HttpOnly; SameSite=Strict');
      expect(response.headers.get('x-custom')).toBe('yes');
      expect(await response.text()).toBe('created');
    } finally {
      await local.close();
      await custom.close();
    }
  });
});

describe('compression of service answers', () => {
  it('when a service answers in plain JSON, then an answer over 1 KiB is compressed as the client accepts and a smaller one is not', async () => {
    const large = JSON.stringify({ jobs: Array.from({ length: 200 }, (_, i) => ({ id: i })) });
    const custom = await startUpstream((req, res) => {
      const body = req.url.startsWith('/api/jobs/featured') ? '{"jobs":[]}' : large;
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(body),
      });
      res.end(body);
    });
    const local = await startGateway({ JOBS_URL: custom.url });
    try {
      const compressed = await fetch(`${local.url}/api/jobs`, {
        headers: { 'Accept-Encoding': 'gzip' },
      });
      const small = await fetch(`${local.url}/api/jobs/featured`, {
        headers: { 'Accept-Encoding': 'gzip' },
      });

      expect(compressed.headers.get('content-encoding')).toBe('gzip');
      expect(compressed.headers.get('vary')).toContain('Accept-Encoding');
      expect(await compressed.text()).toBe(large);
      expect(small.headers.get('content-encoding')).toBeNull();
      expect(small.headers.get('vary')).toContain('Accept-Encoding');
      expect(await small.text()).toBe('{"jobs":[]}');
    } finally {
      await local.close();
      await custom.close();
    }
  });

  it('when a service streams events, then they reach the client uncompressed', async () => {
    const custom = await startUpstream((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.end(`data: ${'x'.repeat(4096)}\n\n`);
    });
    const local = await startGateway({ USER_ACTIVITY_URL: custom.url });
    try {
      const response = await fetch(`${local.url}/api/user/events`, {
        headers: { 'Accept-Encoding': 'gzip' },
      });

      expect(response.headers.get('content-encoding')).toBeNull();
      expect(await response.text()).toBe(`data: ${'x'.repeat(4096)}\n\n`);
    } finally {
      await local.close();
      await custom.close();
    }
  });
});

describe('request id', () => {
  it('when the client sends none, then one is made, forwarded to the service and returned', async () => {
    const { response, echoed } = await call('GET', '/api/jobs');

    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(echoed.headers['x-request-id']).toBe(id);
  });

  it('when the client sends one, then the same id reaches the service and comes back', async () => {
    const { response, echoed } = await call('GET', '/api/jobs', undefined, {
      'X-Request-Id': 'trace-42.a:b',
    });

    expect(echoed.headers['x-request-id']).toBe('trace-42.a:b');
    expect(response.headers.get('x-request-id')).toBe('trace-42.a:b');
  });

  it('when the client sends an unusable one, then a fresh id replaces it', async () => {
    const { response, echoed } = await call('GET', '/api/jobs', undefined, {
      'X-Request-Id': 'x'.repeat(200),
    });

    expect(echoed.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('x-request-id')).toBe(echoed.headers['x-request-id']);
  });
});

describe('forwarded headers', () => {
  it('when the gateway is the edge, then the service sees the connecting IP, not one the client made up', async () => {
    const { echoed } = await call('GET', '/api/user/stats', undefined, {
      'X-Forwarded-For': '203.0.113.9',
    });

    expect(echoed.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(echoed.headers['x-forwarded-proto']).toBe('http');
    expect(echoed.headers['x-forwarded-host']).toBe(new URL(gateway.url).host);
    expect(echoed.headers.host).toBe(new URL(gateway.url).host);
  });

  it('when TRUST_PROXY trusts the load balancer, then the service sees the client IP it reported', async () => {
    const behindProxy = await startGateway({
      USER_ACTIVITY_URL: upstreams['user-activity'].url,
      TRUST_PROXY: 'loopback',
    });
    try {
      const response = await fetch(`${behindProxy.url}/api/user/stats`, {
        headers: { 'X-Forwarded-For': '198.51.100.7', 'X-Forwarded-Proto': 'https' },
      });
      const echoed = (await response.json()) as Echoed;

      expect(echoed.headers['x-forwarded-for']).toBe('198.51.100.7');
      expect(echoed.headers['x-forwarded-proto']).toBe('https');
    } finally {
      await behindProxy.close();
    }
  });
});
