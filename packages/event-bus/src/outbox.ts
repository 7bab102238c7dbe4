import type { IntegrationEvent } from '@b2g/contracts';
import type { QueryFilter, UpdateQuery } from 'mongoose';
import { documentKey, type ModelOf } from './mongo.js';
import {
  deleteWithEvents,
  documentWithEvents,
  OUTBOX_FIELDS,
  withEvents,
} from './outbox-records.js';
import { castId, OutboxRelay, type OutboxModel, type OutboxOptions } from './outbox-relay.js';

/**
 * How a service turns the events its domain decided into the integration events a write records
 * (each service's events/outgoing.ts).
 */
export type Outgoing<DomainEvent> = (events: readonly DomainEvent[]) => IntegrationEvent[];

/**
 * Writes changes together with their events (in the same single-document write) and has its
 * relay publish them (see OutboxRelay): every write wakes the relay.
 */
export class Outbox {
  private readonly relay: OutboxRelay;

  constructor(options: OutboxOptions) {
    this.relay = new OutboxRelay(options);
  }

  /** Inserts a document together with its events and wakes the relay; returns the new `_id`. */
  async insert<T>(
    model: ModelOf<T>,
    document: Partial<T>,
    events: readonly IntegrationEvent[],
  ): Promise<unknown> {
    const created: { _id: unknown } = await model.create(documentWithEvents(document, events));
    this.notify(model, created._id);
    return created._id;
  }

  /**
   * Records events that change no lasting document (a batch of e-mails sent, say): they ride on a
   * document inserted already marked deleted, which the relay removes once they are published (the
   * schema needs the plugin's `hardDeletes`).
   */
  async record<T>(
    model: ModelOf<T>,
    document: Partial<T>,
    events: readonly IntegrationEvent[],
  ): Promise<void> {
    assertHardDeletes(model);
    await this.insert(model, { ...document, [OUTBOX_FIELDS.deleted]: true }, events);
  }

  /**
   * Applies `update` to the document the filter selects by `_id` and records the events in the same
   * write; wakes the relay. Returns false when no document matched (nothing written, nothing sent).
   */
  async update<T>(
    model: ModelOf<T>,
    filter: QueryFilter<T> & { _id: unknown },
    update: UpdateQuery<T>,
    events: readonly IntegrationEvent[],
  ): Promise<boolean> {
    return this.write(model, filter, withEvents(update, events));
  }

  /**
   * Deletes the document with its events (see `deleteWithEvents`; the schema needs the plugin's
   * `hardDeletes`); false when no document matched.
   */
  async delete<T>(
    model: ModelOf<T>,
    filter: QueryFilter<T> & { _id: unknown },
    events: readonly IntegrationEvent[],
  ): Promise<boolean> {
    assertHardDeletes(model);
    return this.write(model, filter, deleteWithEvents(events));
  }

  private async write<T>(
    model: ModelOf<T>,
    filter: QueryFilter<T> & { _id: unknown },
    update: UpdateQuery<T>,
  ) {
    const id = castId(model, filter._id);
    const result = await this.withWriteLease(model, id, () =>
      model.updateOne(filter, update).exec(),
    );
    if (result.matchedCount === 0) return false;
    this.notify(model, id);
    return true;
  }

  /**
   * Runs `write` as the one writer of a document across processes (see `Leases.withWriteLease`),
   * named by its `_id` or another unique key of it. Every update of a document with an outbox goes
   * through here, the relay's clean-up included; other documents that several instances update
   * (projections, single-use tokens) use it too: on FerretDB, an update made beside another
   * process's can be lost.
   */
  withWriteLease<R>(model: OutboxModel, key: unknown, write: () => Promise<R>): Promise<R> {
    return this.relay.leases.withWriteLease(
      documentKey(model.collection, castId(model, key)),
      write,
    );
  }

  /** Starts relaying: a sweep at once (leftovers of an earlier run), then on every notify and sweep. */
  start(): void {
    this.relay.start();
  }

  /** Stops after the documents being relayed now are done; what is left waits for the next start. */
  stop(): Promise<void> {
    return this.relay.stop();
  }

  /**
   * Relay soon. With a document: its events (the fast path after a write); without: look for
   * events in every outbox model (a sweep).
   */
  notify(model?: OutboxModel, id?: unknown): void {
    this.relay.notify(model, id);
  }

  stats(): Record<string, number> {
    return this.relay.stats();
  }
}

function assertHardDeletes(model: OutboxModel): void {
  if (!model.schema.path(OUTBOX_FIELDS.deleted))
    throw new TypeError(
      `${model.modelName} cannot be deleted with events: use outboxPlugin with { hardDeletes: true }`,
    );
}
