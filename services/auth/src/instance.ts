import { Outbox, type EventBus, type OutboxOptions } from '@b2g/event-bus';
import {
  mongoReadiness,
  RateLimitHits,
  TokenVerifier,
  type Mailer,
  type TokenIssuer,
} from '@b2g/service-kit';
import type { Express } from 'express';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { createApp } from './app.js';
import { BackgroundTasks } from './background.js';
import type { AuthConfig } from './config.js';
import { modelsOf, prepareDatabase, type AuthModels } from './data/models.js';
import { ResetTokenRepository } from './data/reset-tokens.js';
import { SessionRepository } from './data/sessions.js';
import { UserRepository } from './data/users.js';
import { Accounts } from './domain/accounts.js';
import { AdminAccess } from './domain/admin.js';
import { DeviceCookies } from './domain/device-cookies.js';
import { purgeExpired } from './domain/housekeeping.js';
import { LoginThrottle } from './domain/login-throttle.js';
import { PasswordResets } from './domain/password-reset.js';
import { PasswordHasher } from './domain/passwords.js';
import { Sessions } from './domain/sessions.js';
import { serviceSubscriptions } from './events/handlers.js';
import { toIntegrationEvents } from './events/outgoing.js';

export interface AuthInstanceDeps {
  config: AuthConfig;
  logger: Logger;
  connection: Connection;
  bus: EventBus;
  issuer: TokenIssuer;
  mailer: Mailer;
  /** HMAC key of the device cookies, the same for every instance (see deviceCookieKey). */
  deviceCookieKey: string | Buffer;
  /** Clock in ms (tests move it to expire tokens, sessions and reset links). */
  now?: () => number;
  /** The outbox relay's settings (tests sweep more often). */
  relay?: Pick<OutboxOptions, 'sweepIntervalMs'>;
  /** Expired sessions and reset tokens are removed at start and then every this long (0: never). */
  housekeepingIntervalMs?: number;
}

export interface AuthInstance {
  app: Express;
  models: AuthModels;
  outbox: Outbox;
  sessions: Sessions;
  /** Removes the sessions and reset tokens expired before `now` (what housekeeping runs). */
  purgeExpired(now: Date): Promise<{ sessions: number; resetTokens: number }>;
  /** Resolves when the work continued after answering (reset e-mails) has finished. */
  settled(): Promise<void>;
  /** Waits for the indexes, subscribes, connects the bus, starts the relay and housekeeping. */
  start(): Promise<void>;
  /** Stops housekeeping, lets background work finish, stops the relay and the bus (the caller closes the connection it gave). */
  stop(): Promise<void>;
}

/** One running auth service, wired from its connections: what main starts and tests start. */
export function createAuthInstance(deps: AuthInstanceDeps): AuthInstance {
  const { config, logger, connection, bus, issuer } = deps;
  const now = deps.now ?? Date.now;
  const models = modelsOf(connection);
  const outbox = new Outbox({ connection, bus, logger, ...deps.relay });
  const users = new UserRepository(models.User, outbox, toIntegrationEvents);
  const sessionStore = new SessionRepository(models.Session, outbox, toIntegrationEvents);
  const resetTokens = new ResetTokenRepository(models.ResetToken, outbox);
  const background = new BackgroundTasks(logger);
  const verifier = new TokenVerifier({ keys: issuer.jwks().keys, now });
  const hasher = new PasswordHasher(
    {
      memoryCost: config.ARGON2_MEMORY_KIB,
      timeCost: config.ARGON2_TIME_COST,
      parallelism: config.ARGON2_PARALLELISM,
    },
    config.HASH_CONCURRENCY,
  );
  const sessions = new Sessions({ sessions: sessionStore, users, issuer, verifier, now });
  const accounts = new Accounts({ users, sessionStore, resetTokens, sessions, hasher, now });
  const passwordResets = new PasswordResets({
    users,
    resetTokens,
    accounts,
    mailer: deps.mailer,
    background,
    logger,
    publicBaseUrl: config.PUBLIC_BASE_URL,
    now,
  });
  const admin = new AdminAccess({
    password: config.ADMIN_PASSWORD,
    issuer,
    verifier,
    sessions: sessionStore,
    ttlMs: config.ADMIN_SESSION_TTL_MS,
    now,
  });
  const hits = new RateLimitHits(connection, { now });
  const loginThrottle = new LoginThrottle({
    freePerAccount: config.LOGIN_RATE_LIMIT_PER_ACCOUNT,
    freePerAddress: config.LOGIN_RATE_LIMIT_PER_IP,
    freePerUnknownDevices: config.LOGIN_RATE_LIMIT_PER_ACCOUNT_UNKNOWN_DEVICES,
    freePerDevice: config.LOGIN_RATE_LIMIT_PER_DEVICE,
    forgetAfterMs: config.LOGIN_RATE_WINDOW_MS,
    log: hits,
    now,
  });
  const deviceCookies = new DeviceCookies({
    key: deps.deviceCookieKey,
    ttlMs: config.DEVICE_COOKIE_TTL_MS,
    now,
  });
  const app = createApp({
    config,
    logger,
    readiness: [mongoReadiness(connection), { name: 'rabbitmq', isReady: () => bus.connected }],
    issuer,
    accounts,
    sessions,
    passwordResets,
    admin,
    loginThrottle,
    deviceCookies,
    hits,
  });

  const purge = (at: Date) => purgeExpired({ sessions: sessionStore, resetTokens }, at);
  let housekeeping: NodeJS.Timeout | undefined;
  function startHousekeeping(intervalMs: number) {
    const run = () =>
      purge(new Date(now())).then(
        (removed) => logger.info(removed, 'expired sessions and reset tokens removed'),
        (error: unknown) => logger.error({ err: error }, 'housekeeping failed'),
      );
    void run();
    housekeeping = setInterval(() => void run(), intervalMs);
    housekeeping.unref();
  }

  return {
    app,
    models,
    outbox,
    sessions,
    purgeExpired: purge,
    settled: () => background.drain(),
    async start() {
      await prepareDatabase(connection);
      await bus.subscribe('service', serviceSubscriptions({ sessions }));
      await bus.start();
      outbox.start();
      if (deps.housekeepingIntervalMs) startHousekeeping(deps.housekeepingIntervalMs);
    },
    async stop() {
      clearInterval(housekeeping);
      await background.drain();
      await outbox.stop();
      await bus.close();
    },
  };
}
