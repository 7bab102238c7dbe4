import { baseServiceConfigSchema, portSchema, trustProxySchema } from '@b2g/service-kit';
import { z } from 'zod';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** The environment of the analytics service; a bad value stops the start with its name. */
export const configSchema = baseServiceConfigSchema.extend({
  PORT: portSchema(4005),
  /** Auth service: JWKS for the admin's token, the list of revoked sessions. */
  AUTH_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s):// URL' })
    .default('http://127.0.0.1:4001')
    .transform((value) => value.replace(/\/+$/, '')),
  /** Which proxies may set X-Forwarded-For: the rate limit and the visitor hash key on it. */
  TRUST_PROXY: trustProxySchema,
  /** How often each instance writes its counts: what a crash may lose (at most 10 s). */
  FLUSH_INTERVAL_MS: z.coerce.number().int().min(100).max(10_000).default(5_000),
  /** Event batches one client address may send per window, counted for every instance together. */
  EVENTS_RATE_LIMIT: positiveInt(120),
  EVENTS_RATE_WINDOW_MS: positiveInt(60_000),
  /**
   * Where the limit counts: `shared` (every instance together, each instance's counts exchanged
   * through the database each second, never on a request's path) or `memory` (each instance its
   * own budget, behind the gateway's shared per-client limit).
   */
  EVENTS_RATE_LIMIT_STORE: z.enum(['shared', 'memory']).default('shared'),
});

export type Config = z.output<typeof configSchema>;
