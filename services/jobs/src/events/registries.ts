import { DependencyUnavailableError, HandlerRegistry } from '@b2g/event-bus';
import type { TokenVerifier } from '@b2g/service-kit';
import type { JobsService } from '../domain/jobs-service.js';
import type { SavedSearchMatching } from '../domain/saved-searches.js';
import { SearchUnavailableError } from '../domain/search.js';

/**
 * Per instance: every jobs instance refuses revoked admin sign-ins at once.
 */
export function instanceHandlers(verifier: TokenVerifier): HandlerRegistry {
  return new HandlerRegistry().on('session.revoked', async (event) => {
    verifier.revocations.add(event.data.sessionIds, event.data.expiresAt);
  });
}

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

/**
 * Per service (each event once, by whichever instance gets it): bookmark counts, the search
 * index kept current from the service's own job events, and saved searches (user-activity's
 * events) kept in the percolator, against which each new or changed active job is matched once.
 */
export function serviceHandlers(
  service: JobsService,
  matching: SavedSearchMatching,
): HandlerRegistry {
  type JobEvent = { data: { job: { id: string } } };
  const syncIndex = (event: JobEvent) => needingSearch(() => service.syncIndex(event.data.job.id));
  const syncAndMatch = (event: JobEvent) =>
    needingSearch(async () => {
      await service.syncIndex(event.data.job.id);
      await matching.percolate(event.data.job.id);
    });
  return new HandlerRegistry()
    .on('bookmark.added', (event) => service.applyBookmarkEvent(event))
    .on('bookmark.removed', (event) => service.applyBookmarkEvent(event))
    .on('job.created', syncAndMatch)
    .on('job.updated', syncAndMatch)
    .on('job.deleted', syncIndex)
    .on('job.restored', syncAndMatch)
    .on('job.purged', syncIndex)
    .on('saved_search.created', (event) => needingSearch(() => matching.apply(event.data)))
    .on('saved_search.updated', (event) => needingSearch(() => matching.apply(event.data)))
    .on('saved_search.deleted', (event) =>
      needingSearch(() => matching.remove(event.data.savedSearchId, event.data.revision)),
    );
}
