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
  readCookie,
  tooManyRequests,
  type RateLimitHits,
  type TokenIssuer,
} from '@b2g/service-kit';
import { Router, type Request, type Response } from 'express';
import type { AuthConfig } from '../config.js';
import type { Accounts } from '../domain/accounts.js';
import type { DeviceCookies } from '../domain/device-cookies.js';
import type { LoginThrottle, LoginTicket } from '../domain/login-throttle.js';
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
  deviceCookies: DeviceCookies;
  /** The counts of every instance's limits. */
  hits: RateLimitHits;
  issuer: TokenIssuer;
}

/** The browser's device cookie (see DeviceCookies): sent with sign-ins only, never to scripts. */
export const DEVICE_COOKIE_NAME = 'b2g_device';
const DEVICE_COOKIE_PATH = '/api/auth/login';

export function authRoutes(deps: AuthRoutesDeps): Router {
  const { config, accounts, sessions, passwordResets, hits } = deps;
  const router = Router();

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
        shared: { hits, name: `${name}:ip` },
      }),
    ];
    const subject = options.perSubject;
    if (subject) {
      limits.push(
        createRateLimit({
          windowMs: options.windowMs,
          limit: subject.limit,
          message: ERROR_MESSAGES.rateLimited,
          key: (req) => lookupKey(bodyField(req, subject.field) ?? ''),
          shared: { hits, name: `${name}:${subject.field}` },
        }),
      );
    }
    return limits;
  }

  /** Counts the attempt on its budgets (see LoginThrottle), or refuses it with 429. */
  async function admit(req: Request, emailOrUsername: string): Promise<LoginTicket> {
    const accountId = await accounts.accountIdOf(emailOrUsername);
    const device = accountId
      ? deps.deviceCookies.deviceOf(readCookie(req.headers.cookie, DEVICE_COOKIE_NAME), accountId)
      : undefined;
    const gate = await deps.loginThrottle.begin({
      address: clientAddressKey(req),
      account: accountId ?? `name:${lookupKey(emailOrUsername)}`,
      device,
    });
    if ('waitMs' in gate) throw tooManyRequests(ERROR_MESSAGES.rateLimited, gate.waitMs / 1000);
    return gate.ticket;
  }

  function rememberDevice(res: Response, accountId: string) {
    const { value, expires } = deps.deviceCookies.issue(accountId);
    res.cookie(DEVICE_COOKIE_NAME, value, {
      httpOnly: true,
      sameSite: 'strict',
      secure: config.NODE_ENV === 'production',
      path: DEVICE_COOKIE_PATH,
      expires,
    });
  }

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

  // Failed attempts slow the address that makes them and the account's unknown devices, never
  // lock the account: its owner's known device is counted apart (see LoginThrottle).
  router.post('/api/auth/login', async (req, res) => {
    const input = parseWith(loginRequestSchema, req.body);
    const ticket = await admit(req, input.emailOrUsername);
    let signedIn;
    try {
      signedIn = await accounts.login(input, contextOf(req));
    } catch (error) {
      if (!(error instanceof AppError && error.status === 401))
        await deps.loginThrottle.abandoned(ticket);
      throw error;
    }
    await deps.loginThrottle.succeeded(ticket);
    rememberDevice(res, signedIn.user.id);
    res.json({ success: true, ...signedIn, message: SUCCESS_MESSAGES.loggedIn });
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
