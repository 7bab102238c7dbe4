import type { EventData, EventType, IntegrationEvent } from '@b2g/contracts';
import { createEvent } from '@b2g/event-bus';
import type { Cause, JobsEvent } from '../domain/events.js';
import { toPublicJob } from '../domain/job.js';

/** What jobs publishes (always through the outbox, recorded with the change it states). */
export const SERVICE_NAME = 'jobs';

/** Matched saved-search ids per `saved_search.matched` event. */
const MATCHES_PER_EVENT = 1_000;

function event<T extends EventType>(type: T, data: EventData<T>, cause: Cause = {}) {
  return createEvent(type, data, { source: SERVICE_NAME, correlationId: cause.correlationId });
}

/**
 * The integration events that tell the other services about one of jobs' domain events: a job
 * event carries the job's public snapshot; matches go out in chunks the contract allows.
 */
export function toIntegrationEvent(domainEvent: JobsEvent): IntegrationEvent[] {
  if (domainEvent.kind === 'PostReviewed')
    return [
      event(
        'post.reviewed',
        { jobId: domainEvent.jobId, outcome: domainEvent.outcome },
        domainEvent.cause,
      ),
    ];
  const job = toPublicJob(domainEvent.job);
  switch (domainEvent.kind) {
    case 'JobPosted':
      return [event('job.created', { job }, domainEvent.cause)];
    case 'JobEdited':
    case 'JobVerified':
      return [event('job.updated', { job }, domainEvent.cause)];
    case 'JobDeleted':
    case 'JobClosed':
      return [
        event(
          'job.deleted',
          { job: { ...job, deletedAt: job.deletedAt ?? new Date().toISOString() } },
          domainEvent.cause,
        ),
      ];
    case 'JobRestored':
      return [event('job.restored', { job: { ...job, deletedAt: null } }, domainEvent.cause)];
    case 'JobPurged':
      return [event('job.purged', { job }, domainEvent.cause)];
    case 'SavedSearchesMatched': {
      const ids = domainEvent.savedSearchIds;
      const events: IntegrationEvent[] = [];
      for (let start = 0; start < ids.length; start += MATCHES_PER_EVENT)
        events.push(
          event('saved_search.matched', {
            job,
            savedSearchIds: ids.slice(start, start + MATCHES_PER_EVENT),
          }),
        );
      return events;
    }
  }
}

export const toIntegrationEvents = (events: readonly JobsEvent[]): IntegrationEvent[] =>
  events.flatMap(toIntegrationEvent);
