/** Small async building blocks shared by the bus and the outbox relay. */

export interface Backoff {
  /** First delay, in milliseconds. */
  initialMs: number;
  /** Ceiling of the doubling delay, in milliseconds. */
  maxMs: number;
}

/** Delay before retry number `attempt` (0-based): doubles from `initialMs` up to `maxMs`, with ±20 % jitter. */
export function backoffDelay(
  attempt: number,
  backoff: Backoff,
  random: () => number = Math.random,
): number {
  const base = Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.min(attempt, 30));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** Resolves after `ms`, or at once when `signal` aborts (never rejects). */
export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Signal().wait({ timeoutMs: ms, signal });
}

/** Counting semaphore: at most `limit` holders at once, waiters served in arrival order. */
export class Semaphore {
  private available: number;
  private readonly waiters: Array<() => void> = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError(`semaphore limit must be a positive integer, got ${limit}`);
    this.available = limit;
  }

  /** How many holders there are now. */
  get inUse(): number {
    return this.limit - this.available;
  }

  acquire(): Promise<void> {
    if (this.available > 0) {
      this.available -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.available += 1;
  }
}

/** A wake-up call: everyone waiting when `fire()` runs resumes. */
export class Signal {
  private readonly waiters = new Set<() => void>();

  /** Resolves on the next `fire()`, when `signal` aborts or after `timeoutMs`, whichever comes first. */
  wait(
    options: { signal?: AbortSignal | undefined; timeoutMs?: number | undefined } = {},
  ): Promise<void> {
    const { signal, timeoutMs } = options;
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        this.waiters.delete(done);
        resolve();
      };
      const timer = timeoutMs === undefined ? undefined : setTimeout(done, timeoutMs);
      this.waiters.add(done);
      signal?.addEventListener('abort', done, { once: true });
      if (signal?.aborted) done();
    });
  }

  fire(): void {
    for (const wake of [...this.waiters]) wake();
  }
}

/** Waits for `promise` (never rejects), but no longer than `timeoutMs`; true when it settled in time. */
export async function settleWithin(promise: Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([
      promise.then(
        () => true,
        () => true,
      ),
      timedOut,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
