import {
  SUCCESS_MESSAGES,
  changePasswordRequestSchema,
  deleteAccountRequestSchema,
  profileUpdateRequestSchema,
} from '@b2g/contracts';
import { parseWith } from '@b2g/service-kit';
import { Router } from 'express';
import type { Accounts } from '../domain/accounts.js';
import type { Sessions } from '../domain/sessions.js';
import { toPublicUser } from '../domain/users.js';
import { authenticatedOf, contextOf, requireSession } from './http.js';

/** The signed-in user's own account. */
export function profileRoutes(deps: { accounts: Accounts; sessions: Sessions }): Router {
  const router = Router();
  const signedIn = requireSession(deps.sessions);

  router.get('/api/auth/me', signedIn, (_req, res) => {
    res.json({ user: toPublicUser(authenticatedOf(res).user) });
  });

  router.patch('/api/auth/me', signedIn, async (req, res) => {
    const changes = parseWith(profileUpdateRequestSchema, req.body);
    const user = await deps.accounts.updateProfile(
      authenticatedOf(res).user,
      changes,
      contextOf(req),
    );
    res.json({ user });
  });

  router.post('/api/auth/me/password', signedIn, async (req, res) => {
    const input = parseWith(changePasswordRequestSchema, req.body);
    await deps.accounts.changePassword(authenticatedOf(res).principal, input, contextOf(req));
    res.json({ success: true, message: SUCCESS_MESSAGES.passwordChanged });
  });

  router.delete('/api/auth/me', signedIn, async (req, res) => {
    const { password } = parseWith(deleteAccountRequestSchema, req.body);
    await deps.accounts.deleteAccount(authenticatedOf(res).principal, password, contextOf(req));
    res.json({ success: true, message: SUCCESS_MESSAGES.accountDeleted });
  });

  return router;
}
