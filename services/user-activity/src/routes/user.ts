import {
  applicationIdParamSchema,
  bookmarkJobIdParamSchema,
  createApplicationRequestSchema,
  createBookmarkRequestSchema,
  updateApplicationRequestSchema,
} from '@b2g/contracts';
import {
  correlationOf,
  parseWith,
  requireUser,
  userOf,
  type TokenVerifier,
} from '@b2g/service-kit';
import { Router } from 'express';
import type { ActivityFeed } from '../domain/activity.js';
import type { Applications } from '../domain/applications.js';
import type { Bookmarks } from '../domain/bookmarks.js';
import type { Dashboard } from '../domain/dashboard.js';

export interface UserRouteDeps {
  verifier: TokenVerifier;
  bookmarks: Bookmarks;
  applications: Applications;
  dashboard: Dashboard;
  feed: ActivityFeed;
}

/** /api/user/*: every call needs a valid user token and only ever reaches the caller's own data. */
export function userRoutes(deps: UserRouteDeps): Router {
  const router = Router();
  router.use('/api/user', requireUser(deps.verifier));

  router.get('/api/user/bookmarks', async (_req, res) => {
    res.json(await deps.bookmarks.list(userOf(res).id));
  });

  router.post('/api/user/bookmarks', async (req, res) => {
    const body = parseWith(createBookmarkRequestSchema, req.body);
    const result = await deps.bookmarks.add(userOf(res).id, body, correlationOf(req));
    res.status(result.created ? 201 : 200).json(result.bookmark);
  });

  router.delete('/api/user/bookmarks/:jobId', async (req, res) => {
    const { jobId } = parseWith(bookmarkJobIdParamSchema, req.params);
    await deps.bookmarks.remove(userOf(res).id, jobId, correlationOf(req));
    res.status(204).end();
  });

  router.get('/api/user/applications', async (_req, res) => {
    res.json(await deps.applications.list(userOf(res).id));
  });

  router.post('/api/user/applications', async (req, res) => {
    const body = parseWith(createApplicationRequestSchema, req.body);
    res.status(201).json(await deps.applications.create(userOf(res).id, body, correlationOf(req)));
  });

  router.patch('/api/user/applications/:id', async (req, res) => {
    const { id } = parseWith(applicationIdParamSchema, req.params);
    const body = parseWith(updateApplicationRequestSchema, req.body);
    res.json(await deps.applications.update(userOf(res).id, id, body, correlationOf(req)));
  });

  router.delete('/api/user/applications/:id', async (req, res) => {
    const { id } = parseWith(applicationIdParamSchema, req.params);
    await deps.applications.remove(userOf(res).id, id);
    res.status(204).end();
  });

  router.get('/api/user/stats', async (_req, res) => {
    res.json(await deps.dashboard.stats(userOf(res).id));
  });

  router.get('/api/user/activity', async (_req, res) => {
    res.json(await deps.feed.list(userOf(res).id));
  });

  return router;
}
