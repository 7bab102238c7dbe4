import { HandlerRegistry } from '@b2g/event-bus';
import type { IndexSync } from '../domain/index-sync.js';
import type { JobsService } from '../domain/jobs-service.js';

/**
 * Per instance: every jobs instance hears every job change (its own too) and re-reads the job
 * into its search index.
 */
export function instanceHandlers(sync: IndexSync): HandlerRegistry {
  const refresh = async (event: { data: { job: { id: string } } }) =>
    sync.refresh(event.data.job.id);
  return new HandlerRegistry()
    .on('job.created', refresh)
    .on('job.updated', refresh)
    .on('job.deleted', refresh)
    .on('job.restored', refresh)
    .on('job.purged', refresh);
}

/** Per service: bookmark counts, changed once per event by whichever instance gets it. */
export function serviceHandlers(service: JobsService): HandlerRegistry {
  return new HandlerRegistry()
    .on('bookmark.added', (event) => service.applyBookmarkEvent(event.data.jobId, event, 1))
    .on('bookmark.removed', (event) => service.applyBookmarkEvent(event.data.jobId, event, -1));
}
