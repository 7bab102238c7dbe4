import { adminStatsQuerySchema, jobIdParamSchema, jobStatsQuerySchema } from '@b2g/contracts';
import { parseWith, requireAdmin, type TokenVerifier } from '@b2g/service-kit';
import { Router } from 'express';
import type { AdminStatsReader } from '../domain/admin-stats.js';
import type { JobStatsReader } from '../domain/job-stats.js';

/** Where the jobs service reads a posting's statistics; the gateway forwards no `/internal` path. */
export const JOB_STATS_PATH = '/internal/analytics/jobs/:id/stats';

export interface StatsRouteDeps {
  verifier: TokenVerifier;
  jobStats: JobStatsReader;
  adminStats: AdminStatsReader;
}

/**
 * The statistics. A posting's are internal: the jobs service asks for them after checking that
 * the employer owns the posting, and the gateway does not route `/internal/*`. The board's are
 * the admin's (the admin cookie, as every admin route).
 */
export function statsRoutes(deps: StatsRouteDeps): Router {
  const router = Router();

  router.get(JOB_STATS_PATH, async (req, res) => {
    const { id } = parseWith(jobIdParamSchema, req.params);
    const { days } = parseWith(jobStatsQuerySchema, req.query);
    res.json(await deps.jobStats.read(id, days));
  });

  router.get('/api/admin/stats', requireAdmin(deps.verifier), async (req, res) => {
    res
      .set('Cache-Control', 'no-store')
      .json(await deps.adminStats.read(parseWith(adminStatsQuerySchema, req.query)));
  });

  return router;
}
