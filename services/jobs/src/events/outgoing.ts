import type { IntegrationEvent } from '@b2g/contracts';
import { createEvent } from '@b2g/event-bus';
import { toPublicJob, type JobRecord } from '../domain/job.js';
import type { ChangeMeta, JobEventType } from '../domain/jobs-service.js';

export const SERVICE_NAME = 'jobs';

/** A job event carrying the job's public snapshot after the change (before it, for job.purged). */
export function jobEvent(
  type: JobEventType,
  record: JobRecord,
  meta: ChangeMeta = {},
): IntegrationEvent {
  const job = toPublicJob(record);
  const options = { source: SERVICE_NAME, correlationId: meta.correlationId };
  switch (type) {
    case 'job.deleted':
      return createEvent(
        type,
        { job: { ...job, deletedAt: job.deletedAt ?? new Date().toISOString() } },
        options,
      );
    case 'job.restored':
      return createEvent(type, { job: { ...job, deletedAt: null } }, options);
    default:
      return createEvent(type, { job }, options);
  }
}

/** Matched saved-search ids per `saved_search.matched` event. */
const MATCHES_PER_EVENT = 1_000;

/** `saved_search.matched` for a job revision, its matched ids in chunks the contract allows. */
export function savedSearchMatched(
  record: JobRecord,
  savedSearchIds: string[],
): IntegrationEvent[] {
  const job = toPublicJob(record);
  const events: IntegrationEvent[] = [];
  for (let start = 0; start < savedSearchIds.length; start += MATCHES_PER_EVENT)
    events.push(
      createEvent(
        'saved_search.matched',
        { job, savedSearchIds: savedSearchIds.slice(start, start + MATCHES_PER_EVENT) },
        { source: SERVICE_NAME },
      ),
    );
  return events;
}
