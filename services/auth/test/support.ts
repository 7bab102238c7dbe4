import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventType, IntegrationEvent, RegisterForm, User } from '@b2g/contracts';
import { EventBus, HandlerRegistry } from '@b2g/event-bus';
import { testAmqpUrl, testMongoUrl, uniqueName } from '@b2g/infra/test-env';
import {
  connectMongo,
  createMailer,
  generateSigningKey,
  REDACTED_PATHS,
  TokenIssuer,
} from '@b2g/service-kit';
import { mailsTo, startedForFile } from '@b2g/service-kit/testing';
import type { Express } from 'express';
import type { Connection } from 'mongoose';
import { pino, type Logger } from 'pino';
import request from 'supertest';
import { authConfigSchema, type AuthConfig } from '../src/config.js';
import type { AuthModels } from '../src/data/models.js';
import { createAuthInstance, type AuthInstance, type AuthInstanceDeps } from '../src/instance.js';

/** Polls `check` until it returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  { timeoutMs = 10_000, what = 'condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Cheap hashes for tests (production runs the OWASP parameters: see config.test.ts). */
const TEST_HASHING = { ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' };
/** Limits high enough that only the rate-limit tests meet them. */
const GENEROUS_LIMITS = {
  LOGIN_RATE_LIMIT_PER_IP: '1000',
  LOGIN_RATE_LIMIT_PER_ACCOUNT: '1000',
  FORGOT_PASSWORD_RATE_LIMIT_PER_IP: '1000',
  FORGOT_PASSWORD_RATE_LIMIT_PER_EMAIL: '1000',
  REGISTER_RATE_LIMIT_PER_IP: '1000',
  ADMIN_LOGIN_RATE_LIMIT_PER_IP: '1000',
  LOGIN_RATE_LIMIT_PER_ACCOUNT_UNKNOWN_DEVICES: '1000',
  LOGIN_RATE_LIMIT_PER_DEVICE: '1000',
};
/** The device cookies' key every instance of a test file shares. */
const DEVICE_COOKIE_KEY = 'test-device-cookie-key-of-thirty-two-chars';
export const ADMIN_PASSWORD = 'Admin-Secret-42!';
export const PUBLIC_BASE_URL = 'https://jobs.example.test';

/** The clock the app reads; tests move it forward to expire tokens, sessions and links. */
export class TestClock {
  private offsetMs = 0;
  readonly now = () => Date.now() + this.offsetMs;
  advance(ms: number) {
    this.offsetMs += ms;
  }
}

export interface TestAuth {
  app: Express;
  config: AuthConfig;
  clock: TestClock;
  connection: Connection;
  models: AuthModels;
  issuer: TokenIssuer;
  mailDir: string;
  /** Every log line the service wrote (JSON text), at level trace. */
  logLines: string[];
  /** Every event published on this file's exchange, in arrival order. */
  events: IntegrationEvent[];
  exchange: string;
  instance: AuthInstance;
  /**
   * Another instance's app on the same database, bus and key (e.g. with other limits or no admin
   * password); its events are relayed by the first instance's sweep.
   */
  anotherApp(env?: Record<string, string | undefined>, deps?: Partial<AuthInstanceDeps>): Express;
  /** Waits for work the app continues after answering (reset e-mails). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

const EVENT_TYPES_SEEN: EventType[] = [
  'user.registered',
  'user.updated',
  'user.deleted',
  'session.revoked',
];

/**
 * The service in-process on its own database and exchange, started as main starts it (its
 * subscription and outbox relay running), a consumer on the exchange that records every published
 * event, and its log captured.
 */
export async function startAuth(env: Record<string, string | undefined> = {}): Promise<TestAuth> {
  const dataDir = await mkdtemp(join(tmpdir(), 'auth-test-'));
  const mailDir = join(dataDir, 'mail');
  const logLines: string[] = [];
  // The kit's createLogger takes no destination: the same redaction, written into an array.
  const logger: Logger = pino(
    {
      level: 'trace',
      base: { service: 'auth' },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    { write: (line: string) => void logLines.push(line) },
  );
  const configFor = (overrides: Record<string, string | undefined>) =>
    authConfigSchema.parse({
      NODE_ENV: 'test',
      MONGO_URL: testMongoUrl('auth'),
      AMQP_URL: testAmqpUrl(),
      DATA_DIR: dataDir,
      PUBLIC_BASE_URL,
      ADMIN_PASSWORD,
      ...TEST_HASHING,
      ...GENEROUS_LIMITS,
      ...overrides,
    });
  const config = configFor(env);
  const connection = await connectMongo(config.MONGO_URL, { logger });
  const exchange = uniqueName('ex');
  const bus = new EventBus({ url: config.AMQP_URL, service: uniqueName('auth'), exchange, logger });

  const events: IntegrationEvent[] = [];
  const listener = new EventBus({
    url: config.AMQP_URL,
    service: uniqueName('listener'),
    exchange,
    logger: pino({ level: 'silent' }),
  });
  await listener.start();
  const registry = new HandlerRegistry();
  for (const type of EVENT_TYPES_SEEN) {
    registry.on(type, async (event) => {
      events.push(event);
    });
  }
  await listener.subscribe('instance', registry);

  const clock = new TestClock();
  const issuer = new TokenIssuer(generateSigningKey());
  const depsFor = (instanceConfig: AuthConfig): AuthInstanceDeps => ({
    config: instanceConfig,
    logger,
    connection,
    bus,
    issuer,
    deviceCookieKey: DEVICE_COOKIE_KEY,
    mailer: createMailer({
      from: instanceConfig.MAIL_FROM,
      mailDir: instanceConfig.MAIL_DIR,
      logger,
    }),
    now: clock.now,
    relay: { sweepIntervalMs: 1_000 },
  });
  const instance = createAuthInstance(depsFor(config));
  await instance.start();
  const others: AuthInstance[] = [];
  const settled = async () => {
    await Promise.all([instance, ...others].map((each) => each.settled()));
  };

  return {
    app: instance.app,
    config,
    clock,
    connection,
    models: instance.models,
    issuer,
    mailDir,
    logLines,
    events,
    exchange,
    instance,
    anotherApp(overrides = {}, deps = {}) {
      const other = createAuthInstance({
        ...depsFor(configFor({ ...env, ...overrides })),
        ...deps,
      });
      others.push(other);
      return other.app;
    },
    settled,
    async close() {
      // DUMP_LOGS=1 prints the service's log of the file (it is otherwise only asserted on).
      if (process.env.DUMP_LOGS) console.error(logLines.join(''));
      await settled();
      await instance.stop();
      await listener.close();
      await connection.dropDatabase();
      await connection.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The service for the test file that calls this: started before its tests (the fields are there
 * from then on), closed after them.
 */
export function authForFile(env: Record<string, string | undefined> = {}): TestAuth {
  return startedForFile(() => startAuth(env));
}

let sequence = 0;
export const STRONG_PASSWORD = 'Str0ng!Pass';

/** A valid registration form with unique username and e-mail. */
export function newRegistration(overrides: Partial<RegisterForm> = {}): RegisterForm {
  sequence += 1;
  const tag = `${Date.now().toString(36)}${sequence}`;
  return {
    username: `user_${tag}`,
    email: `user.${tag}@example.com`,
    password: STRONG_PASSWORD,
    confirmPassword: STRONG_PASSWORD,
    firstName: 'Ada',
    lastName: 'Lovelace',
    company: 'Analytical Engines',
    location: 'London',
    phoneNumber: '+44 20 0000 0000',
    clearanceLevel: 'secret',
    ...overrides,
  };
}

export interface Registered {
  form: RegisterForm;
  token: string;
  user: User;
}

export async function register(
  app: Express,
  overrides: Partial<RegisterForm> = {},
): Promise<Registered> {
  const form = newRegistration(overrides);
  const res = await request(app).post('/api/auth/register').send(form);
  if (res.status !== 201)
    throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { form, token: res.body.token as string, user: res.body.user as User };
}

export async function login(
  app: Express,
  emailOrUsername: string,
  password = STRONG_PASSWORD,
  rememberMe?: boolean,
) {
  return request(app)
    .post('/api/auth/login')
    .send({ emailOrUsername, password, ...(rememberMe === undefined ? {} : { rememberMe }) });
}

export interface Claims {
  sub: string;
  sid: string;
  username: string;
  iat: number;
  exp: number;
}

/** The claims of a token, read without verifying (the tests check what auth signed). */
export function claimsOf(token: string): Claims {
  const payload = token.split('.')[1];
  if (!payload) throw new Error('not a JWT');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Claims;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The events of one type seen so far. */
export function eventsOf<T extends EventType>(
  events: IntegrationEvent[],
  type: T,
): IntegrationEvent<T>[] {
  return events.filter((event): event is IntegrationEvent<T> => event.type === type);
}

export { mailsTo };

/** The reset link of the `index`-th e-mail to `to` (waits for it). */
export async function resetLink(mailDir: string, to: string, index = 0): Promise<URL> {
  const mail = await waitFor(async () => (await mailsTo(mailDir, to))[index], {
    what: `reset e-mail to ${to}`,
  });
  const match = /^(https?:\/\/\S+\/reset-password\?token=\S+)$/m.exec(mail);
  if (!match?.[1]) throw new Error('no reset link in the e-mail');
  return new URL(match[1]);
}

/** The token of the reset link of the `index`-th e-mail to `to` (waits for it); '' if it has none. */
export async function resetToken(mailDir: string, to: string, index = 0): Promise<string> {
  return (await resetLink(mailDir, to, index)).searchParams.get('token') ?? '';
}
