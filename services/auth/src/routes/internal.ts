import { Router } from 'express';
import type { Sessions } from '../domain/sessions.js';

/**
 * Service-to-service calls; the gateway forwards only /api/*, so browsers never reach these.
 * A verifier starting up fills its RevocationList from here, then follows session.revoked.
 */
export function internalRoutes(deps: { sessions: Sessions }): Router {
  const router = Router();
  router.get('/internal/revoked-sessions', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ sessions: await deps.sessions.revokedUnexpired() });
  });
  return router;
}
