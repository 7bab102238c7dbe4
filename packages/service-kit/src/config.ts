import { z } from 'zod';

export class ConfigError extends Error {
  constructor(readonly issues: Array<{ variable: string; message: string }>) {
    super(
      `Invalid configuration:\n${issues.map((i) => `  ${i.variable}: ${i.message}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

/** Reads configuration from the environment through a zod schema; a bad value names its variable. */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => ({
      variable: issue.path.join('.') || '(environment)',
      message: issue.message,
    })),
  );
}

const logLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/** What every service reads: where it listens and the servers it talks to. */
export const baseServiceConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: logLevel.default('info'),
  MONGO_URL: z.url({ protocol: /^mongodb(\+srv)?$/, error: 'must be a mongodb:// URL' }),
  AMQP_URL: z.url({ protocol: /^amqps?$/, error: 'must be an amqp:// URL' }),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
});

/**
 * Which proxies may set X-Forwarded-For (express "trust proxy"): a hop count (`1`: the gateway in
 * front) or addresses/subnets. The default, `loopback`, fits a gateway on the same host; behind a
 * gateway in another container the client address (and every per-IP limit) needs it set.
 */
export const trustProxySchema = z
  .string()
  .default('loopback')
  .transform((value) => (/^\d+$/.test(value) ? Number(value) : value));

export const portSchema = (defaultPort: number) =>
  z.coerce.number().int().min(0).max(65_535).default(defaultPort);
