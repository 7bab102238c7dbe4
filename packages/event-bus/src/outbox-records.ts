import mongoose from 'mongoose';
import type { MongooseQueryOrDocumentMiddleware, Schema } from 'mongoose';
import type { EventType, IntegrationEvent } from '@b2g/contracts';
import { validateEvent } from './events.js';
import { mergeUpdate } from './update.js';

/** Fields the outbox keeps inside each document of a model that uses `outboxPlugin`. */
export const OUTBOX_FIELDS = {
  /** Events recorded with the document's changes and not yet confirmed by the broker, oldest first. */
  entries: '_outbox',
  /** The document is deleted: hidden from queries now, removed once its events are published. */
  deleted: '_outboxDeleted',
} as const;

/** One recorded event: the exact JSON that will be published, validated when it was recorded. */
export interface OutboxEntry {
  id: string;
  type: EventType;
  payload: string;
  createdAt: Date;
}

const outboxEntrySchema = new mongoose.Schema<OutboxEntry>(
  {
    id: { type: String, required: true },
    type: { type: String, required: true },
    payload: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { _id: false },
);

/** Every query that selects documents by a filter: none of them sees a document deleted with events. */
const FILTERED_QUERIES: MongooseQueryOrDocumentMiddleware[] = [
  'countDocuments',
  'deleteMany',
  'deleteOne',
  'distinct',
  'find',
  'findOne',
  'findOneAndDelete',
  'findOneAndReplace',
  'findOneAndUpdate',
  'replaceOne',
  'updateMany',
  'updateOne',
];

export interface OutboxPluginOptions {
  /**
   * Documents of this schema are hard-deleted with events (`outbox.delete`): adds the deleted mark
   * and hides marked documents from every filtered query until the relay removes them. Costs an
   * extra condition on each query, which FerretDB cannot answer from the `_id` index (it scans), so
   * only schemas that need it should enable it.
   */
  hardDeletes?: boolean;
}

/** Adds the outbox fields (never selected by default) to a schema; see `OutboxPluginOptions`. */
export function outboxPlugin(schema: Schema, options: OutboxPluginOptions = {}): void {
  schema.add({
    [OUTBOX_FIELDS.entries]: { type: [outboxEntrySchema], select: false, default: undefined },
  });
  if (!options.hardDeletes) return;
  schema.add({ [OUTBOX_FIELDS.deleted]: { type: Boolean, select: false } });
  schema.pre(FILTERED_QUERIES, { document: false, query: true }, function hideDeletedWithEvents() {
    if (!(OUTBOX_FIELDS.deleted in this.getFilter()))
      this.where({ [OUTBOX_FIELDS.deleted]: mongoose.trusted({ $ne: true }) });
  });
}

/** Validates events and turns them into outbox entries. */
export function toOutboxEntries(events: readonly IntegrationEvent[]): OutboxEntry[] {
  const createdAt = new Date();
  return events.map((event) => {
    const valid = validateEvent(event);
    return { id: valid.id, type: valid.type, payload: JSON.stringify(valid), createdAt };
  });
}

/**
 * The update plus the events, appended to the document's outbox in the same single-document write:
 * `Model.updateOne({ _id }, withEvents({ $set: … }, [event]))`, then `outbox.notify(Model, _id)`.
 * (`outbox.update` does both.)
 */
export function withEvents<U extends object>(update: U, events: readonly IntegrationEvent[]): U {
  return mergeUpdate(update, {
    $push: { [OUTBOX_FIELDS.entries]: { $each: toOutboxEntries(events) } },
  });
}

/** A new document carrying its events: `Model.create(documentWithEvents({ … }, [event]))`. */
export function documentWithEvents<D extends object>(
  document: D,
  events: readonly IntegrationEvent[],
): D & { [OUTBOX_FIELDS.entries]: OutboxEntry[] } {
  if (OUTBOX_FIELDS.entries in document)
    throw new TypeError(`the document already has ${OUTBOX_FIELDS.entries}`);
  return { ...document, [OUTBOX_FIELDS.entries]: toOutboxEntries(events) };
}

/**
 * A hard delete that cannot lose its events: `Model.updateOne({ _id }, deleteWithEvents([event]))`
 * marks the document deleted (queries stop seeing it at once, with `hardDeletes`) and records the
 * events; the relay removes the document once the broker has confirmed them.
 */
export function deleteWithEvents(events: readonly IntegrationEvent[]): {
  $set: { [OUTBOX_FIELDS.deleted]: true };
  $push: { [OUTBOX_FIELDS.entries]: { $each: OutboxEntry[] } };
} {
  return {
    $set: { [OUTBOX_FIELDS.deleted]: true },
    $push: { [OUTBOX_FIELDS.entries]: { $each: toOutboxEntries(events) } },
  };
}
