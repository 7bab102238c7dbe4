import { ERROR_MESSAGES, adminLoginRequestSchema } from '@b2g/contracts';
import {
  ADMIN_COOKIE_NAME,
  createRateLimit,
  parseWith,
  readCookie,
  requireSameOrigin,
  type RateLimitHits,
} from '@b2g/service-kit';
import { Router, type CookieOptions } from 'express';
import type { AdminAccess } from '../domain/admin.js';
import { contextOf } from './http.js';

export interface AdminRoutesDeps {
  admin: AdminAccess;
  /** Cookies are Secure everywhere but local development and tests (plain http there). */
  secureCookies: boolean;
  rateLimit: { windowMs: number; perIp: number; hits: RateLimitHits };
}

export function adminRoutes(deps: AdminRoutesDeps): Router {
  const router = Router();
  // Every service behind the gateway reads it (jobs' /api/admin/jobs), the browser's scripts never.
  const cookie: CookieOptions = {
    httpOnly: true,
    sameSite: 'strict',
    secure: deps.secureCookies,
    path: '/api',
  };

  router.get('/api/admin/status', async (req, res) => {
    const isAdmin = await deps.admin.isAdmin(readCookie(req.headers.cookie, ADMIN_COOKIE_NAME));
    res.set('Cache-Control', 'no-store').json({ isAdmin, hasAdminPassword: deps.admin.configured });
  });

  router.post(
    '/api/admin/login',
    createRateLimit({
      windowMs: deps.rateLimit.windowMs,
      limit: deps.rateLimit.perIp,
      message: ERROR_MESSAGES.rateLimited,
      skipSuccessfulRequests: true,
      shared: { hits: deps.rateLimit.hits, name: 'admin-login:ip' },
    }),
    requireSameOrigin,
    async (req, res) => {
      deps.admin.assertConfigured();
      const { password } = parseWith(adminLoginRequestSchema, req.body);
      const { token, expiresAt } = await deps.admin.signIn(password);
      res
        .cookie(ADMIN_COOKIE_NAME, token, { ...cookie, expires: expiresAt })
        .json({ success: true });
    },
  );

  // The token is revoked, not only forgotten by this browser: a copied cookie stops working too.
  router.post('/api/admin/logout', requireSameOrigin, async (req, res) => {
    await deps.admin.signOut(readCookie(req.headers.cookie, ADMIN_COOKIE_NAME), contextOf(req));
    res.clearCookie(ADMIN_COOKIE_NAME, cookie).json({ success: true });
  });

  return router;
}
