import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Collection, Connection } from 'mongoose';
import type { Logger } from 'pino';
import { backoffDelay, delay, type Backoff } from './async.js';
import { WriteLeaseTimeoutError } from './errors.js';
import { isDuplicateKey, withDocumentLock } from './mongo.js';

interface Lease {
  /** What is leased: a `documentKey`, with a suffix naming what the lease is for. */
  _id: string;
  owner: string;
  until: Date;
}

/** How long a write lease holds when its holder dies mid-write. */
const DEFAULT_WRITE_LEASE_MS = 10_000;
/** How long a writer waits for a document's write lease before it gives up (writing nothing). */
const DEFAULT_WRITE_WAIT_MS = 5_000;
/** Waits between attempts to take a write lease another process holds. */
const WRITE_LEASE_BACKOFF: Backoff = { initialMs: 2, maxMs: 50 };
/** Wait between attempts to let a write lease go while the database is away. */
const RELEASE_RETRY_MS = 250;

/**
 * Leases across processes, one document each in a shared collection: a lease is a document whose
 * `_id` names what it leases, so taking one is a plain insert, atomic on MongoDB and FerretDB
 * alike (a unique key), unlike a conditional update, which FerretDB does not isolate. A lease whose
 * holder died is taken over once it runs out.
 */
export class Leases {
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly collection: Collection<Lease>;
  private readonly writeLeaseMs = DEFAULT_WRITE_LEASE_MS;
  private readonly writeWaitMs: number;

  constructor(
    connection: Connection,
    collectionName: string,
    private readonly log: Logger,
    options: { writeWaitMs?: number } = {},
  ) {
    this.collection = connection.collection<Lease>(collectionName);
    this.writeWaitMs = options.writeWaitMs ?? DEFAULT_WRITE_WAIT_MS;
  }

  /** Takes `id` for `ms`: undefined when taken, else when the current holder's lease runs out. */
  async tryTake(id: string, ms: number, takeOver = true): Promise<Date | undefined> {
    const now = Date.now();
    try {
      await this.collection.insertOne({ _id: id, owner: this.owner, until: new Date(now + ms) });
      return undefined;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    const current = await this.collection.findOne({ _id: id });
    if (!current) return new Date(now);
    if (!takeOver || current.until.getTime() >= now) return current.until;
    this.log.warn({ lease: id, owner: current.owner }, 'taking over an expired lease');
    await this.collection.deleteOne({ _id: id, owner: current.owner });
    return this.tryTake(id, ms, false);
  }

  /** Lets `id` go (when this process still holds it). */
  async release(id: string): Promise<void> {
    await this.collection.deleteOne({ _id: id, owner: this.owner });
  }

  /**
   * Runs `write` as the one writer of the document `key` names, across processes: FerretDB applies
   * an update as read, modify, write-back without isolation, so two processes updating one
   * document at once lose one update (MongoDB does not). Writers of this process queue in memory
   * (`withDocumentLock`); across processes, each waits for the document's write lease. A writer
   * that cannot start within `writeWaitMs` (the lease's holder is slow, or died holding it) gets
   * a WriteLeaseTimeoutError and writes nothing. The caller has its answer as soon as the write
   * is done; the lease is let go after that.
   */
  withWriteLease<R>(key: string, write: () => Promise<R>): Promise<R> {
    const id = `${key}#write`;
    const deadline = Date.now() + this.writeWaitMs;
    return new Promise<R>((resolve, reject) => {
      let abandoned = false;
      const timer = setTimeout(() => {
        abandoned = true;
        reject(new WriteLeaseTimeoutError(key));
      }, this.writeWaitMs);
      void withDocumentLock(key, async () => {
        if (abandoned) return;
        try {
          await this.takeWriteLease(id, deadline);
        } catch (error) {
          clearTimeout(timer);
          abandoned = true;
          reject(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        if (!abandoned) {
          clearTimeout(timer);
          await write().then(resolve, reject);
        }
        await this.releaseWriteLease(id);
      });
    });
  }

  /**
   * Takes the lease, waiting while another process holds it: the wait polls with reads, since a
   * refused insert is a write, and on FerretDB (SQLite) every write waits for the one write lock.
   */
  private async takeWriteLease(id: string, deadline: number): Promise<void> {
    let attempt = 0;
    while ((await this.tryTake(id, this.writeLeaseMs)) !== undefined) {
      for (;;) {
        const wait = backoffDelay(attempt, WRITE_LEASE_BACKOFF);
        attempt += 1;
        if (Date.now() + wait > deadline) throw new WriteLeaseTimeoutError(id);
        await delay(wait);
        const current = await this.collection.findOne({ _id: id }, { projection: { until: 1 } });
        if (!current || current.until.getTime() < Date.now()) break;
      }
    }
  }

  /** Lets a write lease go, trying again while the database is away (until the lease runs out). */
  private async releaseWriteLease(id: string): Promise<void> {
    const until = Date.now() + this.writeLeaseMs;
    for (;;) {
      try {
        await this.release(id);
        return;
      } catch (error) {
        if (Date.now() + RELEASE_RETRY_MS > until) {
          this.log.warn({ err: error, lease: id }, 'cannot release a write lease: it runs out');
          return;
        }
        await delay(RELEASE_RETRY_MS);
      }
    }
  }
}
