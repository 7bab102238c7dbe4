import type { IntegrationEvent } from '@b2g/contracts';
import { createEvent } from '@b2g/event-bus';
import type { JobFacts } from '../domain/jobs.js';
import {
  isMatching,
  type SavedSearchEvents,
  type SavedSearchState,
} from '../domain/saved-searches.js';
import type { ApplicationRecord, BookmarkRecord } from '../data/models.js';

/** `source` of every event this service states. */
export const SERVICE_NAME = 'user-activity';

/** Where a change came from: the request id, or the correlation id of the event that caused it. */
export interface Cause {
  correlationId?: string | undefined;
}

type BookmarkFacts = Pick<BookmarkRecord, '_id' | 'userId' | 'jobId'>;
type ApplicationFacts = Pick<ApplicationRecord, '_id' | 'userId' | 'jobId'>;

export function bookmarkAdded(
  bookmark: BookmarkFacts & Pick<BookmarkRecord, 'bookmarkedAt'>,
  job: JobFacts,
  cause: Cause,
): IntegrationEvent<'bookmark.added'> {
  return createEvent(
    'bookmark.added',
    {
      bookmarkId: bookmark._id,
      userId: bookmark.userId,
      jobId: bookmark.jobId,
      jobTitle: job.title,
      company: job.company,
      bookmarkedAt: bookmark.bookmarkedAt.toISOString(),
    },
    { source: SERVICE_NAME, correlationId: cause.correlationId, occurredAt: bookmark.bookmarkedAt },
  );
}

export function bookmarkRemoved(
  bookmark: BookmarkFacts,
  job: JobFacts,
  removedAt: Date,
  cause: Cause,
): IntegrationEvent<'bookmark.removed'> {
  return createEvent(
    'bookmark.removed',
    {
      bookmarkId: bookmark._id,
      userId: bookmark.userId,
      jobId: bookmark.jobId,
      jobTitle: job.title,
      company: job.company,
      removedAt: removedAt.toISOString(),
    },
    { source: SERVICE_NAME, correlationId: cause.correlationId, occurredAt: removedAt },
  );
}

export function applicationCreated(
  application: ApplicationFacts &
    Pick<ApplicationRecord, 'status' | 'applicationMethod' | 'appliedAt'>,
  job: JobFacts,
  cause: Cause,
): IntegrationEvent<'application.created'> {
  return createEvent(
    'application.created',
    {
      applicationId: application._id,
      userId: application.userId,
      jobId: application.jobId,
      jobTitle: job.title,
      company: job.company,
      status: application.status,
      applicationMethod: application.applicationMethod,
      appliedAt: application.appliedAt.toISOString(),
    },
    { source: SERVICE_NAME, correlationId: cause.correlationId, occurredAt: application.appliedAt },
  );
}

export function applicationStatusChanged(
  application: ApplicationFacts,
  job: JobFacts,
  change: Pick<IntegrationEvent<'application.status_changed'>['data'], 'from' | 'to'> & {
    changedAt: Date;
  },
  cause: Cause,
): IntegrationEvent<'application.status_changed'> {
  return createEvent(
    'application.status_changed',
    {
      applicationId: application._id,
      userId: application.userId,
      jobId: application.jobId,
      jobTitle: job.title,
      company: job.company,
      from: change.from,
      to: change.to,
      changedAt: change.changedAt.toISOString(),
    },
    { source: SERVICE_NAME, correlationId: cause.correlationId, occurredAt: change.changedAt },
  );
}

type SavedSearchFacts = Pick<
  SavedSearchState,
  '_id' | 'revision' | 'query' | 'active' | 'confirmedAt'
>;

const savedSearchState = (search: SavedSearchFacts) => ({
  savedSearchId: search._id,
  revision: search.revision,
  query: search.query,
  active: isMatching(search),
});

/** The saved-search events the domain states (its `SavedSearchEvents` port). */
export const savedSearchEvents: SavedSearchEvents = {
  created: (search) =>
    createEvent('saved_search.created', savedSearchState(search), { source: SERVICE_NAME }),
  updated: (search) =>
    createEvent('saved_search.updated', savedSearchState(search), { source: SERVICE_NAME }),
  deleted: (search) =>
    createEvent(
      'saved_search.deleted',
      { savedSearchId: search._id, revision: search.revision },
      { source: SERVICE_NAME },
    ),
};

export function alertSent(
  search: Pick<SavedSearchState, '_id'>,
  jobIds: string[],
  sentAt: Date,
): IntegrationEvent<'alert.sent'> {
  return createEvent(
    'alert.sent',
    { savedSearchId: search._id, jobIds, sentAt: sentAt.toISOString() },
    { source: SERVICE_NAME, occurredAt: sentAt },
  );
}
