import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FreshnessCheck } from '../src/domain/freshness.js';
import { REFUSED_URL_MESSAGE } from '../src/net/safe-fetch.js';
import { closedPort, jobAt, startFakeHost, type FakeHost } from './fake-host.js';
import { instanceForFile, newWorld, startInstance, type RunningInstance } from './support.js';

/**
 * The freshness checker reads URLs anyone can post: it must refuse what auto fill refuses, before
 * connecting. `guarded` lists no host as allowed; `allowing` lists the fixtures on loopback.
 */
const world = newWorld();
const guarded = instanceForFile(world);
let allowing: RunningInstance;
let listening: FakeHost;
let closed: number;
const checks: FreshnessCheck[] = [];
const checkOf = (jobId: string) => checks.find((check) => check.jobId === jobId);

beforeAll(async () => {
  listening = await startFakeHost();
  closed = await closedPort();
  allowing = await startInstance(world, {
    extractAllowedHosts: [listening.hostPort, `127.0.0.1:${closed}`],
  });
  for (const instance of [guarded, allowing])
    instance.freshness.onCheck((check) => checks.push(check));
});

afterAll(async () => {
  await allowing.close();
  await listening.close();
});

describe('the freshness check behind the fetch guard', () => {
  it('when a job points at a loopback, private, link-local or IPv4-mapped address, then the guard refuses it as auto fill does and nothing is asked', async () => {
    const port = new URL(listening.base).port;
    const urls = [
      `${listening.base}/open-loopback`,
      `http://localhost:${port}/open-name`,
      `http://[::ffff:127.0.0.1]:${port}/open-mapped`,
      'http://127.0.0.1/open-loopback-80',
      'http://[::ffff:127.0.0.1]/open-mapped-80',
      'http://[::1]/open-ipv6-loopback',
      'http://10.1.2.3/job',
      'http://192.168.1.1/job',
      'http://[::ffff:10.1.2.3]/job',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:169.254.169.254]/latest/meta-data/',
      'http://[fe80::1]/job',
    ];
    const ids = new Map<string, string>();
    for (const url of urls) ids.set(url, (await jobAt(guarded, url)).id);

    const run = await guarded.freshness.runOnce();
    expect(run).toMatchObject({ checked: urls.length, unavailable: urls.length });
    expect(run.refused).toBe(urls.length);
    expect(listening.paths).toEqual([]);
    for (const [url, id] of ids) {
      expect(checkOf(id), url).toEqual({
        jobId: id,
        outcome: 'unavailable',
        refused: true,
        reason: REFUSED_URL_MESSAGE,
      });
      const autoFill = await request(guarded.app).post('/api/jobs/extract-from-url').send({ url });
      expect(autoFill.status, url).toBe(400);
      expect(autoFill.body.error.message, url).toBe(checkOf(id)?.reason);
    }
    expect(listening.paths).toEqual([]);
  });

  it('when the same loopback host is allowed, then it is asked; a refused connection is told apart from a refusal', async () => {
    const reached = await jobAt(allowing, `${listening.base}/open-allowed`);
    const unreachable = await jobAt(allowing, `http://127.0.0.1:${closed}/job`);
    expect((await allowing.freshness.checkById(reached.id)).outcome).toBe('open');
    expect(listening.paths).toEqual(['/open-allowed']);
    expect(checkOf(reached.id)).toEqual({ jobId: reached.id, outcome: 'open', refused: false });

    expect((await allowing.freshness.checkById(unreachable.id)).outcome).toBe('unavailable');
    expect(checkOf(unreachable.id)).toMatchObject({ outcome: 'unavailable', refused: false });
    expect(checkOf(unreachable.id)?.reason).toMatch(/ECONNREFUSED/);
  });
});
