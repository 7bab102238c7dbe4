import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FixedWindowLimit } from './rate-limit.js';

/** The headers a limit writes, on a response that has not been sent. */
function response(): ServerResponse & { headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  return {
    headers,
    headersSent: false,
    setHeader: (name: string, value: string) => {
      headers[name] = value;
    },
  } as unknown as ServerResponse & { headers: Record<string, string> };
}

/** A limit of one request a minute, which client 198.51.100.1 used `msAgo` milliseconds ago. */
async function usedOneRequestLimit(msAgo: number): Promise<FixedWindowLimit> {
  const limit = new FixedWindowLimit({ max: 1, windowMs: 60_000 });
  await limit.take('198.51.100.1', response());
  vi.advanceTimersByTime(msAgo);
  return limit;
}

describe('FixedWindowLimit', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('when a client stays within the budget, then each answer says what is left and when it resets', async () => {
    const limit = new FixedWindowLimit({ max: 2, windowMs: 60_000 });
    const first = response();
    const second = response();

    expect(await limit.take('198.51.100.1', first)).toBe(true);
    vi.advanceTimersByTime(10_500);
    expect(await limit.take('198.51.100.1', second)).toBe(true);

    expect(first.headers).toEqual({
      'RateLimit-Policy': '2;w=60',
      RateLimit: 'limit=2, remaining=1, reset=60',
    });
    expect(second.headers).toEqual({
      'RateLimit-Policy': '2;w=60',
      RateLimit: 'limit=2, remaining=0, reset=50',
    });
  });

  it('when a client goes over the budget, then it is refused with Retry-After until its window ends', async () => {
    const limit = await usedOneRequestLimit(20_000);
    const over = response();

    expect(await limit.take('198.51.100.1', over)).toBe(false);
    expect(over.headers).toMatchObject({
      RateLimit: 'limit=1, remaining=0, reset=40',
      'Retry-After': '40',
    });
    expect(await limit.take('198.51.100.2', response())).toBe(true);
    vi.advanceTimersByTime(40_000);
    expect(await limit.take('198.51.100.1', response())).toBe(true);
  });

  it('when a client comes back after its window, then a new window starts with its request', async () => {
    const limit = await usedOneRequestLimit(150_000);
    const back = response();

    expect(await limit.take('198.51.100.1', back)).toBe(true);
    expect(back.headers.RateLimit).toBe('limit=1, remaining=0, reset=60');
  });

  it('when a shared count answers, then it decides and its clock gives the reset; when it cannot count, then memory does', async () => {
    let answering = true;
    const shared = {
      now: () => 2_000_000,
      increment: vi.fn(async () =>
        answering ? { totalHits: 3, resetTime: new Date(2_045_000) } : undefined,
      ),
    };
    const limit = new FixedWindowLimit({ max: 2, windowMs: 60_000 }, shared);
    const counted = response();

    expect(await limit.take('198.51.100.1', counted)).toBe(false);
    expect(counted.headers).toMatchObject({
      RateLimit: 'limit=2, remaining=0, reset=45',
      'Retry-After': '45',
    });
    answering = false;
    expect(await limit.take('198.51.100.1', response())).toBe(true);
    expect(await limit.take('198.51.100.1', response())).toBe(true);
    expect(await limit.take('198.51.100.1', response())).toBe(false);
    expect(shared.increment).toHaveBeenCalledTimes(4);
  });
});
