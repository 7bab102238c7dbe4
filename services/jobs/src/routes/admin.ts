import {
  adminJobRequestSchema,
  adminJobsQuerySchema,
  featuredFunctionParamSchema,
  featuredPinRequestSchema,
  forceDeleteQuerySchema,
  jobIdParamSchema,
  JOBS_TOTAL_COUNT_HEADER,
} from '@b2g/contracts';
import { correlationOf, parseWith, requireAdmin, type TokenVerifier } from '@b2g/service-kit';
import { Router } from 'express';
import type { FeaturedPins } from '../domain/featured.js';
import type { FreshnessChecker } from '../domain/freshness.js';
import type { Curation } from '../domain/curation.js';
import type { Listing } from '../domain/listing.js';
import type { Posting } from '../domain/posting.js';
import type { ReviewRoutesDeps } from './review.js';

export interface AdminRoutesDeps extends ReviewRoutesDeps {
  listing: Listing;
  posting: Posting;
  curation: Curation;
  freshness: FreshnessChecker;
  featuredPins: FeaturedPins;
  verifier: TokenVerifier;
}

/** /api/admin/jobs* and /api/admin/bans*: every call needs the admin cookie auth sets. */
export function adminRoutes(deps: AdminRoutesDeps): Router {
  const router = Router();
  router.use('/api/admin/jobs', requireAdmin(deps.verifier));

  router.get('/api/admin/jobs', async (req, res) => {
    const query = parseWith(adminJobsQuerySchema, req.query);
    if (query.status === 'pending') {
      const { items, total } = await deps.reviewQueue.pending();
      res.set(JOBS_TOTAL_COUNT_HEADER, String(total)).json(items);
      return;
    }
    res.json(
      await deps.listing.adminList({ includeDeleted: query.include_deleted, search: query.search }),
    );
  });

  router.get('/api/admin/jobs/featured', async (_req, res) => {
    res.json(await deps.featuredPins.list());
  });

  router.put('/api/admin/jobs/featured/:jobFunction', async (req, res) => {
    const { jobFunction } = parseWith(featuredFunctionParamSchema, req.params);
    const { jobId } = parseWith(featuredPinRequestSchema, req.body);
    res.json(await deps.featuredPins.pin(jobFunction, jobId));
  });

  router.delete('/api/admin/jobs/featured/:jobFunction', async (req, res) => {
    const { jobFunction } = parseWith(featuredFunctionParamSchema, req.params);
    res.json(await deps.featuredPins.unpin(jobFunction));
  });

  router.post('/api/admin/jobs/:id/check', async (req, res) => {
    const { id } = parseWith(jobIdParamSchema, req.params);
    res.json(await deps.freshness.checkById(id));
  });

  router.post('/api/admin/jobs', async (req, res) => {
    const body = parseWith(adminJobRequestSchema, req.body);
    res.status(201).json(await deps.posting.createAdmin(body, correlationOf(req)));
  });

  router.put('/api/admin/jobs/:id', async (req, res) => {
    const { id } = parseWith(jobIdParamSchema, req.params);
    const body = parseWith(adminJobRequestSchema, req.body);
    res.json(await deps.curation.update(id, body, correlationOf(req)));
  });

  router.delete('/api/admin/jobs/:id', async (req, res) => {
    const { id } = parseWith(jobIdParamSchema, req.params);
    const { force } = parseWith(forceDeleteQuerySchema, req.query);
    if (force) {
      await deps.curation.purge(id, correlationOf(req));
      res.status(204).end();
      return;
    }
    res.json(await deps.curation.softDelete(id, correlationOf(req)));
  });

  router.put('/api/admin/jobs/:id/undelete', async (req, res) => {
    const { id } = parseWith(jobIdParamSchema, req.params);
    res.json(await deps.curation.restore(id, correlationOf(req)));
  });

  return router;
}
