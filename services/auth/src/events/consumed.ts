import { HandlerRegistry } from '@b2g/event-bus';
import type { SessionRepository } from '../data/sessions.js';

/**
 * What auth consumes (service subscription): its own session.revoked. A password change records
 * the event with the new hash, then marks the sessions revoked; if the process stopped in between,
 * this marks them when the relay publishes the event. Idempotent by nature: only sessions not yet
 * revoked change, so a redelivery has no second effect.
 */
export function authEventHandlers(sessions: SessionRepository): HandlerRegistry {
  return new HandlerRegistry().on('session.revoked', async (event) => {
    await sessions.markRevoked(event.data.sessionIds, new Date(event.occurredAt));
  });
}
