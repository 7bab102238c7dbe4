import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { tooManyRequests } from './errors.js';
import { SharedRateLimitStore, type RateLimitHits } from './rate-limit-store.js';
import type { SyncedRateLimits } from './synced-rate-limit.js';

export interface RateLimitOptions {
  windowMs: number;
  limit: number;
  message: string;
  /** Defaults to the client address (the gateway forwards it). */
  key?: (req: Request) => string | undefined;
  /** Count only failed attempts (e.g. wrong passwords). */
  skipSuccessfulRequests?: boolean;
  /**
   * Counts in the database every instance shares, under this limit's name; without it, in this
   * process's memory. A database that does not answer fails the request (503): closed, not open.
   */
  shared?: { hits: RateLimitHits; name: string };
  /**
   * Counts in memory, exchanged with every instance through the database in the background
   * (`SyncedRateLimits`: no database write while a request waits), under this limit's name.
   */
  synced?: { counts: SyncedRateLimits; name: string };
}

/** The client address as a budget key (IPv6 grouped by its /56, as express-rate-limit does). */
export const clientAddressKey = (req: Request): string => ipKeyGenerator(req.ip ?? 'unknown');

/** A per-key request budget; over it, a 429 in the shared error shape with Retry-After. */
export function createRateLimit(options: RateLimitOptions): RequestHandler {
  const { shared, synced } = options;
  const now = shared?.hits.now ?? synced?.counts.now ?? Date.now;
  const budget = { windowMs: options.windowMs, limit: options.limit };
  return rateLimit({
    ...(shared && {
      store: new SharedRateLimitStore(shared.hits, { name: shared.name, ...budget }),
    }),
    ...(synced && { store: synced.counts.store({ name: synced.name, ...budget }) }),
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skipSuccessfulRequests: options.skipSuccessfulRequests ?? false,
    keyGenerator: (req: Request) => options.key?.(req) ?? clientAddressKey(req),
    handler: (req, _res, next) => {
      const resetTime = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit
        ?.resetTime;
      const retryAfter = resetTime ? (resetTime.getTime() - now()) / 1000 : options.windowMs / 1000;
      next(tooManyRequests(options.message, retryAfter));
    },
  });
}
