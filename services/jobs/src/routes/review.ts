import { banRequestSchema, jobIdParamSchema, rejectRequestSchema } from '@b2g/contracts';
import { correlationOf, parseWith, requireAdmin, type TokenVerifier } from '@b2g/service-kit';
import { Router } from 'express';
import { z } from 'zod';
import type { Bans } from '../domain/bans.js';
import type { ReviewQueue } from '../domain/review-queue.js';

export interface ReviewRoutesDeps {
  reviewQueue: ReviewQueue;
  bans: Bans;
  verifier: TokenVerifier;
}

/** A ban's id as the list gives it (`kind:value`). */
const banIdParamSchema = z.strictObject({ id: z.string().min(1).max(300) });

/** The review's admin calls: every one needs the admin cookie auth sets. */
export function reviewRoutes(deps: ReviewRoutesDeps): Router {
  const router = Router();
  router.use(['/api/admin/jobs', '/api/admin/bans'], requireAdmin(deps.verifier));

  router.post('/api/admin/jobs/:id/approve', async (req, res) => {
    const { id } = parseWith(jobIdParamSchema, req.params);
    res.json(await deps.reviewQueue.approve(id, correlationOf(req)));
  });

  router.post('/api/admin/jobs/:id/reject', async (req, res) => {
    const { id } = parseWith(jobIdParamSchema, req.params);
    const { reason } = parseWith(rejectRequestSchema, req.body);
    res.json(await deps.reviewQueue.reject(id, reason, correlationOf(req)));
  });

  router.get('/api/admin/bans', async (_req, res) => {
    res.json(await deps.bans.list());
  });

  router.post('/api/admin/bans', async (req, res) => {
    const body = parseWith(banRequestSchema, req.body);
    res.status(201).json(await deps.bans.add(body, correlationOf(req)));
  });

  router.delete('/api/admin/bans/:id', async (req, res) => {
    const { id } = parseWith(banIdParamSchema, req.params);
    await deps.bans.remove(id);
    res.status(204).end();
  });

  return router;
}
