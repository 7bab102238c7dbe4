import { setTimeout as sleep } from 'node:timers/promises';
import { RateLimitHits, SharedRateLimitStore } from '@b2g/service-kit';
import type { ClientRateLimitInfo } from 'express-rate-limit';
import mongoose, { type Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { RateLimitConfig } from './config.js';
import type { SharedCount } from './rate-limit.js';

/** A count that takes longer is given up: the request goes on, counted in memory. */
const COUNT_TIMEOUT_MS = 1_000;
/** After a failed count, the database is left alone this long before it is tried again. */
const RETRY_AFTER_MS = 5_000;
const CONNECT_RETRY_MAX_MS = 5_000;

export interface SharedLimitsOptions {
  /** Clock of the windows in ms (tests move it instead of sleeping). */
  now?: () => number;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The gateway's budgets as every instance counts them, in its own database (service-kit's
 * RateLimitHits: one inserted document per hit, exact on FerretDB too).
 *
 * A database that does not answer fails open to memory: each instance counts on its own, as with
 * no database, so pages and proxying never wait on it and a flood is still held per instance.
 * One warning when an outage starts, one line when counting is shared again.
 */
export class SharedLimits {
  private readonly now: () => number;
  private hits: RateLimitHits | undefined;
  private connection: Connection | undefined;
  private readonly stopped = new AbortController();
  /** Resolves once the database answered the first time. */
  readonly connected: Promise<void>;
  private inOutage = false;
  private retryAt = 0;

  constructor(
    private readonly url: string,
    private readonly logger: Logger,
    options: SharedLimitsOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.connected = this.connect();
    this.connected.catch(() => undefined);
  }

  /** The budget `name` (unique among the gateway's limits) counted for every instance. */
  count(name: string, { windowMs, max }: RateLimitConfig): SharedCount {
    let store: SharedRateLimitStore | undefined;
    return {
      now: this.now,
      increment: async (key: string): Promise<ClientRateLimitInfo | undefined> => {
        const hits = this.usableHits();
        if (hits === undefined) return undefined;
        store ??= new SharedRateLimitStore(hits, { name, windowMs, limit: max });
        try {
          const counted = await withTimeout(store.increment(key), COUNT_TIMEOUT_MS);
          this.answered();
          return counted;
        } catch (error) {
          this.retryAt = Date.now() + RETRY_AFTER_MS;
          this.outage(error);
          return undefined;
        }
      },
    };
  }

  async close(): Promise<void> {
    this.stopped.abort();
    await this.connection?.close().catch(() => undefined);
  }

  private usableHits(): RateLimitHits | undefined {
    const connected = this.connection?.readyState === mongoose.ConnectionStates.connected;
    if (connected && Date.now() >= this.retryAt) return this.hits;
    this.outage();
    return undefined;
  }

  private outage(error?: unknown): void {
    if (this.inOutage) return;
    this.inOutage = true;
    this.logger.warn(
      { err: error },
      'rate limit database not answering: each instance counts its own budgets until it is back',
    );
  }

  private answered(): void {
    if (!this.inOutage) return;
    this.inOutage = false;
    this.logger.info('rate limit database answering: budgets shared by every instance again');
  }

  /** Connects in the background, retrying with backoff until it answers or the limits close. */
  private async connect(): Promise<void> {
    const { signal } = this.stopped;
    for (let delay = 250; !signal.aborted; delay = Math.min(delay * 2, CONNECT_RETRY_MAX_MS)) {
      // The driver checks the server this often, so the limits are shared again soon after an outage.
      const connection = mongoose.createConnection(this.url, {
        serverSelectionTimeoutMS: 2_000,
        heartbeatFrequencyMS: 2_000,
        maxPoolSize: 10,
      });
      try {
        await connection.asPromise();
        if (signal.aborted) {
          await connection.close();
          break;
        }
        this.connection = connection;
        this.hits = new RateLimitHits(connection, { now: this.now });
        return;
      } catch {
        await connection.close().catch(() => undefined);
        await sleep(delay, undefined, { signal }).catch(() => undefined);
      }
    }
    throw new Error('rate limit database: closed before it answered');
  }
}
