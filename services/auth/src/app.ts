import {
  createServiceApp,
  type RateLimitHits,
  type ReadinessCheck,
  type TokenIssuer,
} from '@b2g/service-kit';
import type { Express } from 'express';
import type { Logger } from 'pino';
import type { AuthConfig } from './config.js';
import type { Accounts } from './domain/accounts.js';
import type { AdminAccess } from './domain/admin.js';
import type { DeviceCookies } from './domain/device-cookies.js';
import type { LoginThrottle } from './domain/login-throttle.js';
import type { PasswordResets } from './domain/password-reset.js';
import type { Sessions } from './domain/sessions.js';
import { adminRoutes } from './routes/admin.js';
import { authRoutes } from './routes/auth.js';
import { internalRoutes } from './routes/internal.js';
import { profileRoutes } from './routes/profile.js';

export interface AppDeps {
  config: AuthConfig;
  logger: Logger;
  readiness: ReadinessCheck[];
  issuer: TokenIssuer;
  accounts: Accounts;
  sessions: Sessions;
  passwordResets: PasswordResets;
  admin: AdminAccess;
  loginThrottle: LoginThrottle;
  deviceCookies: DeviceCookies;
  /** The counts of every instance's limits (sign-in, sign-up, reset, admin sign-in). */
  hits: RateLimitHits;
}

/** The auth HTTP API; no listening here (tests run it in-process). */
export function createApp(deps: AppDeps): Express {
  const { config } = deps;
  return createServiceApp({
    name: 'auth',
    logger: deps.logger,
    trustProxy: config.TRUST_PROXY,
    readiness: deps.readiness,
    routes: [
      authRoutes(deps),
      profileRoutes(deps),
      adminRoutes({
        admin: deps.admin,
        secureCookies: config.NODE_ENV === 'production',
        rateLimit: {
          windowMs: config.ADMIN_LOGIN_RATE_WINDOW_MS,
          perIp: config.ADMIN_LOGIN_RATE_LIMIT_PER_IP,
          hits: deps.hits,
        },
      }),
      internalRoutes(deps),
    ],
  });
}
