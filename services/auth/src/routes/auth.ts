import {
  ERROR_MESSAGES,
  SUCCESS_MESSAGES,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
} from '@b2g/contracts';
import {
  AppError,
  clientAddressKey,
  createRateLimit,
  parseWith,
  tooManyRequests,
  type TokenIssuer,
} from '@b2g/service-kit';
import { Router } from 'express';
import type { AuthConfig } from '../config.js';
import type { Accounts } from '../domain/accounts.js';
import type { LoginThrottle } from '../domain/login-throttle.js';
import { lookupKey } from '../domain/model.js';
import type { PasswordResets } from '../domain/password-reset.js';
import type { Sessions } from '../domain/sessions.js';
import { toPublicUser } from '../domain/users.js';
import { bearerToken, bodyField, contextOf } from './http.js';

export interface AuthRoutesDeps {
  config: AuthConfig;
  accounts: Accounts;
  sessions: Sessions;
  passwordResets: PasswordResets;
  loginThrottle: LoginThrottle;
  issuer: TokenIssuer;
}

/** Per client address, and per the account or address named in the body (lowercased). */
function limitsFor(
  name: string,
  options: { windowMs: number; perIp: number; perSubject?: { limit: number; field: string } },
) {
  const limits = [
    createRateLimit({
      windowMs: options.windowMs,
      limit: options.perIp,
      message: ERROR_MESSAGES.rateLimited,
    }),
  ];
  const subject = options.perSubject;
  if (subject) {
    limits.push(
      createRateLimit({
        windowMs: options.windowMs,
        limit: subject.limit,
        message: ERROR_MESSAGES.rateLimited,
        key: (req) => `${name}:${lookupKey(bodyField(req, subject.field) ?? '')}`,
      }),
    );
  }
  return limits;
}

export function authRoutes(deps: AuthRoutesDeps): Router {
  const { config, accounts, sessions, passwordResets } = deps;
  const router = Router();

  router.get('/api/auth/.well-known/jwks.json', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(deps.issuer.jwks());
  });

  router.post(
    '/api/auth/register',
    ...limitsFor('register', {
      windowMs: config.REGISTER_RATE_WINDOW_MS,
      perIp: config.REGISTER_RATE_LIMIT_PER_IP,
    }),
    async (req, res) => {
      const input = parseWith(registerRequestSchema, req.body);
      const { token, user } = await accounts.register(input, contextOf(req));
      res.status(201).json({ success: true, token, user, message: SUCCESS_MESSAGES.registered });
    },
  );

  // Failed attempts slow the address that makes them (on that account and overall), never lock
  // the account: see LoginThrottle.
  router.post('/api/auth/login', async (req, res) => {
    const input = parseWith(loginRequestSchema, req.body);
    const attempt = { address: clientAddressKey(req), account: lookupKey(input.emailOrUsername) };
    const waitMs = deps.loginThrottle.waitMs(attempt);
    if (waitMs > 0) throw tooManyRequests(ERROR_MESSAGES.rateLimited, waitMs / 1000);
    try {
      const { token, user } = await accounts.login(input, contextOf(req));
      deps.loginThrottle.succeeded(attempt);
      res.json({ success: true, token, user, message: SUCCESS_MESSAGES.loggedIn });
    } catch (error) {
      if (error instanceof AppError && error.status === 401) deps.loginThrottle.failed(attempt);
      throw error;
    }
  });

  router.get('/api/auth/verify', async (req, res) => {
    const token = bearerToken(req);
    // A refused token is `success: false`; a failing database stays a 500, not a sign-out.
    const authenticated = token
      ? await sessions.authenticate(token).catch((error: unknown) => {
          if (error instanceof AppError && error.status === 401) return undefined;
          throw error;
        })
      : undefined;
    if (!authenticated) {
      res.status(401).json({ success: false });
      return;
    }
    res.json({ success: true, user: toPublicUser(authenticated.user) });
  });

  router.post('/api/auth/logout', async (req, res) => {
    await sessions.logout(bearerToken(req), contextOf(req));
    res.json({ success: true });
  });

  router.post(
    '/api/auth/forgot-password',
    ...limitsFor('forgot-password', {
      windowMs: config.FORGOT_PASSWORD_RATE_WINDOW_MS,
      perIp: config.FORGOT_PASSWORD_RATE_LIMIT_PER_IP,
      perSubject: { limit: config.FORGOT_PASSWORD_RATE_LIMIT_PER_EMAIL, field: 'email' },
    }),
    (req, res) => {
      const { email } = parseWith(forgotPasswordRequestSchema, req.body);
      passwordResets.request(email);
      res.json({ success: true, message: SUCCESS_MESSAGES.resetEmailSent });
    },
  );

  router.post('/api/auth/reset-password', async (req, res) => {
    const input = parseWith(resetPasswordRequestSchema, req.body);
    await passwordResets.reset(input, contextOf(req));
    res.json({ success: true, message: SUCCESS_MESSAGES.passwordReset });
  });

  return router;
}
