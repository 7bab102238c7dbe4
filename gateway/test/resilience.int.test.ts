import { request, type ClientRequest, type ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  echo,
  hold,
  refusedUrl,
  startUpstream,
  waitFor,
  withGateway,
  type TestGateway,
} from './support.js';

/** A GET of `path` through the gateway, sent when ended; the test breaks it off, so errors are expected. */
function requestThatMayBreak(gateway: TestGateway, path: string): ClientRequest {
  const { port } = new URL(gateway.url);
  const client = request({ host: '127.0.0.1', port, path });
  client.on('error', () => undefined);
  return client;
}

describe('resilience', () => {
  it('when a service refuses connections, then the client gets 503 naming no internal host or port', async () => {
    const dead = await refusedUrl();
    await withGateway({ JOBS_URL: dead }, async (gateway) => {
      const response = await fetch(`${gateway.url}/api/jobs`);
      const text = await response.text();

      expect(response.status).toBe(503);
      expect(JSON.parse(text)).toEqual({
        error: { code: 'SERVICE_UNAVAILABLE', message: expect.any(String) },
      });
      expect(text).not.toContain('127.0.0.1');
      expect(text).not.toContain(new URL(dead).port);
      expect(text).not.toContain('ECONNREFUSED');
    });
  });

  it('when a service host does not resolve, then the client gets 503', async () => {
    await withGateway({ DNS_URL: 'http://dns-service.invalid:4004' }, async (gateway) => {
      const response = await fetch(`${gateway.url}/api/dns/check-email`);
      const text = await response.text();

      expect(response.status).toBe(503);
      expect(JSON.parse(text)).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
      expect(text).not.toContain('dns-service.invalid');
    });
  });

  it('when a service does not answer in time, then the client gets 504', async () => {
    const hung = hold();
    const upstream = await startUpstream(hung.handler);
    await withGateway(
      { USER_ACTIVITY_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '100' },
      async (gateway) => {
        const response = await fetch(`${gateway.url}/api/user/bookmarks`);

        expect(response.status).toBe(504);
        expect(await response.json()).toEqual({
          error: { code: 'GATEWAY_TIMEOUT', message: expect.any(String) },
        });
        // The gateway gave up on the upstream request too, instead of leaving it open.
        await waitFor(() => hung.pending.every((res) => res.destroyed));
      },
      upstream,
    );
  });

  it('when a default route has already timed out, then the URL extraction still waits for its longer timeout', async () => {
    const hung = hold();
    const upstream = await startUpstream(hung.handler);
    const env = {
      JOBS_URL: upstream.url,
      UPSTREAM_TIMEOUT_MS: '100',
      EXTRACT_FROM_URL_TIMEOUT_MS: '10000',
    };
    await withGateway(
      env,
      async (gateway) => {
        const extraction = fetch(`${gateway.url}/api/jobs/extract-from-url`, {
          method: 'POST',
          body: '{}',
        });
        const featured = await fetch(`${gateway.url}/api/jobs/featured`);
        expect(featured.status).toBe(504);

        await waitFor(() => hung.pending.some((res) => !res.destroyed));
        hung.release();

        expect((await extraction).status).toBe(200);
      },
      upstream,
    );
  });

  it('when one service hangs and another is dead, then a healthy service still answers at once', async () => {
    const hung = hold();
    const slow = await startUpstream(hung.handler);
    const fast = await startUpstream(echo('auth'));
    const env = {
      AUTH_URL: fast.url,
      JOBS_URL: slow.url,
      DNS_URL: await refusedUrl(),
      UPSTREAM_TIMEOUT_MS: '30000',
    };
    await withGateway(
      env,
      async (gateway) => {
        expect((await fetch(`${gateway.url}/api/auth/verify`)).status).toBe(200); // warm the path up
        const stuck = Array.from({ length: 50 }, () => fetch(`${gateway.url}/api/jobs`));
        const dead = Array.from({ length: 20 }, () => fetch(`${gateway.url}/api/dns/check-email`));
        await waitFor(() => hung.pending.length === stuck.length);

        const response = await fetch(`${gateway.url}/api/auth/verify`);

        // Answered while every hung request is still held (they would hold it for 30 s); how
        // long it takes is measured by bench/isolation.ts.
        expect(response.status).toBe(200);
        expect(hung.pending.every((res) => !res.writableEnded)).toBe(true);
        expect((await Promise.all(dead)).map((r) => r.status)).toEqual(dead.map(() => 503));

        hung.release();
        expect((await Promise.all(stuck)).every((r) => r.status === 200)).toBe(true);
      },
      fast,
      slow,
    );
  });

  it('when a service fails in the middle of its answer, then the client sees a broken response, not a complete one', async () => {
    const upstream = await startUpstream((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' });
      res.write('{"partial":');
      setImmediate(() => res.destroy());
    });
    await withGateway(
      { JOBS_URL: upstream.url },
      async (gateway) => {
        const response = await fetch(`${gateway.url}/api/jobs`);

        expect(response.status).toBe(200);
        await expect(response.text()).rejects.toThrow();
      },
      upstream,
    );
  });

  it('when the client goes away before the service answers, then the request to the service is dropped too', async () => {
    const hung = hold();
    const upstream = await startUpstream(hung.handler);
    await withGateway(
      { JOBS_URL: upstream.url },
      async (gateway) => {
        const client = requestThatMayBreak(gateway, '/api/jobs');
        client.end();
        await waitFor(() => hung.pending.length === 1);

        client.destroy();

        await waitFor(() => hung.pending[0]!.destroyed);
      },
      upstream,
    );
  });

  it('when the client goes away in the middle of the answer, then the service stops sending it', async () => {
    const streaming: ServerResponse[] = [];
    const upstream = await startUpstream((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('first part of a long answer');
      streaming.push(res);
    });
    await withGateway(
      { JOBS_URL: upstream.url },
      async (gateway) => {
        const client = requestThatMayBreak(gateway, '/api/jobs');
        client.on('response', () => client.destroy());
        client.end();

        await waitFor(() => streaming.length === 1 && streaming[0]!.destroyed);
      },
      upstream,
    );
  });
});
