import { randomUUID } from 'node:crypto';
import { createEvent } from '@b2g/event-bus';
import { describe, expect, it } from 'vitest';
import { activityOf, toActivityItem } from './activity.js';

const facts = {
  userId: randomUUID(),
  jobId: randomUUID(),
  jobTitle: 'Capture Lead',
  company: 'Acme Federal',
};

describe('activityOf', () => {
  it('when a bookmark is added, then the item reads "Bookmarked {title}" with the company', () => {
    const event = createEvent(
      'bookmark.added',
      { ...facts, bookmarkId: 'b1', bookmarkedAt: '2025-01-05T15:04:00.000Z' },
      { source: 'user-activity' },
    );

    expect(toActivityItem(activityOf(event))).toEqual({
      id: event.id,
      type: 'bookmark',
      title: 'Bookmarked Capture Lead',
      description: 'Acme Federal',
      timestamp: '2025-01-05T15:04:00.000Z',
    });
  });

  it('when an application is created, then the item names the method and company and carries the status', () => {
    const event = createEvent(
      'application.created',
      {
        ...facts,
        applicationId: 'a1',
        status: 'applied',
        applicationMethod: 'company_website',
        appliedAt: '2025-01-06T10:00:00.000Z',
      },
      { source: 'user-activity' },
    );

    expect(activityOf(event)).toMatchObject({
      _id: event.id,
      sourceId: 'a1',
      title: 'Applied to Capture Lead',
      description: 'Applied via Company Website at Acme Federal',
      status: 'applied',
    });
  });

  it('when a status changes, then the item shows both statuses as labels and the new one as its status', () => {
    const event = createEvent(
      'application.status_changed',
      {
        ...facts,
        applicationId: 'a1',
        from: 'under_review',
        to: 'interview_scheduled',
        changedAt: '2025-01-07T10:00:00.000Z',
      },
      { source: 'user-activity' },
    );

    expect(activityOf(event)).toMatchObject({
      title: 'Status updated: Capture Lead',
      description: 'Status changed from Under Review to Interview Scheduled',
      status: 'interview_scheduled',
    });
  });
});
