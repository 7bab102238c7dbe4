import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { baseServiceConfigSchema, portSchema, trustProxySchema } from '@b2g/service-kit';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { z } from 'zod';

/** The repository root: this file lives at services/auth/{src,dist}/config.*. */
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** OWASP Password Storage Cheat Sheet, argon2id: m=19 MiB, t=2, p=1. Production never goes below. */
export const OWASP_ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** Shortest admin password production accepts; it must also get zxcvbn's best score (4). */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;
const strength = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
const isStrongPassword = (password: string) =>
  password.length >= ADMIN_PASSWORD_MIN_LENGTH && strength.check(password).score === 4;

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
/** Blank counts as unset, so `ADMIN_PASSWORD=` in an .env file means "not configured". */
const optionalSecret = () =>
  z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? undefined : value));

export const authConfigSchema = baseServiceConfigSchema
  .extend({
    PORT: portSchema(4001),
    /** Signing key (PEM, EC P-256), inline or as a file; unset outside production = a generated dev key. */
    AUTH_PRIVATE_KEY: optionalSecret(),
    AUTH_PRIVATE_KEY_FILE: optionalSecret(),
    /** Local state of a development run (the generated signing key lives under `<DATA_DIR>/auth`). */
    DATA_DIR: z.string().min(1).default(join(REPO_ROOT, '.data')),
    /** Origin of the links in e-mails; never taken from a request's Host header. */
    PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:8080'),
    /** smtp(s)://user:pass@host:port; unset = every message is written as an .eml file into MAIL_DIR. */
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })
      .optional(),
    MAIL_DIR: z.string().min(1).optional(),
    MAIL_FROM: z.string().min(1).default('B2G Jobs <no-reply@b2g.local>'),
    ADMIN_PASSWORD: optionalSecret(),
    ADMIN_SESSION_TTL_MS: positiveInt(2 * HOUR_MS),
    ARGON2_MEMORY_KIB: positiveInt(OWASP_ARGON2.memoryCost),
    ARGON2_TIME_COST: positiveInt(OWASP_ARGON2.timeCost),
    ARGON2_PARALLELISM: positiveInt(OWASP_ARGON2.parallelism),
    /** Hashes computed at once; more requests wait their turn instead of exhausting memory and CPU. */
    HASH_CONCURRENCY: positiveInt(4),
    /**
     * Failed sign-ins a client address may make (over all accounts / on one account), all devices
     * without the account's device cookie may make on it together, and one device cookie may make,
     * before each further one waits 1 s, 2 s, 4 s... (at most the window, for which a failure counts).
     */
    LOGIN_RATE_WINDOW_MS: positiveInt(15 * MINUTE_MS),
    LOGIN_RATE_LIMIT_PER_IP: positiveInt(50),
    LOGIN_RATE_LIMIT_PER_ACCOUNT: positiveInt(10),
    LOGIN_RATE_LIMIT_PER_ACCOUNT_UNKNOWN_DEVICES: positiveInt(5),
    LOGIN_RATE_LIMIT_PER_DEVICE: positiveInt(10),
    /** HMAC key of the device cookies (shared by every instance); unset = derived from the signing key. */
    DEVICE_COOKIE_SECRET: optionalSecret().pipe(z.string().min(32).optional()),
    /** How long a browser stays a known device of an account after signing in to it. */
    DEVICE_COOKIE_TTL_MS: positiveInt(180 * 24 * HOUR_MS),
    /** Reset requests per client address and per e-mail address within the window. */
    FORGOT_PASSWORD_RATE_WINDOW_MS: positiveInt(HOUR_MS),
    FORGOT_PASSWORD_RATE_LIMIT_PER_IP: positiveInt(20),
    FORGOT_PASSWORD_RATE_LIMIT_PER_EMAIL: positiveInt(5),
    /** Registrations per client address within the window (each costs a password hash). */
    REGISTER_RATE_WINDOW_MS: positiveInt(HOUR_MS),
    REGISTER_RATE_LIMIT_PER_IP: positiveInt(20),
    /** Failed admin sign-ins per client address within the window. */
    ADMIN_LOGIN_RATE_WINDOW_MS: positiveInt(15 * MINUTE_MS),
    ADMIN_LOGIN_RATE_LIMIT_PER_IP: positiveInt(10),
    /** Which proxies may set X-Forwarded-For (express "trust proxy"): a hop count or addresses/subnets. */
    TRUST_PROXY: trustProxySchema,
  })
  .superRefine((config, ctx) => {
    if (config.NODE_ENV !== 'production') return;
    if (!config.AUTH_PRIVATE_KEY && !config.AUTH_PRIVATE_KEY_FILE) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_PRIVATE_KEY_FILE'],
        message:
          'required in production (or AUTH_PRIVATE_KEY): the PEM of the EC P-256 signing key',
      });
    }
    if (config.ADMIN_PASSWORD !== undefined && !isStrongPassword(config.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: `too weak for production: use at least ${ADMIN_PASSWORD_MIN_LENGTH} characters that are not a common password or pattern (e.g. four random words), or leave it unset to turn admin access off`,
      });
    }
    const minimums = [
      ['ARGON2_MEMORY_KIB', config.ARGON2_MEMORY_KIB, OWASP_ARGON2.memoryCost],
      ['ARGON2_TIME_COST', config.ARGON2_TIME_COST, OWASP_ARGON2.timeCost],
    ] as const;
    for (const [variable, value, minimum] of minimums) {
      if (value < minimum) {
        ctx.addIssue({
          code: 'custom',
          path: [variable],
          message: `must be at least ${minimum} in production (OWASP argon2id minimum)`,
        });
      }
    }
  })
  .transform((config) => ({
    ...config,
    MAIL_DIR: config.MAIL_DIR ?? join(config.DATA_DIR, 'mail'),
  }));

export type AuthConfig = z.output<typeof authConfigSchema>;
