import { baseServiceConfigSchema, portSchema } from '@b2g/service-kit';
import { z } from 'zod';

const httpBaseUrl = (fallback: string) =>
  z
    .url({ protocol: /^https?$/, error: 'must be an http(s):// URL' })
    .default(fallback)
    .transform((value) => value.replace(/\/+$/, ''));

/** The environment of the user-activity service; a bad value stops the start with its name. */
export const configSchema = baseServiceConfigSchema.extend({
  PORT: portSchema(4003),
  /** Auth service: JWKS for token verification and the list of revoked sessions. */
  AUTH_URL: httpBaseUrl('http://127.0.0.1:4001'),
  /** Jobs service: looked up when a job snapshot is missing. */
  JOBS_URL: httpBaseUrl('http://127.0.0.1:4002'),
  /** Longest wait for one jobs-service lookup. */
  JOBS_TIMEOUT_MS: z.coerce.number().int().positive().default(2_000),
  /** Messages a consumer works on at once. */
  EVENT_PREFETCH: z.coerce.number().int().positive().default(20),
});

export type Config = z.output<typeof configSchema>;
