import type { IntegrationEvent } from '@b2g/contracts';
import { HandlerRegistry } from '@b2g/event-bus';
import type { TokenVerifier } from '@b2g/service-kit';

/** The name of the service on the bus (its queues) and in logs. */
export const SERVICE_NAME = 'analytics';

/** session.revoked (from auth): this instance refuses the admin sign-in's token at once. */
export const onSessionRevoked =
  (verifier: TokenVerifier) =>
  async (event: IntegrationEvent<'session.revoked'>): Promise<void> => {
    verifier.revocations.add(event.data.sessionIds, event.data.expiresAt);
  };

/**
 * Per instance (every process gets every event): the revoked sessions. The service publishes
 * nothing and has no per-service subscription: what it counts comes from browsers, not events.
 */
export function instanceSubscriptions(deps: { verifier: TokenVerifier }): HandlerRegistry {
  return new HandlerRegistry().on('session.revoked', onSessionRevoked(deps.verifier));
}
