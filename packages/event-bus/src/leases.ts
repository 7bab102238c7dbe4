import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Collection, Connection } from 'mongoose';
import type { Logger } from 'pino';
import { backoffDelay, delay, type Backoff } from './async.js';
import { isDuplicateKey, withDocumentLock } from './mongo.js';

interface Lease {
  /** What is leased: a `documentKey`, with a suffix naming what the lease is for. */
  _id: string;
  owner: string;
  until: Date;
}

/** How long a write lease holds when its holder dies mid-write. */
const DEFAULT_WRITE_LEASE_MS = 10_000;
/** Waits between attempts to take a write lease another process holds. */
const WRITE_LEASE_BACKOFF: Backoff = { initialMs: 2, maxMs: 50 };

/**
 * Leases across processes, one document each in a shared collection: a lease is a document whose
 * `_id` names what it leases, so taking one is a plain insert, atomic on MongoDB and FerretDB
 * alike (a unique key), unlike a conditional update, which FerretDB does not isolate. A lease whose
 * holder died is taken over once it runs out.
 */
export class Leases {
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly collection: Collection<Lease>;

  constructor(
    connection: Connection,
    collectionName: string,
    private readonly log: Logger,
    private readonly writeLeaseMs = DEFAULT_WRITE_LEASE_MS,
  ) {
    this.collection = connection.collection<Lease>(collectionName);
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
   * (`withDocumentLock`); across processes, each waits for the document's write lease.
   */
  withWriteLease<R>(key: string, write: () => Promise<R>): Promise<R> {
    const id = `${key}#write`;
    return withDocumentLock(key, async () => {
      for (let attempt = 0; ; attempt += 1) {
        const heldUntil = await this.tryTake(id, this.writeLeaseMs);
        if (heldUntil === undefined) break;
        await delay(backoffDelay(attempt, WRITE_LEASE_BACKOFF));
      }
      try {
        return await write();
      } finally {
        // A lease left behind runs out by itself; the write's own outcome is what the caller needs.
        await this.release(id).catch((error: unknown) =>
          this.log.warn({ err: error, lease: id }, 'cannot release a write lease'),
        );
      }
    });
  }
}
