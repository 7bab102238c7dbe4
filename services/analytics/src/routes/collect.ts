import { ANALYTICS_BODY_LIMIT_BYTES, analyticsEventsRequestSchema } from '@b2g/contracts';
import { badRequest, createRateLimit, parseWith, type SyncedRateLimits } from '@b2g/service-kit';
import express, { Router, type Request } from 'express';
import type { Collector } from '../domain/collector.js';

/** The beacon's budget per client address, counted in the shared database or per instance. */
export interface EventsRateLimit {
  limit: number;
  windowMs: number;
  store: 'shared' | 'memory';
}

export interface CollectRouteDeps {
  collector: Collector;
  /** Event batches per client address within the window. */
  eventsRateLimit: EventsRateLimit;
  /** The counts of the limits every instance shares. */
  limits: SyncedRateLimits;
}

/** `navigator.sendBeacon` with a string sends `text/plain`: its text is the JSON body. */
function bodyOf(req: Request): unknown {
  if (typeof req.body !== 'string') return req.body;
  try {
    return JSON.parse(req.body) as unknown;
  } catch {
    throw badRequest('Request body must be JSON');
  }
}

/** The client asked not to be tracked: Do Not Track or Global Privacy Control. */
const optedOut = (req: Request) => req.get('dnt') === '1' || req.get('sec-gpc') === '1';

/**
 * POST /api/analytics/events: a browser's batch of events, answered 202 whether it is counted or
 * not (opted out, bot), so the answer tells nothing. A bad batch is refused whole (400).
 */
export function collectRoutes(deps: CollectRouteDeps): Router {
  const router = Router();
  router.post(
    '/api/analytics/events',
    createRateLimit({
      limit: deps.eventsRateLimit.limit,
      windowMs: deps.eventsRateLimit.windowMs,
      message: 'Too many analytics events, please slow down',
      ...(deps.eventsRateLimit.store === 'shared'
        ? { synced: { counts: deps.limits, name: 'analytics-events:ip' } }
        : {}),
    }),
    express.text({ type: 'text/plain', limit: ANALYTICS_BODY_LIMIT_BYTES }),
    async (req, res) => {
      const { events } = parseWith(analyticsEventsRequestSchema, bodyOf(req));
      await deps.collector.collect(events, {
        ip: req.ip ?? '',
        userAgent: req.get('user-agent') ?? '',
        optedOut: optedOut(req),
      });
      res.status(202).end();
    },
  );
  return router;
}
