import type { Logger } from 'pino';

/**
 * Work that continues after the answer was sent (e.g. a reset e-mail). Failures are logged, and
 * shutdown waits for what is running.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly logger: Logger) {}

  run(name: string, task: () => Promise<void>): void {
    const done: Promise<void> = task()
      .catch((error: unknown) =>
        this.logger.error({ err: error, task: name }, 'background task failed'),
      )
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  /** Resolves when every task started so far has finished. */
  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
