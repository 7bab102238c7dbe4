import { randomUUID } from 'node:crypto';
import { parseIntegrationEvent, POST_OUTCOMES } from '@b2g/contracts';
import { sampleJob } from '@b2g/contracts/testing';
import { describe, expect, it } from 'vitest';
import type { JobsEvent } from '../domain/events.js';
import { newRecord } from '../domain/posting.js';
import { SERVICE_NAME, toIntegrationEvents } from './outgoing.js';

const now = new Date('2026-03-10T12:00:00Z');
const {
  id: _id,
  postedAt,
  createdAt: _at,
  deletedAt: _gone,
  lastVerifiedAt: _seen,
  ...fields
} = sampleJob();
const job = newRecord({ ...fields, postedAt: new Date(postedAt) }, now);

describe('the post.reviewed event', () => {
  it.each(POST_OUTCOMES)(
    'when a post is reviewed %s, then one valid post.reviewed event states its job and outcome',
    (outcome) => {
      const jobId = randomUUID();
      const events = toIntegrationEvents([
        { kind: 'PostReviewed', jobId, outcome, cause: { correlationId: 'req-7' } },
      ]);

      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        type: 'post.reviewed',
        source: SERVICE_NAME,
        correlationId: 'req-7',
        data: { jobId, outcome },
      });
      expect(parseIntegrationEvent(events[0]).success).toBe(true);
    },
  );

  it('when a public post goes live, then its job.created and its post.reviewed go out in that order', () => {
    const cause = { correlationId: 'req-8' };
    const domainEvents: JobsEvent[] = [
      { kind: 'JobPosted', job, cause },
      { kind: 'PostReviewed', jobId: job._id, outcome: 'live', cause },
    ];

    const events = toIntegrationEvents(domainEvents);

    expect(events.map((event) => event.type)).toEqual(['job.created', 'post.reviewed']);
    expect(events.map((event) => event.correlationId)).toEqual(['req-8', 'req-8']);
    expect(events[1]?.data).toEqual({ jobId: job._id, outcome: 'live' });
  });
});
