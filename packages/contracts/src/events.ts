import { z } from 'zod';
import { POST_OUTCOMES } from './analytics.js';
import { jobSchema } from './entities.js';
import {
  applicationMethodSchema,
  applicationStatusSchema,
  clearanceLevelSchema,
} from './enum-schemas.js';
import { isoDateTimeSchema, jobIdSchema, uuidSchema } from './fields.js';
import { searchParamsSchema } from './saved-searches.js';

/**
 * Every event type, with the one service that may publish it (the `source` of its envelope).
 * Consumers refuse (dead-letter) an event from anyone else, so a service cannot forge another's
 * facts on the shared exchange (a user.deleted or session.revoked from jobs is never applied).
 */
export const EVENT_PUBLISHERS = {
  'user.registered': 'auth',
  'user.updated': 'auth',
  'user.deleted': 'auth',
  'session.revoked': 'auth',
  'job.created': 'jobs',
  'job.updated': 'jobs',
  'job.deleted': 'jobs',
  'job.restored': 'jobs',
  'job.purged': 'jobs',
  'bookmark.added': 'user-activity',
  'bookmark.removed': 'user-activity',
  'application.created': 'user-activity',
  'application.status_changed': 'user-activity',
  'saved_search.created': 'user-activity',
  'saved_search.updated': 'user-activity',
  'saved_search.deleted': 'user-activity',
  'saved_search.matched': 'jobs',
  'post.reviewed': 'jobs',
  'alert.sent': 'user-activity',
} as const;
/** Every event type, in the order above. */
export type EventType = keyof typeof EVENT_PUBLISHERS;
export const EVENT_TYPES = Object.keys(EVENT_PUBLISHERS) as readonly EventType[];

/** Version of the `data` schemas below; a breaking change to one of them is a new version. */
export const EVENT_SCHEMA_VERSION = 1;

export const SESSION_REVOCATION_REASONS = [
  'logout',
  'password_reset',
  'account_deleted',
  'password_changed',
] as const;

const jobSnapshot = z.object({ job: jobSchema });

/** The user and the job a bookmark or an application is about. */
const userJobFacts = {
  userId: uuidSchema,
  jobId: jobIdSchema,
  jobTitle: z.string(),
  company: z.string(),
};

const bookmarkFacts = { bookmarkId: z.string().min(1), ...userJobFacts };

const applicationFacts = { applicationId: z.string().min(1), ...userJobFacts };

/**
 * A saved search's state: its search (GET /api/jobs parameters) and whether new jobs should be
 * matched (confirmed and not paused). `revision` orders the states of one search.
 */
const savedSearchState = z.object({
  savedSearchId: uuidSchema,
  revision: z.int().min(1),
  query: searchParamsSchema,
  active: z.boolean(),
});

export const eventDataSchemas = {
  'user.registered': z.object({
    userId: uuidSchema,
    username: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    registeredAt: isoDateTimeSchema,
  }),
  'user.updated': z.object({
    userId: uuidSchema,
    firstName: z.string(),
    lastName: z.string(),
    company: z.string().nullable(),
    location: z.string().nullable(),
    clearanceLevel: clearanceLevelSchema,
    phoneNumber: z.string().nullable(),
  }),
  'user.deleted': z.object({ userId: uuidSchema, deletedAt: isoDateTimeSchema }),
  'session.revoked': z.object({
    userId: uuidSchema,
    sessionIds: z.array(z.string().min(1)).min(1),
    reason: z.enum(SESSION_REVOCATION_REASONS),
    /** Latest expiry of the revoked sessions: after it, caches may forget them. */
    expiresAt: isoDateTimeSchema,
  }),
  'job.created': jobSnapshot,
  'job.updated': jobSnapshot,
  'job.deleted': z.object({ job: jobSchema.extend({ deletedAt: isoDateTimeSchema }) }),
  'job.restored': z.object({ job: jobSchema.extend({ deletedAt: z.null() }) }),
  'job.purged': jobSnapshot,
  'bookmark.added': z.object({ ...bookmarkFacts, bookmarkedAt: isoDateTimeSchema }),
  'bookmark.removed': z.object({ ...bookmarkFacts, removedAt: isoDateTimeSchema }),
  'application.created': z.object({
    ...applicationFacts,
    status: applicationStatusSchema,
    applicationMethod: applicationMethodSchema,
    appliedAt: isoDateTimeSchema,
  }),
  'application.status_changed': z.object({
    ...applicationFacts,
    from: applicationStatusSchema,
    to: applicationStatusSchema,
    changedAt: isoDateTimeSchema,
  }),
  'saved_search.created': savedSearchState,
  'saved_search.updated': savedSearchState,
  'saved_search.deleted': z.object({ savedSearchId: uuidSchema, revision: z.int().min(1) }),
  /** A new or changed active job matched these saved searches (at most 1,000 ids per event). */
  'saved_search.matched': z.object({
    job: jobSchema,
    savedSearchIds: z.array(uuidSchema).min(1).max(1_000),
  }),
  /**
   * What became of a new public post: live at once, or held and then approved or rejected (by the
   * admin or a ban). Stated once per post, with the change it states; held edits state none.
   */
  'post.reviewed': z.strictObject({ jobId: jobIdSchema, outcome: z.enum(POST_OUTCOMES) }),
  'alert.sent': z.object({
    savedSearchId: uuidSchema,
    jobIds: z.array(jobIdSchema).min(1),
    sentAt: isoDateTimeSchema,
  }),
} as const satisfies { [K in EventType]: z.ZodType };

export type EventData<T extends EventType> = z.infer<(typeof eventDataSchemas)[T]>;

/** The envelope of one event type; the routing key is `type`. */
export function eventEnvelopeSchema<T extends EventType>(type: T) {
  return z.object({
    id: uuidSchema,
    type: z.literal(type),
    version: z.int().min(1),
    occurredAt: isoDateTimeSchema,
    source: z.string().min(1),
    correlationId: z.string().min(1),
    data: eventDataSchemas[type],
  });
}

export const integrationEventSchema = z.discriminatedUnion('type', [
  eventEnvelopeSchema('user.registered'),
  eventEnvelopeSchema('user.updated'),
  eventEnvelopeSchema('user.deleted'),
  eventEnvelopeSchema('session.revoked'),
  eventEnvelopeSchema('job.created'),
  eventEnvelopeSchema('job.updated'),
  eventEnvelopeSchema('job.deleted'),
  eventEnvelopeSchema('job.restored'),
  eventEnvelopeSchema('job.purged'),
  eventEnvelopeSchema('bookmark.added'),
  eventEnvelopeSchema('bookmark.removed'),
  eventEnvelopeSchema('application.created'),
  eventEnvelopeSchema('application.status_changed'),
  eventEnvelopeSchema('saved_search.created'),
  eventEnvelopeSchema('saved_search.updated'),
  eventEnvelopeSchema('saved_search.deleted'),
  eventEnvelopeSchema('saved_search.matched'),
  eventEnvelopeSchema('post.reviewed'),
  eventEnvelopeSchema('alert.sent'),
]);

export type IntegrationEvent<T extends EventType = EventType> = Extract<
  z.infer<typeof integrationEventSchema>,
  { type: T }
>;

export function parseIntegrationEvent(raw: unknown): z.ZodSafeParseResult<IntegrationEvent> {
  return integrationEventSchema.safeParse(raw);
}
