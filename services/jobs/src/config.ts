import { baseServiceConfigSchema, portSchema, trustProxySchema } from '@b2g/service-kit';
import { z } from 'zod';

const HOST_PORT = /^[a-z0-9.-]+:\d{1,5}$|^\[[0-9a-f:.]+\]:\d{1,5}$/i;

const SECOND_MS = 1_000;
const MINUTE_MS = 60 * SECOND_MS;
const DAY_MS = 24 * 60 * MINUTE_MS;

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
