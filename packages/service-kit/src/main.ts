import { ConfigError } from './config.js';

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
