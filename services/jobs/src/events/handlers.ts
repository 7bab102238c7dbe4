import type { IntegrationEvent } from '@b2g/contracts';
import { DependencyUnavailableError, HandlerRegistry } from '@b2g/event-bus';
import type { TokenVerifier } from '@b2g/service-kit';
import type { JobsService } from '../domain/jobs-service.js';
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

/** bookmark.added / bookmark.removed (user-activity's): the job's bookmark count. */
export const onBookmarkChanged =
  (service: JobsService) =>
  (event: IntegrationEvent<'bookmark.added'> | IntegrationEvent<'bookmark.removed'>) =>
    service.applyBookmarkEvent(event);

/** job.deleted / job.purged (its own): the search index drops the job. */
export const onJobRemoved = (service: JobsService) => (event: JobEvent) =>
  needingSearch(() => service.syncIndex(event.data.job.id));

/** job.created / job.updated / job.restored (its own): the search index, then saved searches matched. */
export const onJobChanged =
  (service: JobsService, matching: SavedSearchMatching) => (event: JobEvent) =>
    needingSearch(async () => {
      await service.syncIndex(event.data.job.id);
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

/** Per instance: every jobs instance refuses revoked admin sign-ins at once. */
export function instanceHandlers(verifier: TokenVerifier): HandlerRegistry {
  return new HandlerRegistry().on('session.revoked', onSessionRevoked(verifier));
}

/**
 * Per service (each event once, by whichever instance gets it): bookmark counts, the search
 * index kept current from the service's own job events, and saved searches (user-activity's
 * events) kept in the percolator, against which each new or changed active job is matched once.
 */
export function serviceHandlers(
  service: JobsService,
  matching: SavedSearchMatching,
): HandlerRegistry {
  const jobChanged = onJobChanged(service, matching);
  const jobRemoved = onJobRemoved(service);
  const savedSearchSaved = onSavedSearchSaved(matching);
  return new HandlerRegistry()
    .on('bookmark.added', onBookmarkChanged(service))
    .on('bookmark.removed', onBookmarkChanged(service))
    .on('job.created', jobChanged)
    .on('job.updated', jobChanged)
    .on('job.deleted', jobRemoved)
    .on('job.restored', jobChanged)
    .on('job.purged', jobRemoved)
    .on('saved_search.created', savedSearchSaved)
    .on('saved_search.updated', savedSearchSaved)
    .on('saved_search.deleted', onSavedSearchDeleted(matching));
}
