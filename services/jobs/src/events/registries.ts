import { HandlerRegistry } from '@b2g/event-bus';
import type { TokenVerifier } from '@b2g/service-kit';
import type { IndexSync } from '../domain/index-sync.js';
import type { JobsService } from '../domain/jobs-service.js';

/**
 * Per instance: every jobs instance hears every job change (its own too) and re-reads the job
 * into its search index, and refuses revoked admin sign-ins at once.
 */
export function instanceHandlers(sync: IndexSync, verifier: TokenVerifier): HandlerRegistry {
  const refresh = async (event: { data: { job: { id: string } } }) =>
    sync.refresh(event.data.job.id);
  return new HandlerRegistry()
    .on('job.created', refresh)
    .on('job.updated', refresh)
    .on('job.deleted', refresh)
    .on('job.restored', refresh)
    .on('job.purged', refresh)
    .on('session.revoked', async (event) => {
      verifier.revocations.add(event.data.sessionIds, event.data.expiresAt);
    });
}

/** Per service: bookmark counts, changed once per event by whichever instance gets it. */
export function serviceHandlers(service: JobsService): HandlerRegistry {
  return new HandlerRegistry()
    .on('bookmark.added', (event) => service.applyBookmarkEvent(event.data.jobId, event, 1))
    .on('bookmark.removed', (event) => service.applyBookmarkEvent(event.data.jobId, event, -1));
}
