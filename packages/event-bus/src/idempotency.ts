import mongoose, {
  type Collection,
  type Connection,
  type QueryFilter,
  type Schema,
  type UpdateQuery,
} from 'mongoose';
import type { EventType, IntegrationEvent } from '@b2g/contracts';
import { documentKey, isDuplicateKey, withDocumentLock, type ModelOf } from './mongo.js';
import type { EventHandler } from './registry.js';
import { mergeUpdate } from './update.js';

export const DEFAULT_PROCESSED_EVENTS_COLLECTION = 'processed_events';
/** Field of `processedEventsPlugin`: ids of the last events applied to the document. */
export const PROCESSED_EVENT_IDS_FIELD = '_processedEventIds';
const DEFAULT_KEEP_PROCESSED_IDS = 100;

interface ProcessedEventRecord {
  _id: string;
  consumer: string;
  eventId: string;
  type: EventType;
  processedAt: Date;
}

/**
 * Records of handled events, one per (consumer, event id), in the service's own database. The
 * `_id` is `<consumer>:<eventId>`: unique by construction, and the one key FerretDB looks up
 * without a scan.
 */
export class ProcessedEvents {
  private readonly collection: Collection<ProcessedEventRecord>;

  constructor(connection: Connection, options: { collection?: string } = {}) {
    this.collection = connection.collection<ProcessedEventRecord>(
      options.collection ?? DEFAULT_PROCESSED_EVENTS_COLLECTION,
    );
  }

  async has(consumer: string, eventId: string): Promise<boolean> {
    return (await this.collection.findOne({ _id: recordId(consumer, eventId) })) !== null;
  }

  /** Records the event as handled by `consumer`; false when it already was. */
  async record(consumer: string, event: IntegrationEvent): Promise<boolean> {
    try {
      await this.collection.insertOne({
        _id: recordId(consumer, event.id),
        consumer,
        eventId: event.id,
        type: event.type,
        processedAt: new Date(),
      });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }
}

/**
 * Wraps a handler whose effect is naturally idempotent (an upsert keyed by the event id, setting
 * absolute values, a delete): a recorded event is skipped; otherwise the handler runs and the event
 * is recorded. A crash between the two re-runs the handler on redelivery, which such an effect allows.
 */
export function idempotent<T extends EventType>(
  store: ProcessedEvents,
  consumer: string,
  handler: EventHandler<T>,
): EventHandler<T> {
  return async (event, ctx) => {
    if (await store.has(consumer, event.id)) return;
    await handler(event, ctx);
    await store.record(consumer, event);
  };
}

/** Adds the (never selected) list of applied event ids that `applyOnce` reads and writes. */
export function processedEventsPlugin(schema: Schema): void {
  schema.add({
    [PROCESSED_EVENT_IDS_FIELD]: { type: [String], select: false, default: undefined },
  });
}

export interface ApplyOnceOptions {
  /** Create the document when no document matches the filter. */
  upsert?: boolean;
  /** How many recent event ids the document remembers; default 100 (FerretDB 1.x ignores `$slice` and keeps all). */
  keep?: number;
}

/**
 * Applies `update` to one document and records `event.id` in it in the same atomic write, unless
 * the document already records that id: the effect happens once however often the event comes.
 * Returns true when applied; false when already applied or (without upsert) no document matched.
 * The filter selects by `_id` (FerretDB scans for anything else); writes to one document are
 * serialized within the process (see `withDocumentLock`).
 */
export async function applyOnce<T>(
  model: ModelOf<T>,
  filter: QueryFilter<T> & { _id: unknown },
  event: Pick<IntegrationEvent, 'id'>,
  update: UpdateQuery<T>,
  options: ApplyOnceOptions = {},
): Promise<boolean> {
  if (PROCESSED_EVENT_IDS_FIELD in filter)
    throw new TypeError(`the filter must not test ${PROCESSED_EVENT_IDS_FIELD}`);
  const guarded = {
    ...filter,
    [PROCESSED_EVENT_IDS_FIELD]: mongoose.trusted({ $ne: event.id }),
  } as QueryFilter<T>;
  const recorded = mergeUpdate(update, {
    $push: {
      [PROCESSED_EVENT_IDS_FIELD]: {
        $each: [event.id],
        $slice: -(options.keep ?? DEFAULT_KEEP_PROCESSED_IDS),
      },
    },
  });
  try {
    const result = await withDocumentLock(documentKey(model.collection, filter._id), () =>
      model.updateOne(guarded, recorded, { upsert: options.upsert ?? false }).exec(),
    );
    return result.matchedCount + result.upsertedCount > 0;
  } catch (error) {
    // Upsert: the document exists and already records the event, so the insert collided on _id.
    if (options.upsert && isDuplicateKey(error)) return false;
    throw error;
  }
}

function recordId(consumer: string, eventId: string) {
  return `${consumer}:${eventId}`;
}
