import { describe, expect, it } from 'vitest';
import { cachedFor } from './cached.js';

function counter(results: Array<() => Promise<number>>) {
  let calls = 0;
  const load = () => {
    const next = results[calls] ?? results[results.length - 1];
    calls += 1;
    if (!next) throw new Error('no result to give');
    return next();
  };
  return { load, calls: () => calls };
}

describe('cachedFor', () => {
  it('when called again within the time to live, then the first result is reused', async () => {
    let now = 1_000;
    const source = counter([async () => 1, async () => 2]);
    const get = cachedFor(source.load, 30_000, () => now);
    expect(await get()).toBe(1);
    now += 29_999;
    expect(await get()).toBe(1);
    expect(source.calls()).toBe(1);
  });

  it('when the time to live has passed, then the next call loads again', async () => {
    let now = 1_000;
    const source = counter([async () => 1, async () => 2]);
    const get = cachedFor(source.load, 30_000, () => now);
    await get();
    now += 30_000;
    expect(await get()).toBe(2);
  });

  it('when a load fails, then the failure is not kept and the next call retries', async () => {
    const source = counter([() => Promise.reject(new Error('timed out')), async () => 2]);
    const get = cachedFor(source.load, 30_000, () => 0);
    await expect(get()).rejects.toThrow('timed out');
    expect(await get()).toBe(2);
  });

  it('when calls overlap a running load, then they share it', async () => {
    let finish: (value: number) => void = () => undefined;
    const source = counter([() => new Promise<number>((resolve) => (finish = resolve))]);
    const get = cachedFor(source.load, 0, () => 0);
    const both = Promise.all([get(), get()]);
    finish(7);
    expect(await both).toEqual([7, 7]);
    expect(source.calls()).toBe(1);
  });
});
