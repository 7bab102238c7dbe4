import type { ServerResponse } from 'node:http';
import { MemoryStore, type ClientRateLimitInfo, type Options } from 'express-rate-limit';
import type { RateLimitConfig } from './config.js';

/** Where a budget is counted by every instance; undefined when it could not count this request. */
export interface SharedCount {
  increment(key: string): Promise<ClientRateLimitInfo | undefined>;
  /** The clock of its windows, in ms. */
  now(): number;
}

/**
 * One budget, counted per client key: in the database every instance shares when it is given
 * one (windows of `windowMs` on its clock), else, and while that database does not answer, in
 * this process's memory by express-rate-limit's MemoryStore: at most `max` requests in a window
 * that starts with the client's first request and lasts `windowMs` (clients with no request for
 * a whole window are forgotten). Each answer gets the IETF draft-7 `RateLimit-Policy` and
 * `RateLimit` headers and, over budget, `Retry-After`, written as express-rate-limit writes them.
 *
 * Not express-rate-limit's middleware, which takes a dozen awaits per request (its options may
 * each be asynchronous) and debug calls that compute their arguments, for a counter and two
 * headers. A store's increment is the one await left.
 */
export class FixedWindowLimit {
  private readonly store = new MemoryStore();
  private readonly max: number;
  /** `RateLimit-Policy`: the same for every answer. */
  private readonly policy: string;

  constructor(
    { max, windowMs }: RateLimitConfig,
    private readonly shared?: SharedCount,
  ) {
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
    const counted = this.shared ? await this.shared.increment(key) : undefined;
    const { totalHits, resetTime } = counted ?? (await this.store.increment(key));
    const allowed = totalHits <= this.max;
    if (res.headersSent) return allowed;
    const now = counted && this.shared ? this.shared.now() : Date.now();
    // Both stores give the reset time; a store without one means a whole window.
    const resetMs = resetTime === undefined ? this.store.windowMs : resetTime.getTime() - now;
    const reset = String(Math.max(0, Math.ceil(resetMs / 1000)));
    const remaining = Math.max(this.max - totalHits, 0);
    res.setHeader('RateLimit-Policy', this.policy);
    res.setHeader('RateLimit', `limit=${this.max}, remaining=${remaining}, reset=${reset}`);
    if (!allowed) res.setHeader('Retry-After', reset);
    return allowed;
  }
}
