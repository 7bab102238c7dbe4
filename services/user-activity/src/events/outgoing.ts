import type { IntegrationEvent } from '@b2g/contracts';
import { createEvent } from '@b2g/event-bus';
import type { Cause, UserActivityEvent } from '../domain/events.js';
import type { JobFacts } from '../domain/jobs.js';
import { isMatching, type SavedSearchState } from '../domain/saved-searches.js';

/** `source` of every event this service states (always through the outbox, with its change). */
export const SERVICE_NAME = 'user-activity';

/** The envelope of an event a request (or the event that caused it) led to, as of `occurredAt`. */
const causedBy = (cause: Cause, occurredAt: Date) => ({
  source: SERVICE_NAME,
  correlationId: cause.correlationId,
  occurredAt,
});

/** Whose bookmark or application, of which job: what its four events all state. */
const ofUserAndJob = (owner: { userId: string; jobId: string }, job: JobFacts) => ({
  userId: owner.userId,
  jobId: owner.jobId,
  jobTitle: job.title,
  company: job.company,
});

const savedSearchState = (search: SavedSearchState) => ({
  savedSearchId: search._id,
  revision: search.revision,
  query: search.query,
  active: isMatching(search),
});

/** The integration event that tells the other services about one of this service's domain events. */
export function toIntegrationEvent(domainEvent: UserActivityEvent): IntegrationEvent {
  switch (domainEvent.kind) {
    case 'BookmarkAdded': {
      const { bookmark, job, cause } = domainEvent;
      return createEvent(
        'bookmark.added',
        {
          bookmarkId: bookmark._id,
          ...ofUserAndJob(bookmark, job),
          bookmarkedAt: bookmark.bookmarkedAt.toISOString(),
        },
        causedBy(cause, bookmark.bookmarkedAt),
      );
    }
    case 'BookmarkRemoved': {
      const { bookmark, job, at, cause } = domainEvent;
      return createEvent(
        'bookmark.removed',
        {
          bookmarkId: bookmark._id,
          ...ofUserAndJob(bookmark, job),
          removedAt: at.toISOString(),
        },
        causedBy(cause, at),
      );
    }
    case 'ApplicationCreated': {
      const { application, job, cause } = domainEvent;
      return createEvent(
        'application.created',
        {
          applicationId: application._id,
          ...ofUserAndJob(application, job),
          status: application.status,
          applicationMethod: application.applicationMethod,
          appliedAt: application.appliedAt.toISOString(),
        },
        causedBy(cause, application.appliedAt),
      );
    }
    case 'ApplicationStatusChanged': {
      const { application, job, at, cause } = domainEvent;
      return createEvent(
        'application.status_changed',
        {
          applicationId: application._id,
          ...ofUserAndJob(application, job),
          from: domainEvent.from,
          to: domainEvent.to,
          changedAt: at.toISOString(),
        },
        causedBy(cause, at),
      );
    }
    case 'SavedSearchCreated':
      return createEvent('saved_search.created', savedSearchState(domainEvent.search), {
        source: SERVICE_NAME,
      });
    case 'SavedSearchUpdated':
      return createEvent('saved_search.updated', savedSearchState(domainEvent.search), {
        source: SERVICE_NAME,
      });
    case 'SavedSearchDeleted': {
      const { search } = domainEvent;
      return createEvent(
        'saved_search.deleted',
        { savedSearchId: search._id, revision: search.revision },
        { source: SERVICE_NAME },
      );
    }
    case 'AlertSent':
      return createEvent(
        'alert.sent',
        {
          savedSearchId: domainEvent.savedSearchId,
          jobIds: domainEvent.jobIds,
          sentAt: domainEvent.at.toISOString(),
        },
        { source: SERVICE_NAME, occurredAt: domainEvent.at },
      );
  }
}

export const toIntegrationEvents = (events: readonly UserActivityEvent[]): IntegrationEvent[] =>
  events.map(toIntegrationEvent);
