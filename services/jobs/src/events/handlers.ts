import type { IntegrationEvent } from '@b2g/contracts';
import { DependencyUnavailableError, HandlerRegistry } from '@b2g/event-bus';
import type { TokenVerifier } from '@b2g/service-kit';
import type { BookmarkCounts } from '../domain/bookmark-counts.js';
import type { IndexSync } from '../domain/index-sync.js';
import type { SavedSearchMatching } from '../domain/saved-searches.js';
import { SearchUnavailableError } from '../domain/search.js';

type JobEvent = IntegrationEvent<
  'job.created' | 'job.updated' | 'job.deleted' | 'job.restored' | 'job.purged'
>;

/** While OpenSearch is down, the event waits in RabbitMQ (never dead-lettered). */
async function needingSearch(work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (error instanceof SearchUnavailableError)
      throw new DependencyUnavailableError(error.message);
    throw error;
  }
}

/** session.revoked: this instance refuses the revoked admin sign-ins at once. */
export const onSessionRevoked =
  (verifier: TokenVerifier) =>
  async (event: IntegrationEvent<'session.revoked'>): Promise<void> => {
    verifier.revocations.add(event.data.sessionIds, event.data.expiresAt);
  };

/** bookmark.added / bookmark.removed (user-activity's): the job's bookmark count, in MongoDB and search. */
export const onBookmarkChanged =
  (counts: BookmarkCounts) =>
  (event: IntegrationEvent<'bookmark.added'> | IntegrationEvent<'bookmark.removed'>) =>
    needingSearch(() =>
      counts.apply({
        bookmarkId: event.data.bookmarkId,
        jobId: event.data.jobId,
        added: event.type === 'bookmark.added',
      }),
    );

/** job.deleted / job.purged (its own): the search index drops the job. */
export const onJobRemoved = (index: IndexSync) => (event: JobEvent) =>
  needingSearch(() => index.sync(event.data.job.id));

/**
 * job.created / job.updated / job.restored (its own): the search index, then saved searches
 * matched (a revision that changed nothing a search matches is passed over).
 */
export const onJobChanged =
  (index: IndexSync, matching: SavedSearchMatching) => (event: JobEvent) =>
    needingSearch(async () => {
      await index.sync(event.data.job.id);
      await matching.percolate(event.data.job.id);
    });

/** saved_search.created / saved_search.updated (user-activity's): the percolator keeps the query. */
export const onSavedSearchSaved =
  (matching: SavedSearchMatching) =>
  (event: IntegrationEvent<'saved_search.created'> | IntegrationEvent<'saved_search.updated'>) =>
    needingSearch(() => matching.apply(event.data));

/** saved_search.deleted (user-activity's): the percolator drops the query. */
export const onSavedSearchDeleted =
  (matching: SavedSearchMatching) => (event: IntegrationEvent<'saved_search.deleted'>) =>
    needingSearch(() => matching.remove(event.data.savedSearchId, event.data.revision));

export interface SubscriptionDeps {
  bookmarkCounts: BookmarkCounts;
  indexSync: IndexSync;
  matching: SavedSearchMatching;
  verifier: TokenVerifier;
}

/** Per instance (every process hears each event): refuses revoked admin sign-ins at once. */
export function instanceSubscriptions(deps: Pick<SubscriptionDeps, 'verifier'>): HandlerRegistry {
  return new HandlerRegistry().on('session.revoked', onSessionRevoked(deps.verifier));
}

/**
 * Per service (each event once, by whichever instance gets it): bookmark counts, the search
 * index kept current from the service's own job events, and saved searches (user-activity's
 * events) kept in the percolator, against which each new or changed active job is matched once.
 */
export function serviceSubscriptions(deps: Omit<SubscriptionDeps, 'verifier'>): HandlerRegistry {
  const jobChanged = onJobChanged(deps.indexSync, deps.matching);
  const jobRemoved = onJobRemoved(deps.indexSync);
  const bookmarkChanged = onBookmarkChanged(deps.bookmarkCounts);
  const savedSearchSaved = onSavedSearchSaved(deps.matching);
  return new HandlerRegistry()
    .on('bookmark.added', bookmarkChanged)
    .on('bookmark.removed', bookmarkChanged)
    .on('job.created', jobChanged)
    .on('job.updated', jobChanged)
    .on('job.deleted', jobRemoved)
    .on('job.restored', jobChanged)
    .on('job.purged', jobRemoved)
    .on('saved_search.created', savedSearchSaved)
    .on('saved_search.updated', savedSearchSaved)
    .on('saved_search.deleted', onSavedSearchDeleted(deps.matching));
}
