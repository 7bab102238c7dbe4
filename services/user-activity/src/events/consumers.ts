import type { IntegrationEvent } from '@b2g/contracts';
import { HandlerRegistry, idempotent, type ProcessedEvents } from '@b2g/event-bus';
import type { TokenVerifier } from '@b2g/service-kit';
import type { ActivityFeed } from '../domain/activity.js';
import type { AlertSender } from '../domain/alerts.js';
import type { JobCatalog } from '../domain/jobs.js';
import type { SavedSearches } from '../domain/saved-searches.js';
import type { UserData } from '../domain/users.js';
import { SERVICE_NAME } from './publish.js';

export interface ConsumerDeps {
  jobs: JobCatalog;
  feed: ActivityFeed;
  userData: UserData;
  processed: ProcessedEvents;
  savedSearches: SavedSearches;
  alerts: AlertSender;
}

type JobEvent = IntegrationEvent<
  'job.created' | 'job.updated' | 'job.deleted' | 'job.restored' | 'job.purged'
>;

/**
 * Everything the service reacts to once per service (the shared durable queue). Each handler is
 * idempotent: snapshots keep the latest state by event time, feed items are keyed by event id,
 * a saved search's match is keyed by search and job (recorded once ever), and deletions find
 * nothing the second time (user.deleted also records the event as processed).
 */
export function serviceHandlers(deps: ConsumerDeps): HandlerRegistry {
  const snapshot = (event: JobEvent) =>
    deps.jobs.record(event.data.job, new Date(event.occurredAt), event.type === 'job.purged');
  return new HandlerRegistry()
    .on('job.created', snapshot)
    .on('job.updated', snapshot)
    .on('job.deleted', snapshot)
    .on('job.restored', snapshot)
    .on('job.purged', snapshot)
    .on('bookmark.added', (event) => deps.feed.project(event))
    .on('bookmark.removed', (event) => deps.feed.bookmarkRemoved(event))
    .on('application.created', (event) => deps.feed.project(event))
    .on('application.status_changed', (event) => deps.feed.project(event))
    .on('saved_search.matched', (event) =>
      deps.alerts.recordMatches(event.data, new Date(event.occurredAt)).then(() => undefined),
    )
    .on(
      'user.deleted',
      idempotent(deps.processed, SERVICE_NAME, async (event) => {
        await deps.userData.remove(event.data.userId, { correlationId: event.correlationId });
        await deps.savedSearches.removeAllOfUser(event.data.userId);
      }),
    );
}

/** What every running instance must hear itself: revoked sessions are refused at once. */
export function instanceHandlers(verifier: TokenVerifier): HandlerRegistry {
  return new HandlerRegistry().on('session.revoked', async (event) => {
    verifier.revocations.add(event.data.sessionIds, event.data.expiresAt);
  });
}
