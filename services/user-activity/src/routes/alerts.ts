import {
  alertTokenQuerySchema,
  alertTokenRequestSchema,
  createSavedSearchRequestSchema,
  guestSubscribeRequestSchema,
  manageAlertRequestSchema,
  savedSearchIdParamSchema,
  updateSavedSearchRequestSchema,
  type GuestSubscribeExistingResponse,
} from '@b2g/contracts';
import {
  createRateLimit,
  parseWith,
  requireUser,
  userOf,
  type RateLimitHits,
  type TokenVerifier,
} from '@b2g/service-kit';
import { Router, type Request } from 'express';
import type { SavedSearches } from '../domain/saved-searches.js';

/** The signed-in caller's e-mail address, asked of auth with the caller's own token. */
export interface UserEmails {
  emailOf(bearerToken: string): Promise<string>;
}

export interface AlertRouteDeps {
  verifier: TokenVerifier;
  savedSearches: SavedSearches;
  userEmails: UserEmails;
  /** Guest sign-ups per client address within the window. */
  subscribeRateLimit: { limit: number; windowMs: number };
  /** The counts of every instance's limits. */
  hits: RateLimitHits;
}

const bearerOf = (req: Request) => (req.headers.authorization ?? '').slice('Bearer '.length).trim();

/**
 * /api/user/saved-searches: a signed-in user's saved searches. /api/alerts/*: a visitor's alerts,
 * opened with the signed tokens of mailed links (no account, no sign-in). Tokens travel in bodies
 * (the pages read them from the link's fragment); only the one-click unsubscribe URL carries one
 * in its query, which no log line shows.
 */
export function alertRoutes(deps: AlertRouteDeps): Router {
  const router = Router();
  const { savedSearches } = deps;
  router.use('/api/user/saved-searches', requireUser(deps.verifier));

  router.get('/api/user/saved-searches', async (_req, res) => {
    res.json(await savedSearches.list(userOf(res).id));
  });

  router.post('/api/user/saved-searches', async (req, res) => {
    const body = parseWith(createSavedSearchRequestSchema, req.body);
    const email = await deps.userEmails.emailOf(bearerOf(req));
    const { search, existing } = await savedSearches.create({ id: userOf(res).id, email }, body);
    res.status(existing ? 200 : 201).json(search);
  });

  router.patch('/api/user/saved-searches/:id', async (req, res) => {
    const { id } = parseWith(savedSearchIdParamSchema, req.params);
    const body = parseWith(updateSavedSearchRequestSchema, req.body);
    res.json(await savedSearches.update(userOf(res).id, id, body));
  });

  router.delete('/api/user/saved-searches/:id', async (req, res) => {
    const { id } = parseWith(savedSearchIdParamSchema, req.params);
    await savedSearches.remove(userOf(res).id, id);
    res.status(204).end();
  });

  router.post(
    '/api/alerts/subscribe',
    createRateLimit({
      ...deps.subscribeRateLimit,
      message: 'Too many alert sign-ups, please try again later',
      shared: { hits: deps.hits, name: 'alert-subscribe:ip' },
    }),
    async (req, res) => {
      const body = parseWith(guestSubscribeRequestSchema, req.body);
      const subscription = await savedSearches.subscribe(body);
      if (!subscription.existing) {
        res.status(202).json({
          message: 'Check your e-mail: open the link we sent to start your alert.',
        });
        return;
      }
      const { existing: alert, pendingConfirmation } = subscription;
      const answer: GuestSubscribeExistingResponse = {
        message: pendingConfirmation
          ? 'This alert is waiting for you: open the link we e-mailed to start it.'
          : 'This address already gets this alert. Change or stop it from the links in any alert e-mail.',
        existing: true,
        pendingConfirmation,
        alert,
      };
      res.json(answer);
    },
  );

  router.post('/api/alerts/confirm', async (req, res) => {
    const { token } = parseWith(alertTokenRequestSchema, req.body);
    res.json({ alert: await savedSearches.confirm(token) });
  });

  router.post('/api/alerts/manage', async (req, res) => {
    const { token } = parseWith(alertTokenRequestSchema, req.body);
    res.json({ alert: await savedSearches.manage(token) });
  });

  router.patch('/api/alerts/manage', async (req, res) => {
    const { token, ...changes } = parseWith(manageAlertRequestSchema, req.body);
    res.json({ alert: await savedSearches.manageUpdate(token, changes) });
  });

  /**
   * Unsubscribe without signing in: the page posts `{ token }`; mail providers post
   * `List-Unsubscribe=One-Click` (form-encoded, RFC 8058) to the URL with `?token=`.
   */
  router.post('/api/alerts/unsubscribe', async (req, res) => {
    const fromBody = req.is('application/json') ? req.body : undefined;
    const { token } = fromBody
      ? parseWith(alertTokenRequestSchema, fromBody)
      : parseWith(alertTokenQuerySchema, req.query);
    await savedSearches.unsubscribe(token);
    res.json({ message: 'You are unsubscribed: this alert will not be sent again.' });
  });

  return router;
}
