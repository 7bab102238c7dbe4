import type { ServerResponse } from 'node:http';
import { MemoryStore, type Options } from 'express-rate-limit';
import type { RateLimitConfig } from './config.js';

/**
 * One budget, counted per client key in this process's memory by express-rate-limit's
 * MemoryStore: at most `max` requests in a window that starts with the client's first request and
 * lasts `windowMs` (clients with no request for a whole window are forgotten). Each answer gets
 * the IETF draft-7 `RateLimit-Policy` and `RateLimit` headers and, over budget, `Retry-After`,
 * written as express-rate-limit writes them.
 *
 * Not express-rate-limit's middleware, which takes a dozen awaits per request (its options may
 * each be asynchronous) and debug calls that compute their arguments, for a counter and two
 * headers. The store's increment is the one await left.
 */
export class FixedWindowLimit {
  private readonly store = new MemoryStore();
  private readonly max: number;
  /** `RateLimit-Policy`: the same for every answer. */
  private readonly policy: string;

  constructor({ max, windowMs }: RateLimitConfig) {
    this.max = max;
    this.policy = `${max};w=${Math.ceil(windowMs / 1000)}`;
    // The store reads only windowMs of the middleware's options.
    this.store.init({ windowMs } as Options);
  }

  /**
   * Counts a request of `key` and writes the headers; true when it is within the budget. Over
   * it, `Retry-After` says in how many seconds the window ends and the caller answers 429.
   */
  async take(key: string, res: ServerResponse): Promise<boolean> {
    const { totalHits, resetTime } = await this.store.increment(key);
    const allowed = totalHits <= this.max;
    if (res.headersSent) return allowed;
    // MemoryStore always gives the reset time; a store without one means a whole window.
    const resetMs =
      resetTime === undefined ? this.store.windowMs : resetTime.getTime() - Date.now();
    const reset = String(Math.max(0, Math.ceil(resetMs / 1000)));
    const remaining = Math.max(this.max - totalHits, 0);
    res.setHeader('RateLimit-Policy', this.policy);
    res.setHeader('RateLimit', `limit=${this.max}, remaining=${remaining}, reset=${reset}`);
    if (!allowed) res.setHeader('Retry-After', reset);
    return allowed;
  }
}
