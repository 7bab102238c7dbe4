import {
  createServiceApp,
  mongoReadiness,
  TokenVerifier,
  type TokenIssuer,
} from '@b2g/service-kit';
import type { Express } from 'express';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { BackgroundTasks } from './background.js';
import type { AuthConfig } from './config.js';
import { modelsOf } from './data/models.js';
import type { OutboxWriter } from './data/outbox.js';
import { ResetTokenRepository } from './data/reset-tokens.js';
import { SessionRepository } from './data/sessions.js';
import { UserRepository } from './data/users.js';
import { Accounts } from './domain/accounts.js';
import { AdminAccess } from './domain/admin.js';
import { LoginThrottle } from './domain/login-throttle.js';
import { PasswordResets } from './domain/password-reset.js';
import { PasswordHasher } from './domain/passwords.js';
import { Sessions } from './domain/sessions.js';
import type { Mailer } from '@b2g/service-kit';
import { adminRoutes } from './routes/admin.js';
import { authRoutes } from './routes/auth.js';
import { internalRoutes } from './routes/internal.js';
import { profileRoutes } from './routes/profile.js';

export interface AuthDeps {
  config: AuthConfig;
  logger: Logger;
  connection: Connection;
  /** Readiness only: events leave through the outbox. */
  bus: { readonly connected: boolean };
  outbox: OutboxWriter;
  issuer: TokenIssuer;
  mailer: Mailer;
  background: BackgroundTasks;
  /** Clock in ms (tests move it to expire tokens, sessions and reset links). */
  now?: () => number;
}

/** Everything the routes call, built from the dependencies. */
function createDomain(deps: AuthDeps) {
  const now = deps.now ?? Date.now;
  const models = modelsOf(deps.connection);
  const users = new UserRepository(models.User, deps.outbox);
  const sessionStore = new SessionRepository(models.Session, deps.outbox);
  const resetTokens = new ResetTokenRepository(models.ResetToken);
  const verifier = new TokenVerifier({ keys: deps.issuer.jwks().keys, now });
  const hasher = new PasswordHasher(
    {
      memoryCost: deps.config.ARGON2_MEMORY_KIB,
      timeCost: deps.config.ARGON2_TIME_COST,
      parallelism: deps.config.ARGON2_PARALLELISM,
    },
    deps.config.HASH_CONCURRENCY,
  );
  const sessions = new Sessions({
    sessions: sessionStore,
    users,
    issuer: deps.issuer,
    verifier,
    now,
  });
  const accounts = new Accounts({ users, sessionStore, resetTokens, sessions, hasher, now });
  const passwordResets = new PasswordResets({
    users,
    resetTokens,
    accounts,
    mailer: deps.mailer,
    background: deps.background,
    logger: deps.logger,
    publicBaseUrl: deps.config.PUBLIC_BASE_URL,
    now,
  });
  const admin = new AdminAccess({
    password: deps.config.ADMIN_PASSWORD,
    issuer: deps.issuer,
    verifier,
    sessions: sessionStore,
    ttlMs: deps.config.ADMIN_SESSION_TTL_MS,
    now,
  });
  const loginThrottle = new LoginThrottle({
    freePerAccount: deps.config.LOGIN_RATE_LIMIT_PER_ACCOUNT,
    freePerAddress: deps.config.LOGIN_RATE_LIMIT_PER_IP,
    forgetAfterMs: deps.config.LOGIN_RATE_WINDOW_MS,
    now,
  });
  return {
    users,
    sessionStore,
    resetTokens,
    sessions,
    accounts,
    passwordResets,
    admin,
    loginThrottle,
  };
}

export function createApp(deps: AuthDeps): Express {
  const domain = createDomain(deps);
  const { config } = deps;
  return createServiceApp({
    name: 'auth',
    logger: deps.logger,
    trustProxy: config.TRUST_PROXY,
    readiness: [
      mongoReadiness(deps.connection),
      { name: 'rabbitmq', isReady: () => deps.bus.connected },
    ],
    routes: [
      authRoutes({ config, issuer: deps.issuer, ...domain }),
      profileRoutes(domain),
      adminRoutes({
        admin: domain.admin,
        secureCookies: config.NODE_ENV === 'production',
        rateLimit: {
          windowMs: config.ADMIN_LOGIN_RATE_WINDOW_MS,
          perIp: config.ADMIN_LOGIN_RATE_LIMIT_PER_IP,
        },
      }),
      internalRoutes(domain),
    ],
  });
}
