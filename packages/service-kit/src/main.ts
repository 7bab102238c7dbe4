import type { Logger } from 'pino';
import type { z } from 'zod';
import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './logger.js';

/**
 * Runs a service's start-up; a bad configuration or a failed start prints a readable message
 * (naming the variable for configuration) and exits non-zero, so a supervisor sees it at once.
 */
export async function runMain(start: () => Promise<unknown>): Promise<void> {
  try {
    await start();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
    } else {
      console.error('Start-up failed:', error instanceof Error ? error.message : error);
    }
    process.exit(1);
  }
}

/**
 * `runMain` for a service: its configuration read from the environment by `schema`, and its
 * logger, named `name`, at the configuration's LOG_LEVEL.
 */
export function runService<S extends z.ZodType<{ LOG_LEVEL: string }>>(
  name: string,
  schema: S,
  start: (config: z.output<S>, logger: Logger) => Promise<unknown>,
): Promise<void> {
  return runMain(async () => {
    const config = loadConfig(schema, process.env);
    return start(config, createLogger({ name, level: config.LOG_LEVEL }));
  });
}
