import { baseServiceConfigSchema, portSchema, trustProxySchema } from '@b2g/service-kit';
import { z } from 'zod';

const HOST_PORT = /^[a-z0-9.-]+:\d{1,5}$|^\[[0-9a-f:.]+\]:\d{1,5}$/i;

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

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
  /** Public job posts per client address per window. */
  JOB_POST_RATE_LIMIT: positiveInt(10),
  JOB_POST_RATE_WINDOW_MS: positiveInt(15 * 60_000),
  /** Auto-fill requests per client address per window. */
  EXTRACT_RATE_LIMIT: positiveInt(20),
  EXTRACT_RATE_WINDOW_MS: positiveInt(60_000),
  /** Which proxies may set X-Forwarded-For: the per-IP limits above key on the address it yields. */
  TRUST_PROXY: trustProxySchema,
  /** The site's public origin (https://jobs.example.gov) for absolute links in feeds, sitemaps and job pages; unset: each request's (as the gateway forwards it). */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .transform((value) => value?.replace(/\/+$/, '')),
  /** How often the freshness checker runs (each job at most once a UTC day); 0 turns it off. */
  FRESHNESS_CHECK_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(60 * 60_000),
  /** Jobs checked per run. */
  FRESHNESS_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
  /** Pause between two requests of the checker to one host. */
  FRESHNESS_HOST_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  /** Hosts the checker reads at the same time (one request at a time per host). */
  FRESHNESS_HOST_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  /** The OpenSearch cluster holding the search read model (with credentials if it needs them). */
  OPENSEARCH_URL: z.url(),
  /** The alias searches go through; each system on a shared cluster needs its own. */
  OPENSEARCH_INDEX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,100}$/, 'must be a lowercase index name')
    .default('b2g-jobs'),
  /** Replicas of each shard (0 on a single node; 1 or more on a cluster). */
  OPENSEARCH_REPLICAS: z.coerce.number().int().min(0).max(5).default(0),
});

export type JobsConfig = z.output<typeof configSchema>;
