import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FreshnessCheck, FreshnessRun } from '../src/domain/freshness.js';
import { jobAt, startFakeHost, type FakeHost } from './fake-host.js';
import {
  eventually,
  newWorld,
  removeWorld,
  startInstance,
  type RunningInstance,
} from './support.js';

let hosts: FakeHost[];
/** Two instances on one database, each running the schedule every 100 ms. */
const world = newWorld();
const settingsOf = (allowed: string[]) => ({
  extractAllowedHosts: allowed,
  freshness: { intervalMs: 100, batchSize: 100, hostDelayMs: 10, hostConcurrency: 4 },
});
let a: RunningInstance;
let b: RunningInstance;
/** Every check either instance made, and the runs each finished. */
const checks: FreshnessCheck[] = [];
const runs = new Map<RunningInstance, FreshnessRun[]>();

beforeAll(async () => {
  hosts = await Promise.all([startFakeHost(), startFakeHost()]);
  const settings = settingsOf(hosts.map((host) => host.hostPort));
  a = await startInstance(world, settings);
  b = await startInstance(world, settings);
  for (const instance of [a, b]) {
    runs.set(instance, []);
    instance.freshness.onCheck((check) => checks.push(check));
    instance.freshness.onRun((run) => runs.get(instance)?.push(run));
  }
});

afterAll(async () => {
  await b.close();
  await removeWorld(a, world);
  await Promise.all(hosts.map((host) => host.close()));
});

describe('the freshness schedule (FRESHNESS_CHECK_INTERVAL_MS)', () => {
  it('when jobs are due, then both instances check each once on schedule, one request at a time per host', async () => {
    const paths = ['/open-1', '/open-2', '/open-3', '/gone-1', '/down-1'];
    const ids: Record<string, string> = {};
    for (const [n, host] of hosts.entries())
      for (const path of paths) ids[`${n}${path}`] = (await jobAt(a, `${host.base}${path}`)).id;

    // Nobody calls runOnce: the schedules find the jobs due and check them.
    await eventually(
      () =>
        expect(new Set(checks.map((check) => check.jobId))).toEqual(new Set(Object.values(ids))),
      30_000,
    );
    // Two more runs on each instance, in which the jobs checked today are not checked again.
    const ranBefore = [a, b].map((instance) => runs.get(instance)?.length ?? 0);
    await eventually(() => {
      for (const [i, instance] of [a, b].entries())
        expect(runs.get(instance)?.length).toBeGreaterThanOrEqual((ranBefore[i] ?? 0) + 2);
    }, 10_000);

    expect(checks).toHaveLength(Object.keys(ids).length);
    for (const host of hosts) {
      expect([...host.paths].sort()).toEqual([...paths].sort());
      expect(host.maxInFlight).toBe(1);
    }
    const outcomes = Object.fromEntries(
      checks.map((check) => [
        Object.keys(ids).find((key) => ids[key] === check.jobId),
        check.outcome,
      ]),
    );
    for (const n of [0, 1]) {
      expect(outcomes).toMatchObject({
        [`${n}/open-1`]: 'open',
        [`${n}/open-2`]: 'open',
        [`${n}/open-3`]: 'open',
        [`${n}/gone-1`]: 'gone',
        [`${n}/down-1`]: 'unavailable',
      });
    }
    const stored = (key: string) => a.models.Job.findById(ids[key]).lean();
    for (const n of [0, 1]) {
      expect((await stored(`${n}/open-1`))?.lastVerifiedAt).toBeInstanceOf(Date);
      expect(await stored(`${n}/gone-1`)).toMatchObject({
        closedReason: 'gone',
        deletedAt: expect.any(Date),
      });
      expect(await stored(`${n}/down-1`)).toMatchObject({ lastVerifiedAt: null, deletedAt: null });
    }
  }, 60_000);
});
