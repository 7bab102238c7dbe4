import type { Collection, Connection, mongo, Schema } from 'mongoose';
import type { IntegrationEvent } from '@b2g/contracts';
import type { Logger } from 'pino';
import { backoffDelay, delay, Signal, type Backoff } from './async.js';
import type { EventBus } from './bus.js';
import { Leases } from './leases.js';
import { documentKey } from './mongo.js';
import { OUTBOX_FIELDS, type OutboxEntry } from './outbox-records.js';

export const DEFAULT_LEASE_COLLECTION = 'outbox_leases';
const DEFAULT_LEASE_MS = 30_000;
const DEFAULT_SWEEP_INTERVAL_MS = 60_000;
/** How long after a lease runs out its document is looked at again (clocks of two processes). */
const LEASE_MARGIN_MS = 250;
const DEFAULT_CONCURRENCY = 16;
const DEFAULT_RELAY_BACKOFF: Backoff = { initialMs: 100, maxMs: 5000 };

/** What the relay needs of a mongoose model whose schema uses `outboxPlugin`. */
export interface OutboxModel {
  readonly modelName: string;
  readonly collection: Collection;
  readonly schema: Schema;
  castObject(obj: Record<string, unknown>): unknown;
}

export interface OutboxOptions {
  connection: Connection;
  bus: EventBus;
  logger: Logger;
  /** Models whose documents carry events; default: every model of `connection` whose schema uses `outboxPlugin`. */
  models?: OutboxModel[];
  /** Collection of the relays' leases; default `outbox_leases`. */
  leaseCollection?: string;
  /** How long one relay may hold a document before another may take it over; default 30 s. */
  leaseMs?: number;
  /** How long a write waits for its document's write lease before giving up; default 5 s. */
  writeWaitMs?: number;
  /** Interval of the full scan that finds events nobody notified about (after a crash); default 60 s. */
  sweepIntervalMs?: number;
  /** Documents relayed at once; default 16. */
  concurrency?: number;
  /** Wait after a failed round, doubling; default 100 ms to 5 s. */
  backoff?: Backoff;
}

interface DocumentRef {
  model: OutboxModel;
  id: unknown;
}

interface RawOutboxDocument {
  _id: unknown;
  [OUTBOX_FIELDS.entries]?: OutboxEntry[];
  [OUTBOX_FIELDS.deleted]?: boolean;
}

const HAS_WORK = {
  $or: [{ [`${OUTBOX_FIELDS.entries}.0`]: { $exists: true } }, { [OUTBOX_FIELDS.deleted]: true }],
};

/**
 * Relays recorded events: publishes them in the order they were recorded, and removes each from
 * its document once the broker has confirmed it. Woken by `notify()` (every write through the
 * Outbox calls it); a slow sweep finds what was recorded without a notify (a crash between the
 * write and the notify).
 */
export class OutboxRelay {
  private readonly log: Logger;
  /** Who relays a document (leased by its `documentKey`) and who writes it (see `withWriteLease`). */
  readonly leases: Leases;
  private readonly leaseMs: number;
  private readonly sweepIntervalMs: number;
  private readonly concurrency: number;
  private readonly backoff: Backoff;
  private readonly models = new Set<OutboxModel>();
  /** Documents to relay, in the order they were notified; keyed to collapse repeated notifies. */
  private readonly queue = new Map<string, DocumentRef>();
  private readonly wakeUp = new Signal();
  /** While a round relays: starts workers for documents queued meanwhile (up to `concurrency`). */
  private topUp: (() => void) | undefined;
  private readonly counters = { relayed: 0, relayFailures: 0, sweeps: 0 };
  private stopping = new AbortController();
  private sweepDue = false;
  private sweepTimer: NodeJS.Timeout | undefined;
  private loop: Promise<void> | undefined;

  constructor(private readonly options: OutboxOptions) {
    this.log = options.logger.child({ component: 'outbox' });
    this.leases = new Leases(
      options.connection,
      options.leaseCollection ?? DEFAULT_LEASE_COLLECTION,
      this.log,
      { writeWaitMs: options.writeWaitMs },
    );
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.sweepIntervalMs = options.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS;
    this.concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
    this.backoff = options.backoff ?? DEFAULT_RELAY_BACKOFF;
    for (const model of options.models ?? []) this.models.add(model);
  }

  /** Starts relaying: a sweep at once (leftovers of an earlier run), then on every notify and sweep. */
  start(): void {
    if (this.loop) return;
    if (!this.options.models) {
      for (const model of Object.values(this.options.connection.models)) {
        if (model.schema.path(OUTBOX_FIELDS.entries)) this.models.add(model);
      }
    }
    this.stopping = new AbortController();
    this.sweepDue = true;
    this.sweepTimer = setInterval(() => {
      this.sweepDue = true;
      this.wakeUp.fire();
    }, this.sweepIntervalMs);
    this.sweepTimer.unref();
    this.loop = this.run();
  }

  /** Stops after the documents being relayed now are done; what is left waits for the next start. */
  async stop(): Promise<void> {
    if (!this.loop) return;
    clearInterval(this.sweepTimer);
    this.stopping.abort();
    this.wakeUp.fire();
    await this.loop;
    this.loop = undefined;
  }

  /**
   * Relay soon. With a document: its events (the fast path after a write); without: look for
   * events in every outbox model (a sweep).
   */
  notify(model?: OutboxModel, id?: unknown): void {
    if (model === undefined || id === undefined) {
      this.sweepDue = true;
    } else {
      this.models.add(model);
      this.enqueue({ model, id: castId(model, id) });
    }
    this.wakeUp.fire();
  }

  stats(): Record<string, number> {
    return { ...this.counters, documentsQueued: this.queue.size };
  }

  private get running() {
    return !this.stopping.signal.aborted;
  }

  private enqueue(ref: DocumentRef) {
    const key = documentKey(ref.model.collection, ref.id);
    if (!this.queue.has(key)) this.queue.set(key, ref);
    this.topUp?.();
  }

  private takeNext(): DocumentRef | undefined {
    for (const [key, ref] of this.queue) {
      this.queue.delete(key);
      return ref;
    }
    return undefined;
  }

  private async run() {
    const signal = this.stopping.signal;
    let failures = 0;
    while (this.running) {
      if (this.queue.size === 0 && !this.sweepDue) {
        await this.wakeUp.wait({ signal });
        continue;
      }
      if (!this.options.bus.connected) {
        // No point trying: wait for the bus (it reconnects by itself), or a while if it is closed.
        await this.options.bus
          .waitForConnection({ signal })
          .catch(() => delay(backoffDelay(failures, this.backoff), signal));
        continue;
      }
      let ok: boolean;
      try {
        if (this.sweepDue) {
          this.sweepDue = false;
          await this.sweep(signal).catch((error: unknown) => {
            this.sweepDue = true;
            throw error;
          });
        }
        ok = await this.relayQueued();
      } catch (error) {
        // A sweep cut short by stop(): nothing failed.
        if (signal.aborted) break;
        this.log.error({ err: error }, 'outbox relay round failed');
        ok = false;
      }
      failures = ok ? 0 : failures + 1;
      if (!ok) await delay(backoffDelay(failures - 1, this.backoff), signal);
    }
  }

  /**
   * Finds every document with events, oldest event first, and queues it. `signal` (stop) cuts it
   * short: on a server that scans for it (FerretDB), one sweep of 100,000 documents takes seconds,
   * and a stopping process must not wait for it.
   */
  private async sweep(signal: AbortSignal) {
    const found: Array<{ ref: DocumentRef; oldest: number }> = [];
    for (const model of this.models) {
      const cursor = rawCollection(model).find(HAS_WORK, {
        projection: { [OUTBOX_FIELDS.entries]: 1 },
        signal,
      });
      for await (const document of cursor) {
        const entries = readEntries(document[OUTBOX_FIELDS.entries]);
        found.push({
          ref: { model, id: document._id },
          oldest: entries[0]?.createdAt.getTime() ?? 0,
        });
      }
    }
    found.sort((a, b) => a.oldest - b.oldest);
    for (const { ref } of found) this.enqueue(ref);
    this.counters.sweeps += 1;
    if (found.length > 0)
      this.log.info({ documents: found.length }, 'outbox sweep found unpublished events');
  }

  /**
   * Relays queued documents with up to `concurrency` workers; false when a publish failed (they
   * stay queued). Documents queued during the round get workers of their own: a round that began
   * with one document must not leave everything queued after it to that one worker (under steady
   * load the queue never empties, so the round never ends, and the relay fell behind one at a time).
   */
  private async relayQueued(): Promise<boolean> {
    let ok = true;
    const workers = new Set<Promise<void>>();
    const worker = async () => {
      while (ok && this.running) {
        const ref = this.takeNext();
        if (!ref) return;
        let done: boolean;
        try {
          done = await this.relayDocument(ref);
        } catch (error) {
          this.log.error(
            { err: error, model: ref.model.modelName, id: ref.id },
            'cannot relay the events of a document',
          );
          done = false;
        }
        if (!done) {
          ok = false;
          this.enqueue(ref);
        }
      }
    };
    // A worker takes its first document before its first await, so each start empties one place.
    const topUp = () => {
      while (ok && this.running && this.queue.size > 0 && workers.size < this.concurrency) {
        const started: Promise<void> = worker().finally(() => workers.delete(started));
        workers.add(started);
      }
    };
    this.topUp = topUp;
    try {
      topUp();
      while (workers.size > 0) await Promise.race(workers);
    } finally {
      this.topUp = undefined;
    }
    return ok;
  }

  /**
   * Under the document's lease: publishes its events in order, removes the confirmed ones (and a
   * document deleted with events, once they are all out). Returns false when a publish failed.
   */
  private async relayDocument(ref: DocumentRef): Promise<boolean> {
    const { model, id } = ref;
    const collection = rawCollection(model);
    const key = documentKey(model.collection, id);
    const startedAt = Date.now();
    // Held by another relay: it looks at the document again after letting go, and so do we once
    // the lease runs out (the other relay's process may have died holding it).
    const heldUntil = await this.leases.tryTake(key, this.leaseMs);
    if (heldUntil !== undefined) {
      this.lookAgainAt(ref, heldUntil);
      return true;
    }
    try {
      const document = await collection.findOne(byId(id));
      const entries = readEntries(document?.[OUTBOX_FIELDS.entries]);
      if (!document || (entries.length === 0 && document[OUTBOX_FIELDS.deleted] !== true))
        return true;
      const outcomes = await Promise.allSettled(
        entries.map((entry) =>
          this.options.bus.publishRecorded(
            JSON.parse(entry.payload) as IntegrationEvent,
            entry.payload,
          ),
        ),
      );
      const published = entries.filter((_, index) => outcomes[index]?.status === 'fulfilled');
      const complete = published.length === entries.length;
      const remove = complete && document[OUTBOX_FIELDS.deleted] === true;
      if (published.length > 0 || remove) {
        // One write lease for the clean-up: the confirmed entries go, then a document deleted
        // with events once none is left.
        await this.leases.withWriteLease(key, async () => {
          if (published.length > 0)
            await collection.updateOne(byId(id), {
              $pullAll: { [OUTBOX_FIELDS.entries]: published },
            });
          if (remove)
            await collection.deleteOne({
              ...byId(id),
              [OUTBOX_FIELDS.deleted]: true,
              [`${OUTBOX_FIELDS.entries}.0`]: { $exists: false },
            });
        });
      }
      if (published.length > 0) {
        this.counters.relayed += published.length;
        this.log.debug(
          {
            model: model.modelName,
            id,
            events: published.length,
            waitedMs: startedAt - (published[0]?.createdAt.getTime() ?? startedAt),
            tookMs: Date.now() - startedAt,
            queued: this.queue.size,
          },
          'outbox events relayed',
        );
      }
      if (!complete) {
        this.counters.relayFailures += 1;
        return false;
      }
    } finally {
      await this.leases.release(key);
    }
    // Events recorded while we held the lease were left to us: another relay could not take it.
    const after = await collection.findOne(byId(id), {
      projection: { [OUTBOX_FIELDS.entries]: 1 },
    });
    if (readEntries(after?.[OUTBOX_FIELDS.entries]).length > 0) this.enqueue(ref);
    return true;
  }

  /** Queues the document again at `at` (a timer that does not keep the process alive). */
  private lookAgainAt(ref: DocumentRef, at: Date) {
    const timer = setTimeout(
      () => {
        if (!this.running) return;
        this.enqueue(ref);
        this.wakeUp.fire();
      },
      Math.max(0, at.getTime() - Date.now()) + LEASE_MARGIN_MS,
    );
    timer.unref();
  }
}

/** The model's collection as the relay sees it: raw documents whose `_id` is whatever the schema made it. */
function rawCollection(model: OutboxModel): Collection<RawOutboxDocument> {
  return model.collection as unknown as Collection<RawOutboxDocument>;
}

/** The driver types `_id` filters by the document type; the relay's ids are whatever the schema casts. */
function byId(id: unknown): mongo.Filter<RawOutboxDocument> {
  return { _id: id } as mongo.Filter<RawOutboxDocument>;
}

export function castId(model: OutboxModel, id: unknown): unknown {
  const cast = model.castObject({ _id: id });
  return typeof cast === 'object' && cast !== null && '_id' in cast ? cast._id : id;
}

function readEntries(value: unknown): OutboxEntry[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (entry): entry is OutboxEntry =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as OutboxEntry).payload === 'string',
  );
}
