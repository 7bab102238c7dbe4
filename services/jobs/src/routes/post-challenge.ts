import type { PostChallenge } from '@b2g/contracts';
import { Router } from 'express';

export interface PostChallengeRoutesDeps {
  /** A fresh signed challenge (TrustAssessor.challenge). */
  challenge: () => Promise<PostChallenge>;
}

/**
 * GET /api/jobs/post-challenge: the public form's proof-of-work challenge. Mount it before the
 * routes with `/api/jobs/:id`, which would take `post-challenge` for an id.
 */
export function postChallengeRoutes(deps: PostChallengeRoutesDeps): Router {
  const router = Router();
  router.get('/api/jobs/post-challenge', async (_req, res) => {
    // Each challenge is answered once: no cache may hand one out twice.
    res.set('Cache-Control', 'no-store');
    res.json(await deps.challenge());
  });
  return router;
}
