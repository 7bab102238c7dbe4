import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { echo, emptyDir, startUpstream, withGateway } from './support.js';

function directives(csp: string | null): Map<string, string> {
  return new Map(
    (csp ?? '').split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources.join(' ')];
    }),
  );
}

/** Sends only the headers of a request announcing `contentLength` bytes, and reads the answer. */
function announceBody(gatewayUrl: string, path: string, contentLength: number) {
  const { port } = new URL(gatewayUrl);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path,
      method: 'POST',
      headers: { 'Content-Length': contentLength },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.flushHeaders();
  });
}

describe('content security policy', () => {
  it('when no analytics is configured, then pages may only use their own bundles', async () => {
    await withGateway({}, async (gateway) => {
      const csp = directives(
        (await fetch(`${gateway.url}/`)).headers.get('content-security-policy'),
      );

      expect(csp.get('script-src')).toBe("'self'");
      expect(csp.get('style-src')).toBe("'self' 'unsafe-inline'");
      expect(csp.get('img-src')).toBe("'self' data:");
      expect(csp.get('connect-src')).toBe("'self'");
      expect(csp.get('object-src')).toBe("'none'");
    });
  });

  it('when an analytics script is configured, then its origin alone is added to scripts and connections', async () => {
    await withGateway(
      { ANALYTICS_SCRIPT_URL: 'https://analytics.example.com/js/script.js' },
      async (gateway) => {
        const csp = directives(
          (await fetch(`${gateway.url}/jobs`)).headers.get('content-security-policy'),
        );

        expect(csp.get('script-src')).toBe("'self' https://analytics.example.com");
        expect(csp.get('connect-src')).toBe("'self' https://analytics.example.com");
        expect(csp.get('img-src')).toBe("'self' data:");
      },
    );
  });

  it('when a remote is served from another origin, then the page may load it from there', async () => {
    await withGateway(
      { MFE_ADMIN_MANIFEST: 'https://cdn.example.gov/admin/mf-manifest.json' },
      async (gateway) => {
        const csp = directives(
          (await fetch(`${gateway.url}/`)).headers.get('content-security-policy'),
        );

        expect(csp.get('script-src')).toBe("'self' https://cdn.example.gov");
        expect(csp.get('connect-src')).toBe("'self' https://cdn.example.gov");
      },
    );
  });
});

describe('CORS', () => {
  it('when no allow-list is configured, then another origin gets no CORS permission', async () => {
    await withGateway({}, async (gateway) => {
      const response = await fetch(`${gateway.url}/healthz`, {
        headers: { Origin: 'https://evil.example' },
      });

      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    });
  });

  it('when an origin is on the allow-list, then it may call with credentials and its preflight is answered', async () => {
    await withGateway(
      { CORS_ORIGINS: 'https://partner.example.gov, http://localhost:3000' },
      async (gateway) => {
        const preflight = await fetch(`${gateway.url}/api/jobs`, {
          method: 'OPTIONS',
          headers: {
            Origin: 'http://localhost:3000',
            'Access-Control-Request-Method': 'POST',
            'Access-Control-Request-Headers': 'content-type, authorization',
          },
        });
        const denied = await fetch(`${gateway.url}/healthz`, {
          headers: { Origin: 'https://evil.example' },
        });

        expect(preflight.status).toBe(204);
        expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
        expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
        expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
        expect(preflight.headers.get('access-control-allow-headers')).toBe(
          'content-type, authorization',
        );
        expect(denied.headers.get('access-control-allow-origin')).toBeNull();
        expect(denied.headers.get('vary')).toContain('Origin');
      },
    );
  });
});

/** Sends `total` requests, `concurrency` at a time, and counts the answers by status. */
async function burst(total: number, concurrency: number, send: () => Promise<Response>) {
  const statuses = new Map<number, number>();
  let sent = 0;
  const worker = async () => {
    while (sent < total) {
      sent += 1;
      const response = await send();
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return Object.fromEntries(statuses);
}

/** A shell and a public remote build, so the gateway has bundles to serve. */
function bundleFolders(): Record<string, string> {
  const root = emptyDir();
  for (const dir of ['shell', 'public']) mkdirSync(join(root, dir));
  writeFileSync(join(root, 'shell', 'index.html'), '<!doctype html><title>t</title>');
  writeFileSync(join(root, 'shell', 'main.1a2b3c4d.js'), 'console.log("main")');
  writeFileSync(join(root, 'public', 'remoteEntry.js'), 'console.log("remote")');
  return { SHELL_DIR: join(root, 'shell'), MFE_PUBLIC_DIR: join(root, 'public') };
}

describe('rate limits', () => {
  it('when a client exceeds the per-IP read budget, then it gets 429 with Retry-After', async () => {
    const upstream = await startUpstream(echo('jobs'));
    await withGateway(
      { JOBS_URL: upstream.url, READ_RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' },
      async (gateway) => {
        const statuses = [];
        for (let i = 0; i < 3; i++) statuses.push((await fetch(`${gateway.url}/api/jobs`)).status);
        const limited = await fetch(`${gateway.url}/api/jobs`);

        expect(statuses).toEqual([200, 200, 200]);
        expect(limited.status).toBe(429);
        expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await limited.json()).toEqual({
          error: { code: 'RATE_LIMITED', message: expect.any(String) },
        });
        expect((await fetch(`${gateway.url}/`)).status).not.toBe(429);
      },
    );
    await upstream.close();
  });

  it("when a client calls a service and the gateway's own /api answers, then both count against one budget, with the RateLimit headers", async () => {
    const upstream = await startUpstream(echo('jobs'));
    await withGateway(
      { JOBS_URL: upstream.url, READ_RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW_MS: '60000' },
      async (gateway) => {
        const proxied = await fetch(`${gateway.url}/api/jobs`);
        const own = await fetch(`${gateway.url}/api/nothing-here`);
        const limited = await fetch(`${gateway.url}/api/jobs`);

        expect([proxied.status, own.status, limited.status]).toEqual([200, 404, 429]);
        expect(proxied.headers.get('ratelimit-policy')).toBe('2;w=60');
        expect(proxied.headers.get('ratelimit')).toBe('limit=2, remaining=1, reset=60');
        expect(own.headers.get('ratelimit')).toMatch(/^limit=2, remaining=0, reset=(59|60)$/);
        expect(limited.headers.get('retry-after')).toMatch(/^(59|60)$/);
        expect(await limited.json()).toEqual({
          error: {
            code: 'RATE_LIMITED',
            message: `Too many requests. Try again in ${limited.headers.get('retry-after')} seconds.`,
          },
        });
        expect(upstream.received).toHaveLength(1);
      },
    );
    await upstream.close();
  });

  it('when one address loads bundles and pages far past every budget, then none is rate limited', async () => {
    const env = { ...bundleFolders(), READ_RATE_LIMIT_MAX: '1', RATE_LIMIT_MAX: '1' };
    await withGateway(env, async (gateway) => {
      const paths = ['/', '/jobs', '/main.1a2b3c4d.js', '/mfe/public/remoteEntry.js'];
      let i = 0;
      const statuses = await burst(200, 10, () => fetch(`${gateway.url}${paths[i++ % 4]}`));

      expect(statuses).toEqual({ 200: 200 });
    });
  });

  it('when one address sends a burst of 2,000 reads in a minute, then every one is served', async () => {
    const upstream = await startUpstream(echo('jobs'));
    await withGateway({ JOBS_URL: upstream.url }, async (gateway) => {
      const statuses = await burst(2_000, 20, () => fetch(`${gateway.url}/api/jobs?q=sales`));

      expect(statuses).toEqual({ 200: 2_000 });
    });
    await upstream.close();
  }, 30_000);

  it('when a client exceeds the write budget, then its writes get 429 while its reads go on', async () => {
    const upstream = await startUpstream(echo('user-activity'));
    await withGateway({ USER_ACTIVITY_URL: upstream.url, RATE_LIMIT_MAX: '2' }, async (gateway) => {
      const bookmark = () => fetch(`${gateway.url}/api/user/bookmarks`, { method: 'POST' });
      const writes = [
        (await bookmark()).status,
        (await bookmark()).status,
        (await bookmark()).status,
      ];

      expect(writes).toEqual([200, 200, 429]);
      expect((await fetch(`${gateway.url}/api/user/bookmarks`)).status).toBe(200);
    });
    await upstream.close();
  });

  it.each([
    ['/api/auth/login', '/api/auth/Login'],
    ['/api/auth/login', '/api/auth//login'],
    ['/api/auth/login', '/api/auth/LOGIN//'],
    ['/api/admin/login', '/api/admin/Login'],
    ['/api/jobs', '/api/JOBS'],
    ['/api/jobs/extract-from-url', '/api/jobs/Extract-From-Url'],
    ['/api/jobs/extract-from-url', '/api/jobs//extract-from-url'],
  ])(
    'when a client has used up %s and posts to %s, then the same strict limit stops it',
    async (path, spelling) => {
      const upstream = await startUpstream(echo('any'));
      const env = { AUTH_URL: upstream.url, JOBS_URL: upstream.url, STRICT_RATE_LIMIT_MAX: '2' };
      await withGateway(env, async (gateway) => {
        const post = (to: string) => fetch(`${gateway.url}${to}`, { method: 'POST', body: '{}' });
        const allowed = [(await post(path)).status, (await post(path)).status];
        const respelled = await post(spelling);

        expect(allowed).toEqual([200, 200]);
        expect(respelled.status).toBe(429);
      });
      await upstream.close();
    },
  );

  it.each([
    '/api/auth/login',
    '/api/admin/login',
    '/api/jobs',
    '/api/jobs/extract-from-url',
    '/api/employer/sign-in-link',
    '/api/employer/sign-in',
    '/api/employer/extend-link',
  ])(
    'when a client posts to %s too often, then the stricter limit stops it while other calls go on',
    async (path) => {
      const upstream = await startUpstream(echo('any'));
      const env = { AUTH_URL: upstream.url, JOBS_URL: upstream.url, STRICT_RATE_LIMIT_MAX: '2' };
      await withGateway(env, async (gateway) => {
        const post = () => fetch(`${gateway.url}${path}`, { method: 'POST', body: '{}' });
        const allowed = [(await post()).status, (await post()).status];
        const limited = await post();

        const withSlash = await fetch(`${gateway.url}${path}/`, { method: 'POST', body: '{}' });

        expect(allowed).toEqual([200, 200]);
        expect(limited.status).toBe(429);
        expect(withSlash.status).toBe(429);
        expect(limited.headers.get('retry-after')).not.toBeNull();
        expect((await fetch(`${gateway.url}/api/jobs/featured`)).status).toBe(200);
        expect((await fetch(`${gateway.url}/api/auth/register`, { method: 'POST' })).status).toBe(
          200,
        );
      });
      await upstream.close();
    },
  );

  it('when a login is refused by the write budget, then it does not count against the strict one', async () => {
    const upstream = await startUpstream(echo('auth'));
    const env = {
      AUTH_URL: upstream.url,
      RATE_LIMIT_MAX: '1',
      RATE_LIMIT_WINDOW_MS: '60000',
      STRICT_RATE_LIMIT_MAX: '2',
      STRICT_RATE_LIMIT_WINDOW_MS: '600000',
    };
    // Only Date is faked: the write budget's window ends when the test moves the clock, while
    // sockets and the stores' sweeps keep real timers (the sweeps run once a window).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      await withGateway(env, async (gateway) => {
        const login = async () =>
          (await fetch(`${gateway.url}/api/auth/login`, { method: 'POST', body: '{}' })).status;
        const firstWindow = [await login(), await login()];
        vi.setSystemTime(Date.now() + 60_000);
        const secondWindow = await login();
        vi.setSystemTime(Date.now() + 60_000);
        const thirdWindow = await login();

        // The second login was over the write budget only; the third is the strict limit's second.
        expect(firstWindow).toEqual([200, 429]);
        expect(secondWindow).toBe(200);
        expect(thirdWindow).toBe(429);
        expect(upstream.received).toHaveLength(2);
      });
    } finally {
      vi.useRealTimers();
    }
    await upstream.close();
  });

  it('when two clients behind the trusted proxy log in, then each IP has its own budget', async () => {
    const upstream = await startUpstream(echo('auth'));
    const env = { AUTH_URL: upstream.url, STRICT_RATE_LIMIT_MAX: '1', TRUST_PROXY: 'loopback' };
    await withGateway(env, async (gateway) => {
      const login = (ip: string) =>
        fetch(`${gateway.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'X-Forwarded-For': ip },
        });

      expect((await login('198.51.100.1')).status).toBe(200);
      expect((await login('198.51.100.1')).status).toBe(429);
      expect((await login('198.51.100.2')).status).toBe(200);
    });
    await upstream.close();
  });
});

describe('body size limit', () => {
  it('when a request announces a body over the limit, then it gets 413 before sending any of it', async () => {
    const upstream = await startUpstream(echo('jobs'));
    await withGateway({ JOBS_URL: upstream.url, BODY_LIMIT_BYTES: '1024' }, async (gateway) => {
      const answer = await announceBody(gateway.url, '/api/jobs', 10 * 1024 * 1024);

      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({
        error: { code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) },
      });
      expect(upstream.received).toHaveLength(0);
    });
    await upstream.close();
  });

  it('when a streamed body grows over the limit, then it gets 413', async () => {
    const upstream = await startUpstream(echo('jobs'));
    await withGateway({ JOBS_URL: upstream.url, BODY_LIMIT_BYTES: '1024' }, async (gateway) => {
      const chunks = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < 4; i++) controller.enqueue(new Uint8Array(512));
          controller.close();
        },
      });
      const response = await fetch(`${gateway.url}/api/jobs`, {
        method: 'POST',
        body: chunks,
        duplex: 'half',
      });

      expect(response.status).toBe(413);
    });
    await upstream.close();
  });

  it('when a body is within the limit, then it reaches the service whole', async () => {
    const upstream = await startUpstream(echo('jobs'));
    await withGateway({ JOBS_URL: upstream.url, BODY_LIMIT_BYTES: '1024' }, async (gateway) => {
      const body = JSON.stringify({ description: 'x'.repeat(900) });
      const response = await fetch(`${gateway.url}/api/jobs`, { method: 'POST', body });

      expect(response.status).toBe(200);
      expect(upstream.received[0]?.body).toBe(body);
    });
    await upstream.close();
  });
});

describe('logs', () => {
  it('when requests carry credentials, then no log line contains them', async () => {
    const upstream = await startUpstream((_req, res) => {
      res.writeHead(200, { 'Set-Cookie': 'admin_token=cookie-secret-3; HttpOnly' }).end('{}');
    });
    await withGateway({ AUTH_URL: upstream.url }, async (gateway) => {
      await fetch(`${gateway.url}/api/auth/verify?token=query-secret-2`, {
        headers: { Authorization: 'Bearer bearer-secret-1', Cookie: 'admin_token=cookie-secret-3' },
      });
      await fetch(`${gateway.url}/reset-password?token=query-secret-4&next=/`);

      const logs = gateway.logs.join('\n');
      expect(gateway.logs.length).toBeGreaterThanOrEqual(2);
      expect(logs).toContain('/api/auth/verify?token=[REDACTED]');
      for (const secret of [
        'bearer-secret-1',
        'query-secret-2',
        'cookie-secret-3',
        'query-secret-4',
      ]) {
        expect(logs).not.toContain(secret);
      }
    });
    await upstream.close();
  });

  it('when a request is answered or fails, then its one line names it by its request id', async () => {
    const upstream = await startUpstream((_req, res) => res.writeHead(200).end('{}'));
    await withGateway({ JOBS_URL: upstream.url }, async (gateway) => {
      const answered = { 'X-Request-Id': 'answered-1' };
      await fetch(`${gateway.url}/api/jobs`, { headers: answered });
      await fetch(`${gateway.url}/api/auth/verify`, { headers: { 'X-Request-Id': 'failed-1' } });

      const lines = gateway.logs.map((line) => JSON.parse(line) as Record<string, unknown>);
      const completed = lines.filter((line) => line.res !== undefined);
      expect(completed).toEqual([
        expect.objectContaining({
          reqId: 'answered-1',
          req: expect.objectContaining({ id: 'answered-1' }),
          res: { statusCode: 200 },
        }),
        expect.objectContaining({
          reqId: 'failed-1',
          req: expect.objectContaining({ id: 'failed-1' }),
          res: { statusCode: 503 },
        }),
      ]);
      expect(completed[1]).not.toHaveProperty('err');
    });
    await upstream.close();
  });
});

describe('headers of API answers', () => {
  it("when the gateway answers an /api call itself, then it says nosniff; a service's own headers pass through", async () => {
    const upstream = await startUpstream((_req, res) => {
      res.writeHead(200, { 'Content-Security-Policy': "default-src 'none'" }).end('{}');
    });
    await withGateway({ JOBS_URL: upstream.url }, async (gateway) => {
      const own = await fetch(`${gateway.url}/api/nothing-here`);
      const proxied = await fetch(`${gateway.url}/api/jobs`);

      expect(own.status).toBe(404);
      expect(own.headers.get('x-content-type-options')).toBe('nosniff');
      expect(proxied.headers.get('content-security-policy')).toBe("default-src 'none'");
    });
    await upstream.close();
  });
});
