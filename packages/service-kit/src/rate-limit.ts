import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { tooManyRequests } from './errors.js';

export interface RateLimitOptions {
  windowMs: number;
  limit: number;
  message: string;
  /** Defaults to the client address (the gateway forwards it). */
  key?: (req: Request) => string | undefined;
  /** Count only failed attempts (e.g. wrong passwords). */
  skipSuccessfulRequests?: boolean;
}

/** The client address as a budget key (IPv6 grouped by its /56, as express-rate-limit does). */
export const clientAddressKey = (req: Request): string => ipKeyGenerator(req.ip ?? 'unknown');

/** A per-key request budget; over it, a 429 in the shared error shape with Retry-After. */
export function createRateLimit(options: RateLimitOptions): RequestHandler {
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skipSuccessfulRequests: options.skipSuccessfulRequests ?? false,
    keyGenerator: (req: Request) => options.key?.(req) ?? clientAddressKey(req),
    handler: (req, _res, next) => {
      const resetTime = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit
        ?.resetTime;
      const retryAfter = resetTime
        ? (resetTime.getTime() - Date.now()) / 1000
        : options.windowMs / 1000;
      next(tooManyRequests(options.message, retryAfter));
    },
  });
}
