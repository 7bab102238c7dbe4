import type { IntegrationEvent } from '@b2g/contracts';
import type { Outbox } from '@b2g/event-bus';
import type { AuthEvent } from '../domain/events.js';

/**
 * How repositories write documents that carry events: through the outbox, which records the events
 * in the same single-document write, wakes the relay, and serialises writes to one document within
 * the process (FerretDB applies an update as read-modify-write, so a write racing the relay's
 * clean-up of the same document could be lost). Writes without events go the same way (`[]`).
 */
export type OutboxWriter = Pick<Outbox, 'insert' | 'update'>;

/** Turns the domain's events into the integration events recorded with a write (events/outgoing.ts). */
export type Outgoing = (events: readonly AuthEvent[]) => IntegrationEvent[];
