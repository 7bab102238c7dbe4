import type { IntegrationEvent } from '@b2g/contracts';
import { HandlerRegistry } from '@b2g/event-bus';
import type { Sessions } from '../domain/sessions.js';

/** session.revoked (auth's own): the named sessions are revoked here too (see Sessions.applyRevocation). */
export const onSessionRevoked =
  (sessions: Sessions) =>
  (event: IntegrationEvent<'session.revoked'>): Promise<void> =>
    sessions.applyRevocation(event.data.sessionIds, new Date(event.occurredAt));

/** What auth consumes, all of it: the service subscription (each event once per service). */
export function serviceSubscriptions(deps: { sessions: Sessions }): HandlerRegistry {
  return new HandlerRegistry().on('session.revoked', onSessionRevoked(deps.sessions));
}
