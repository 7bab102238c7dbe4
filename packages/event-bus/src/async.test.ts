import { describe, expect, it } from 'vitest';
import { backoffDelay, Semaphore, settleWithin, Signal } from './async.js';

describe('backoffDelay', () => {
  it('when attempts grow, then the delay doubles up to the ceiling, within ±20 %', () => {
    const backoff = { initialMs: 100, maxMs: 1000 };
    const middle = () => 0.5;

    expect([0, 1, 2, 3, 4, 40].map((attempt) => backoffDelay(attempt, backoff, middle))).toEqual([
      100, 200, 400, 800, 1000, 1000,
    ]);
    expect(backoffDelay(0, backoff, () => 0)).toBe(80);
    expect(backoffDelay(0, backoff, () => 1)).toBe(120);
  });
});

describe('Semaphore', () => {
  it('when the limit is reached, then the next holder waits for a release, in arrival order', async () => {
    const semaphore = new Semaphore(1);
    const order: string[] = [];
    await semaphore.acquire();

    const second = semaphore.acquire().then(() => order.push('second'));
    const third = semaphore.acquire().then(() => order.push('third'));
    expect(semaphore.inUse).toBe(1);
    semaphore.release();
    await second;
    semaphore.release();
    await third;

    expect(order).toEqual(['second', 'third']);
  });
});

describe('Signal and settleWithin', () => {
  it('when a signal fires, then every waiter resumes', async () => {
    const signal = new Signal();
    const waiters = [signal.wait(), signal.wait()];

    signal.fire();

    await expect(Promise.all(waiters)).resolves.toEqual([undefined, undefined]);
  });

  it('when a promise does not settle in time, then settleWithin gives up with false', async () => {
    expect(await settleWithin(new Promise(() => undefined), 10)).toBe(false);
    expect(await settleWithin(Promise.reject(new Error('no')), 1000)).toBe(true);
  });
});
