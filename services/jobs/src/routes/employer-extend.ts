import { employerExtendLinkRequestSchema, ERROR_MESSAGES } from '@b2g/contracts';
import {
  createRateLimit,
  parseWith,
  requireSameOrigin,
  type RateLimitHits,
} from '@b2g/service-kit';
import { Router } from 'express';
import type { Expiry } from '../domain/expiry.js';
import type { RateLimitSetting } from './public.js';

export interface EmployerExtendRoutesDeps {
  expiry: Pick<Expiry, 'extendByLink'>;
  /** Extend links used per client address per window, across every instance. */
  extendLinkRateLimit: RateLimitSetting;
  hits: RateLimitHits;
}

/** The limit's name in the shared store. */
export const EXTEND_LINK_RATE_LIMIT_NAME = 'employer-extend-link:ip';

/** POST /api/employer/extend-link: an expiry reminder's one-click extend (no session needed). */
export function employerExtendRoutes(deps: EmployerExtendRoutesDeps): Router {
  const router = Router();
  router.post(
    '/api/employer/extend-link',
    requireSameOrigin,
    createRateLimit({
      ...deps.extendLinkRateLimit,
      message: ERROR_MESSAGES.rateLimited,
      shared: { hits: deps.hits, name: EXTEND_LINK_RATE_LIMIT_NAME },
    }),
    async (req, res) => {
      const { token } = parseWith(employerExtendLinkRequestSchema, req.body);
      res.json(await deps.expiry.extendByLink(token));
    },
  );
  return router;
}
