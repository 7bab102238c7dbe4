import { describe, expect, it, vi } from 'vitest';
import { INSTANCE_COOLDOWN_MS } from '../src/upstream-pool.js';
import {
  closedAfterEach,
  echo,
  hold,
  refusedUrl,
  startGateway,
  startUpstream,
  waitFor,
  type TestUpstream,
} from './support.js';

/** Which instance answered each of `count` requests made one after another. */
async function answerers(url: string, count: number, init?: RequestInit): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(url, init);
    expect(response.status).toBe(200);
    names.push(((await response.json()) as { upstream: string }).upstream);
  }
  return names;
}

const tally = (names: string[]) =>
  names.reduce<Record<string, number>>((counts, name) => {
    counts[name] = (counts[name] ?? 0) + 1;
    return counts;
  }, {});

describe('several instances of a service', () => {
  const track = closedAfterEach();

  async function twoJobsInstances(env: Record<string, string> = {}) {
    const a = track(await startUpstream(echo('a')));
    const b = track(await startUpstream(echo('b')));
    const gateway = track(await startGateway({ JOBS_URL: `${a.url}, ${b.url}`, ...env }));
    return { a, b, gateway };
  }

  it('when a service has two instances, then requests are shared between them in turn', async () => {
    const { gateway } = await twoJobsInstances();

    expect(tally(await answerers(`${gateway.url}/api/jobs`, 20))).toEqual({ a: 10, b: 10 });
  });

  it('when one instance is busy, then new requests go to the one with fewer outstanding', async () => {
    const busy = hold();
    const slow = track(await startUpstream(busy.handler));
    const fast = track(await startUpstream(echo('fast')));
    const gateway = track(await startGateway({ JOBS_URL: `${slow.url},${fast.url}` }));
    // The first request of a fresh gateway goes to the first instance, which holds it.
    const held = fetch(`${gateway.url}/api/jobs`);
    await waitFor(() => busy.pending.length === 1);

    expect(await answerers(`${gateway.url}/api/jobs`, 6)).toEqual(Array(6).fill('fast'));

    busy.release();
    expect((await held).status).toBe(200);
  });

  it('when one instance is stopped, then every request, reads and writes with their bodies, is served by the other', async () => {
    const { a, b, gateway } = await twoJobsInstances();
    await a.close();

    expect(await answerers(`${gateway.url}/api/jobs`, 6)).toEqual(Array(6).fill('b'));
    const body = JSON.stringify({ title: 'Analyst' });
    const posts = await answerers(`${gateway.url}/api/jobs/1/apply`, 4, { method: 'POST', body });
    expect(posts).toEqual(Array(4).fill('b'));
    expect(b.received.filter((req) => req.method === 'POST').map((req) => req.body)).toEqual(
      Array(4).fill(body),
    );
    const logs = gateway.logs.join('');
    expect(logs).not.toContain('"upstream failed"');
  });

  it('when an instance dies with a read on it, then the read is answered by the other instance', async () => {
    const dying = track(
      await startUpstream((req, res) => {
        if (req.url === '/api/jobs/featured') res.socket?.destroy();
        else echo('dying')(req, res);
      }),
    );
    const b = track(await startUpstream(echo('b')));
    const gateway = track(await startGateway({ JOBS_URL: `${dying.url},${b.url}` }));

    const responses = await Promise.all(
      Array.from({ length: 4 }, () => fetch(`${gateway.url}/api/jobs/featured`)),
    );

    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    expect(b.received.filter((req) => req.url === '/api/jobs/featured').length).toBe(4);
  });

  it('when an instance dies with a write on it, then the write is not sent twice: the client gets 503', async () => {
    let writes = 0;
    const dying = track(
      await startUpstream((_req, res) => {
        writes++;
        res.socket?.destroy();
      }),
    );
    const b = track(await startUpstream(echo('b')));
    const gateway = track(await startGateway({ JOBS_URL: `${dying.url},${b.url}` }));

    // The first request of a fresh gateway goes to the first instance.
    const response = await fetch(`${gateway.url}/api/jobs/1/apply`, { method: 'POST', body: '{}' });

    expect(response.status).toBe(503);
    expect(writes).toBe(1);
    expect(b.received).toEqual([]);
  });

  it('when a stopped instance comes back, then it gets requests again', async () => {
    const { a, gateway } = await twoJobsInstances();
    const port = Number(new URL(a.url).port);
    await a.close();
    expect(await answerers(`${gateway.url}/api/jobs`, 4)).toEqual(Array(4).fill('b'));

    const again = track(await startUpstream(echo('a again'), port));

    // Passed over until its cooldown ends; then the next request may go to it.
    await vi.waitFor(
      async () => expect(await answerers(`${gateway.url}/api/jobs`, 1)).toEqual(['a again']),
      { timeout: INSTANCE_COOLDOWN_MS * 5, interval: 50 },
    );
    const before = again.received.length;
    const names = await answerers(`${gateway.url}/api/jobs`, 10);
    expect(tally(names)).toEqual({ 'a again': 5, b: 5 });
    expect(again.received.length - before).toBe(5);
  });

  it('when every instance is down, then the route answers 503 with its message, and the others keep working', async () => {
    const auth = track(await startUpstream(echo('auth')));
    const gateway = track(
      await startGateway({
        AUTH_URL: auth.url,
        JOBS_URL: `${await refusedUrl()},${await refusedUrl()}`,
      }),
    );

    for (const method of ['GET', 'POST']) {
      const response = await fetch(`${gateway.url}/api/jobs`, { method });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        error: {
          code: 'SERVICE_UNAVAILABLE',
          message: 'The service is temporarily unavailable. Please try again shortly.',
        },
      });
    }
    expect((await fetch(`${gateway.url}/api/auth/verify`)).status).toBe(200);
  });

  it('when every instance was down and one comes back, then its routes are served at once', async () => {
    const down: TestUpstream[] = [];
    const a = await startUpstream(echo('a'));
    const port = Number(new URL(a.url).port);
    await a.close();
    const gateway = track(await startGateway({ JOBS_URL: `${a.url},${await refusedUrl()}` }));
    expect((await fetch(`${gateway.url}/api/jobs`)).status).toBe(503);

    down.push(track(await startUpstream(echo('a back'), port)));

    expect(await answerers(`${gateway.url}/api/jobs`, 2)).toEqual(['a back', 'a back']);
  });
});
