import type { Outbox, Outgoing as OutgoingOf } from '@b2g/event-bus';
import type { AuthEvent } from '../domain/events.js';

/**
 * How repositories write documents that carry events: through the outbox, which records the events
 * in the same single-document write, wakes the relay, and makes each write the document's only one
 * across processes (FerretDB applies an update as read-modify-write, so a write racing another
 * process's, the relay's clean-up included, could be lost). Writes without events go the same way
 * (`[]`).
 */
export type OutboxWriter = Pick<Outbox, 'insert' | 'update'>;

/** Turns the domain's events into the integration events recorded with a write (events/outgoing.ts). */
export type Outgoing = OutgoingOf<AuthEvent>;
