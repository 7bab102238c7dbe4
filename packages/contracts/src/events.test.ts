import { describe, expect, it } from 'vitest';
import type { Job } from './entities.js';
import {
  EVENT_TYPES,
  eventDataSchemas,
  eventEnvelopeSchema,
  parseIntegrationEvent,
  type EventData,
  type EventType,
} from './events.js';

const userId = '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f';
const jobId = '3b241101-e2bb-4255-8caf-4136c566a962';
const at = '2025-01-05T15:04:00.000Z';
const savedSearchId = '1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

const job: Job = {
  id: jobId,
  title: 'SLED Marketing Manager',
  company: 'Civic Co',
  location: 'Austin, TX',
  description: '',
  url: null,
  link: 'https://civic.example/jobs/7',
  poster: null,
  applyUrl: null,
  sector: 'STATE_LOCAL',
  employerType: null,
  isAgencyRole: false,
  isRemote: false,
  remoteDays: null,
  experienceLevel: null,
  jobFunction: 'marketing',
  source: 'linkedin',
  postedAt: at,
  createdAt: at,
  deletedAt: null,
  external: true,
  bookmarkCount: 2,
};

const bookmark = { bookmarkId: 'b-1', userId, jobId, jobTitle: job.title, company: job.company };
const application = {
  applicationId: 'a-1',
  userId,
  jobId,
  jobTitle: job.title,
  company: job.company,
};

const validData: { [K in EventType]: EventData<K> } = {
  'user.registered': {
    userId,
    username: 'jane_doe',
    email: 'jane@example.com',
    firstName: 'Jane',
    lastName: 'Doe',
    registeredAt: at,
  },
  'user.updated': {
    userId,
    firstName: 'Jane',
    lastName: 'Doe',
    company: null,
    location: 'Reston, VA',
    clearanceLevel: 'top_secret',
    phoneNumber: null,
  },
  'user.deleted': { userId, deletedAt: at },
  'session.revoked': {
    userId,
    sessionIds: ['s-1', 's-2'],
    reason: 'password_reset',
    expiresAt: at,
  },
  'job.created': { job },
  'job.updated': { job },
  'job.deleted': { job: { ...job, deletedAt: at } },
  'job.restored': { job: { ...job, deletedAt: null } },
  'job.purged': { job: { ...job, deletedAt: at } },
  'bookmark.added': { ...bookmark, bookmarkedAt: at },
  'bookmark.removed': { ...bookmark, removedAt: at },
  'application.created': {
    ...application,
    status: 'applied',
    applicationMethod: 'company_website',
    appliedAt: at,
  },
  'application.status_changed': {
    ...application,
    from: 'applied',
    to: 'under_review',
    changedAt: at,
  },
  'saved_search.created': {
    savedSearchId,
    revision: 1,
    query: { search: 'capture' },
    active: true,
  },
  'saved_search.updated': {
    savedSearchId,
    revision: 2,
    query: { sector: 'FEDERAL' },
    active: false,
  },
  'saved_search.deleted': { savedSearchId, revision: 3 },
  'saved_search.matched': { job, savedSearchIds: [savedSearchId] },
  'post.reviewed': { jobId, outcome: 'approved' },
  'alert.sent': { savedSearchId, jobIds: [jobId], sentAt: at },
};

const invalidData: { [K in EventType]: unknown } = {
  'user.registered': { ...validData['user.registered'], registeredAt: 'yesterday' },
  'user.updated': { ...validData['user.updated'], clearanceLevel: 'cosmic' },
  'user.deleted': { deletedAt: at },
  'session.revoked': { ...validData['session.revoked'], sessionIds: [] },
  'job.created': { job: { ...job, id: 12 } },
  'job.updated': {},
  'job.deleted': { job },
  'job.restored': { job: { ...job, deletedAt: at } },
  'job.purged': { job: { ...job, sector: 'LOCAL' } },
  'bookmark.added': { ...validData['bookmark.added'], jobId: '12' },
  'bookmark.removed': { ...bookmark },
  'application.created': { ...validData['application.created'], status: 'hired' },
  'application.status_changed': { ...validData['application.status_changed'], to: undefined },
  'saved_search.created': { ...validData['saved_search.created'], revision: 0 },
  'saved_search.updated': { ...validData['saved_search.updated'], query: { 'bad key': 'x' } },
  'saved_search.deleted': { savedSearchId: 'abc', revision: 1 },
  'saved_search.matched': { job, savedSearchIds: [] },
  'post.reviewed': { jobId, outcome: 'pending' },
  'alert.sent': { ...validData['alert.sent'], jobIds: [] },
};

const envelope = (type: string, data: unknown) => ({
  id: '9f8e7d6c-5b4a-4392-8170-fedcba987654',
  type,
  version: 1,
  occurredAt: at,
  source: 'user-activity',
  correlationId: 'req-42',
  data,
});

describe('integration events', () => {
  it('when listing event types, then each has a data schema', () => {
    expect(Object.keys(eventDataSchemas).sort()).toEqual([...EVENT_TYPES].sort());
  });

  it.each(EVENT_TYPES)('when a %s event is valid, then it parses with its data', (type) => {
    const result = parseIntegrationEvent(envelope(type, validData[type]));

    expect(result.error).toBeUndefined();
    expect(result.data).toEqual(envelope(type, validData[type]));
    expect(eventEnvelopeSchema(type).safeParse(envelope(type, validData[type])).success).toBe(true);
  });

  it.each(EVENT_TYPES)('when a %s event has invalid data, then it fails', (type) => {
    expect(parseIntegrationEvent(envelope(type, invalidData[type])).success).toBe(false);
  });

  it.each([
    ['an unknown type', { type: 'job.exploded' }],
    ['version 0', { version: 0 }],
    ['an id that is not a uuid', { id: 'evt-1' }],
    ['no correlation id', { correlationId: '' }],
    ['a local occurredAt', { occurredAt: '2025-01-05T15:04' }],
  ])('when the envelope has %s, then it fails', (_label, change) => {
    expect(
      parseIntegrationEvent({ ...envelope('user.deleted', validData['user.deleted']), ...change })
        .success,
    ).toBe(false);
  });

  it('when a post.reviewed event carries more than its two facts, then it fails', () => {
    const data = { ...validData['post.reviewed'], job };
    expect(parseIntegrationEvent(envelope('post.reviewed', data)).success).toBe(false);
  });

  it('when parsed, then the event narrows to its data by type', () => {
    const result = parseIntegrationEvent(envelope('bookmark.added', validData['bookmark.added']));

    expect(
      result.success && result.data.type === 'bookmark.added' && result.data.data.bookmarkedAt,
    ).toBe(at);
  });
});
