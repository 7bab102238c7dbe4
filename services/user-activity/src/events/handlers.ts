import type { IntegrationEvent } from '@b2g/contracts';
import { HandlerRegistry, idempotent, type ProcessedEvents } from '@b2g/event-bus';
import type { TokenVerifier } from '@b2g/service-kit';
import type { ActivityFeed, FeedEvent } from '../domain/activity.js';
import type { AlertSender } from '../domain/alerts.js';
import type { JobCatalog } from '../domain/jobs.js';
import type { SavedSearches } from '../domain/saved-searches.js';
import type { UserData } from '../domain/users.js';
import { SERVICE_NAME } from './outgoing.js';

type JobEvent = IntegrationEvent<
  'job.created' | 'job.updated' | 'job.deleted' | 'job.restored' | 'job.purged'
>;

/**
 * job.created, job.updated, job.deleted, job.restored, job.purged: the job's snapshot follows it
 * (an older state than the stored one is ignored; purged marks it removed for good).
 */
export const onJobEvent =
  (jobs: JobCatalog) =>
  (event: JobEvent): Promise<void> =>
    jobs.record(event.data.job, new Date(event.occurredAt), event.type === 'job.purged');

/** bookmark.added, application.created, application.status_changed: an item of the feed. */
export const onFeedEvent =
  (feed: ActivityFeed) =>
  (event: FeedEvent): Promise<void> =>
    feed.project(event);

/** bookmark.removed: the bookmark's items leave the feed. */
export const onBookmarkRemoved =
  (feed: ActivityFeed) =>
  (event: IntegrationEvent<'bookmark.removed'>): Promise<void> =>
    feed.bookmarkRemoved(event);

/** saved_search.matched (from jobs): the job waits for each matching search's next alert. */
export const onSavedSearchMatched =
  (alerts: AlertSender) =>
  (event: IntegrationEvent<'saved_search.matched'>): Promise<void> =>
    alerts.recordMatches(event.data, new Date(event.occurredAt));

/**
 * user.deleted (from auth): the user's bookmarks, applications, feed and saved searches go;
 * handled once (recorded as processed).
 */
export const onUserDeleted = (
  deps: Pick<HandlerDeps, 'userData' | 'savedSearches' | 'processed'>,
) =>
  idempotent(deps.processed, SERVICE_NAME, async (event: IntegrationEvent<'user.deleted'>) => {
    await deps.userData.remove(event.data.userId, { correlationId: event.correlationId });
    await deps.savedSearches.removeAllOfUser(event.data.userId);
  });

/** session.revoked (from auth): this instance refuses the sessions' tokens at once. */
export const onSessionRevoked =
  (verifier: TokenVerifier) =>
  async (event: IntegrationEvent<'session.revoked'>): Promise<void> => {
    verifier.revocations.add(event.data.sessionIds, event.data.expiresAt);
  };

export interface HandlerDeps {
  jobs: JobCatalog;
  feed: ActivityFeed;
  userData: UserData;
  processed: ProcessedEvents;
  savedSearches: SavedSearches;
  alerts: AlertSender;
}

/**
 * Per service (the shared durable queue: each event once, by whichever instance gets it). Each
 * handler is idempotent: snapshots keep the latest state by event time, feed items are keyed by
 * event id, a saved search's match is keyed by search and job (recorded once ever), and deletions
 * find nothing the second time.
 */
export function serviceSubscriptions(deps: HandlerDeps): HandlerRegistry {
  const onJob = onJobEvent(deps.jobs);
  const onFeed = onFeedEvent(deps.feed);
  return new HandlerRegistry()
    .on('job.created', onJob)
    .on('job.updated', onJob)
    .on('job.deleted', onJob)
    .on('job.restored', onJob)
    .on('job.purged', onJob)
    .on('bookmark.added', onFeed)
    .on('bookmark.removed', onBookmarkRemoved(deps.feed))
    .on('application.created', onFeed)
    .on('application.status_changed', onFeed)
    .on('saved_search.matched', onSavedSearchMatched(deps.alerts))
    .on('user.deleted', onUserDeleted(deps));
}

/** Per instance (its own auto-deleted queue): what every running instance must hear itself. */
export function instanceSubscriptions(deps: { verifier: TokenVerifier }): HandlerRegistry {
  return new HandlerRegistry().on('session.revoked', onSessionRevoked(deps.verifier));
}
