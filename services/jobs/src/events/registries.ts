import { DependencyUnavailableError, HandlerRegistry } from '@b2g/event-bus';
import type { TokenVerifier } from '@b2g/service-kit';
import type { JobsService } from '../domain/jobs-service.js';
import { SearchUnavailableError } from '../domain/search.js';

/**
 * Per instance: every jobs instance refuses revoked admin sign-ins at once.
 */
export function instanceHandlers(verifier: TokenVerifier): HandlerRegistry {
  return new HandlerRegistry().on('session.revoked', async (event) => {
    verifier.revocations.add(event.data.sessionIds, event.data.expiresAt);
  });
}

/**
 * Per service (each event once, by whichever instance gets it): bookmark counts, and the search
 * index kept current from the service's own job events. While the index is down, job events wait
 * in RabbitMQ (never dead-lettered) and are applied once it is back.
 */
export function serviceHandlers(service: JobsService): HandlerRegistry {
  const syncIndex = async (event: { data: { job: { id: string } } }) => {
    try {
      await service.syncIndex(event.data.job.id);
    } catch (error) {
      if (error instanceof SearchUnavailableError)
        throw new DependencyUnavailableError(error.message);
      throw error;
    }
  };
  return new HandlerRegistry()
    .on('bookmark.added', (event) => service.applyBookmarkEvent(event.data.jobId, event, 1))
    .on('bookmark.removed', (event) => service.applyBookmarkEvent(event.data.jobId, event, -1))
    .on('job.created', syncIndex)
    .on('job.updated', syncIndex)
    .on('job.deleted', syncIndex)
    .on('job.restored', syncIndex)
    .on('job.purged', syncIndex);
}
