import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { POSTING_REVIEW_POLICIES } from '@b2g/contracts';
import { baseServiceConfigSchema, portSchema, trustProxySchema } from '@b2g/service-kit';
import { z } from 'zod';
import { DEFAULT_ANALYTICS_URL } from './data/analytics-client.js';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const HOST_PORT = /^[a-z0-9.-]+:\d{1,5}$|^\[[0-9a-f:.]+\]:\d{1,5}$/i;

const SECOND_MS = 1_000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** A whole number from `min` to `max`; out of bounds, the error names the bound. */
const intSetting = (fallback: number, min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .default(fallback);

/** A request budget per window. */
const budget = (fallback: number) => intSetting(fallback, 1, 10_000);
/** A rate limit's window: a second to a day. */
const rateWindow = (fallback: number) => intSetting(fallback, SECOND_MS, DAY_MS);

export const configSchema = baseServiceConfigSchema.extend({
  PORT: portSchema(4002),
  /** Where auth publishes the keys that sign admin cookies. */
  AUTH_URL: z.url().default('http://127.0.0.1:4001'),
  /** The analytics service, whose internal route answers each posting's statistics (never through the gateway). */
  ANALYTICS_URL: z.url({ protocol: /^https?$/ }).default(DEFAULT_ANALYTICS_URL),
  /** Load the demo jobs when the jobs collection is empty ('false' turns it off). */
  SEED_DEMO_DATA: z
    .enum(['true', 'false'], 'must be true or false')
    .default('true')
    .transform((value) => value === 'true'),
  /** Comma-separated host:port pairs auto fill may fetch although they are private (test fixtures). */
  EXTRACT_ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine(
      (hosts) => hosts.every((host) => HOST_PORT.test(host)),
      'must be comma-separated host:port pairs',
    ),
  /** Public job posts per client address per window, counted across every instance. */
  JOB_POST_RATE_LIMIT: budget(10),
  JOB_POST_RATE_WINDOW_MS: rateWindow(15 * MINUTE_MS),
  /** Auto-fill requests per client address per window, counted across every instance. */
  EXTRACT_RATE_LIMIT: budget(20),
  EXTRACT_RATE_WINDOW_MS: rateWindow(MINUTE_MS),
  /** How long an employer's e-mailed sign-in link works (once): an hour to a week. */
  EMPLOYER_LINK_TTL_MS: intSetting(DAY_MS, HOUR_MS, 7 * DAY_MS),
  /** How long the employer session a link opens lasts: five minutes to a week. */
  EMPLOYER_SESSION_TTL_MS: intSetting(12 * HOUR_MS, 5 * MINUTE_MS, 7 * DAY_MS),
  /** Employer sign-in links asked per e-mail address and per client address, and sign-ins per client address, per window (shared). */
  EMPLOYER_LINK_RATE_LIMIT_PER_EMAIL: budget(5),
  EMPLOYER_LINK_RATE_LIMIT_PER_IP: budget(20),
  EMPLOYER_SIGN_IN_RATE_LIMIT_PER_IP: budget(30),
  EMPLOYER_RATE_WINDOW_MS: rateWindow(HOUR_MS),
  /** smtp(s)://user:pass@host:port; unset = every e-mail is written as an .eml file into MAIL_DIR. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_DIR: z
    .string()
    .min(1)
    .default(join(REPO_ROOT, '.data', 'mail')),
  MAIL_FROM: z.string().min(1).default('B2G Jobs <jobs@b2g.local>'),
  /** Which proxies may set X-Forwarded-For: the per-IP limits above key on the address it yields. */
  TRUST_PROXY: trustProxySchema,
  /** The site's public origin (https://jobs.example.gov) for absolute links in feeds, sitemaps and job pages; unset: each request's (as the gateway forwards it). */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .transform((value) => value?.replace(/\/+$/, '')),
  /**
   * How long the freshness checker waits after a run before the next (each job at most once a UTC
   * day); 0 turns it off, and at most a day, so that no day goes unchecked.
   */
  FRESHNESS_CHECK_INTERVAL_MS: intSetting(60 * MINUTE_MS, 0, DAY_MS).refine(
    (ms) => ms === 0 || ms >= SECOND_MS,
    `must be 0 (off) or at least ${SECOND_MS}`,
  ),
  /** Jobs checked per run. */
  FRESHNESS_BATCH_SIZE: intSetting(500, 1, 10_000),
  /** Pause between two requests of the checker to one host. */
  FRESHNESS_HOST_DELAY_MS: intSetting(2 * SECOND_MS, 0, MINUTE_MS),
  /** Hosts the checker reads at the same time (one request at a time per host). */
  FRESHNESS_HOST_CONCURRENCY: intSetting(4, 1, 32),
  /**
   * Which public posts wait for the admin's review: `risky` (a score from the threshold), `all`,
   * or `none` (every post live at once). An employer's edit is held the same way.
   */
  POSTING_REVIEW: z.enum(POSTING_REVIEW_POLICIES, 'must be risky, all or none').default('risky'),
  /**
   * Signs the public form's proof-of-work challenges: every instance must share it, or a challenge
   * one gave is refused by another (unset: a random key of each process).
   */
  POST_CHALLENGE_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Days a public posting without a closing date stays on the board (and each extend adds). */
  PUBLIC_POSTING_TTL_DAYS: intSetting(60, 7, 365),
  /** Days before a posting's last day that its poster is reminded: under the shortest time on the board. */
  EXPIRY_REMINDER_DAYS: intSetting(3, 1, 6),
  /** The OpenSearch cluster holding the search read model (with credentials if it needs them). */
  OPENSEARCH_URL: z.url(),
  /** The alias searches go through; each system on a shared cluster needs its own. */
  OPENSEARCH_INDEX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,100}$/, 'must be a lowercase index name')
    .default('b2g-jobs'),
  /** Replicas of each shard (0 on a single node; 1 or more on a cluster). */
  OPENSEARCH_REPLICAS: intSetting(0, 0, 5),
});

export type JobsConfig = z.output<typeof configSchema>;
