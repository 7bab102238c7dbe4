import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SITE_NAME } from '@b2g/contracts';
import { baseServiceConfigSchema, portSchema, trustProxySchema } from '@b2g/service-kit';
import { z } from 'zod';

/** The repository root: this file lives at services/user-activity/{src,dist}/config.*. */
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Shortest accepted ALERT_LINK_SECRET (HMAC-SHA256 key: 32 bytes of entropy or more). */
export const ALERT_LINK_SECRET_MIN_LENGTH = 32;

const httpBaseUrl = (fallback: string) =>
  z
    .url({ protocol: /^https?$/, error: 'must be an http(s):// URL' })
    .default(fallback)
    .transform((value) => value.replace(/\/+$/, ''));

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** The environment of the user-activity service; a bad value stops the start with its name. */
export const configSchema = baseServiceConfigSchema
  .extend({
    PORT: portSchema(4003),
    /** Auth service: JWKS for token verification, the list of revoked sessions, a user's e-mail. */
    AUTH_URL: httpBaseUrl('http://127.0.0.1:4001'),
    /** Jobs service: looked up when a job snapshot is missing. */
    JOBS_URL: httpBaseUrl('http://127.0.0.1:4002'),
    /**
     * Longest wait for one jobs-service (or auth) lookup: well inside the gateway's 10 s, and long
     * enough that a busy instance's slow answer is not turned into a 503 on a write.
     */
    JOBS_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
    /** Messages a consumer works on at once. */
    EVENT_PREFETCH: z.coerce.number().int().positive().default(20),
    /** Which proxies may set X-Forwarded-For: the per-IP alert sign-up limit keys on it. */
    TRUST_PROXY: trustProxySchema,
    /** Origin of the links in alert e-mails; never taken from a request's Host header. */
    PUBLIC_BASE_URL: httpBaseUrl('http://localhost:8080'),
    /**
     * Key of the HMAC that signs the links in alert e-mails (confirm, manage, unsubscribe).
     * Required in production; unset elsewhere = a random key per process (links end at restart).
     */
    ALERT_LINK_SECRET: z.string().min(ALERT_LINK_SECRET_MIN_LENGTH).optional(),
    /** smtp(s)://user:pass@host:port; unset = every message is written as an .eml file into MAIL_DIR. */
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })
      .optional(),
    DATA_DIR: z.string().min(1).default(join(REPO_ROOT, '.data')),
    MAIL_DIR: z.string().min(1).optional(),
    MAIL_FROM: z.string().min(1).default(`${SITE_NAME} <alerts@b2g.local>`),
    /** Alert sign-ups (guest subscriptions) per client address within the window. */
    ALERT_SUBSCRIBE_RATE_LIMIT: positiveInt(10),
    ALERT_SUBSCRIBE_RATE_WINDOW_MS: positiveInt(60 * 60 * 1000),
    /** Confirmation e-mails one address may be sent per day. */
    ALERT_CONFIRM_MAILS_PER_ADDRESS: positiveInt(3),
    /**
     * How often due alerts are looked for: a search's first match goes within this, later ones
     * wait for the batching gap since its last e-mail (ALERT_INSTANT_BATCH_MS, 50 s).
     */
    ALERT_TICK_MS: positiveInt(10_000),
  })
  .superRefine((config, ctx) => {
    if (config.NODE_ENV === 'production' && !config.ALERT_LINK_SECRET)
      ctx.addIssue({
        code: 'custom',
        path: ['ALERT_LINK_SECRET'],
        message: 'is required in production (links in alert e-mails are signed with it)',
      });
  })
  .transform((config) => ({
    ...config,
    MAIL_DIR: config.MAIL_DIR ?? join(config.DATA_DIR, 'mail'),
  }));

export type Config = z.output<typeof configSchema>;
