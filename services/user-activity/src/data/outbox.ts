import type { Outbox, Outgoing as OutgoingOf } from '@b2g/event-bus';
import { isDuplicateKey } from '@b2g/service-kit';
import type { UserActivityEvent } from '../domain/events.js';
import { AlreadyExistsError } from '../domain/ports.js';

/**
 * How repositories write documents that carry events: through the outbox, which records the events
 * in the same single-document write and wakes the relay, and makes the write the document's only
 * one across processes (FerretDB does not isolate concurrent updates of one document, the relay's
 * clean-up included). `record` states events that change no lasting document (alert batches).
 */
export type OutboxWriter = Pick<Outbox, 'insert' | 'update' | 'delete' | 'record'>;

/** Turns the domain's events into the integration events recorded with a write (events/outgoing.ts). */
export type Outgoing = OutgoingOf<UserActivityEvent>;

/** Runs an insert a unique index may refuse: the refusal is the domain's AlreadyExistsError. */
export async function insertOnce(insert: () => Promise<unknown>): Promise<void> {
  try {
    await insert();
  } catch (error) {
    if (isDuplicateKey(error)) throw new AlreadyExistsError('already exists', { cause: error });
    throw error;
  }
}
