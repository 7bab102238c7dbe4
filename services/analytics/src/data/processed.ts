import { DEFAULT_PROCESSED_EVENTS_COLLECTION } from '@b2g/event-bus';
import type { Connection } from 'mongoose';

/**
 * The records of events counted (`ProcessedEvents`, one per event): a redelivery comes within
 * minutes (the bus's retries, then the dead-letter queue), so a record older than this is only
 * clutter and is deleted.
 */
export const PROCESSED_EVENTS_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

const recordsOf = (connection: Connection) =>
  connection.collection<{ processedAt: Date }>(DEFAULT_PROCESSED_EVENTS_COLLECTION);

/** The index the clean-up's range query uses (FerretDB scans without one). */
export async function ensureProcessedEventsIndex(connection: Connection): Promise<void> {
  await recordsOf(connection).createIndex({ processedAt: 1 });
}

/** Deletes the records of events counted before `before`. */
export async function forgetProcessedEvents(connection: Connection, before: Date): Promise<void> {
  await recordsOf(connection).deleteMany({ processedAt: { $lt: before } });
}
