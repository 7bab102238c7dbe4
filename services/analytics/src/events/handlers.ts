import type { EventType, IntegrationEvent } from '@b2g/contracts';
import { HandlerRegistry, type EventHandler, type ProcessedEvents } from '@b2g/event-bus';
import type { TokenVerifier } from '@b2g/service-kit';
import type { BoardFacts } from '../domain/board-facts.js';

/** The name of the service on the bus (its queues) and in logs. */
export const SERVICE_NAME = 'analytics';

/** session.revoked (from auth): this instance refuses the admin sign-in's token at once. */
export const onSessionRevoked =
  (verifier: TokenVerifier) =>
  async (event: IntegrationEvent<'session.revoked'>): Promise<void> => {
    verifier.revocations.add(event.data.sessionIds, event.data.expiresAt);
  };

/** job.created (from jobs): one more post of the job's source today. */
export const onJobCreated =
  (facts: BoardFacts) =>
  async (event: IntegrationEvent<'job.created'>): Promise<void> => {
    facts.jobCreated(event.data.job.source);
  };

/** post.reviewed (from jobs): one more new public post of that review outcome today. */
export const onPostReviewed =
  (facts: BoardFacts) =>
  async (event: IntegrationEvent<'post.reviewed'>): Promise<void> => {
    facts.postReviewed(event.data.outcome);
  };

/** alert.sent (from user-activity): one more alert e-mail sent today. */
export const onAlertSent = (facts: BoardFacts) => async (): Promise<void> => {
  facts.alertSent();
};

/**
 * Counts an event at most once: its record is written first, and a redelivered event finds it.
 * The count itself is in memory until the next flush, so a crash loses it as it loses the
 * browsers' events of that interval, and never counts it twice.
 */
function countOnce<T extends EventType>(
  processed: ProcessedEvents,
  count: EventHandler<T>,
): EventHandler<T> {
  return async (event, ctx) => {
    if (await processed.record(SERVICE_NAME, event)) await count(event, ctx);
  };
}

/** Per service (one instance handles each event): the facts the admin's statistics count. */
export function serviceSubscriptions(deps: {
  facts: BoardFacts;
  processed: ProcessedEvents;
}): HandlerRegistry {
  return new HandlerRegistry()
    .on('job.created', countOnce(deps.processed, onJobCreated(deps.facts)))
    .on('post.reviewed', countOnce(deps.processed, onPostReviewed(deps.facts)))
    .on('alert.sent', countOnce(deps.processed, onAlertSent(deps.facts)));
}

/** Per instance (every process gets every event): the revoked sessions. */
export function instanceSubscriptions(deps: { verifier: TokenVerifier }): HandlerRegistry {
  return new HandlerRegistry().on('session.revoked', onSessionRevoked(deps.verifier));
}
