import { describe, expect, it } from 'vitest';
import { dashboardStats, endOfDay } from './stats.js';

const now = new Date('2025-03-10T08:00:00.000Z');

describe('dashboardStats', () => {
  it('when there are no applications, then every status counts 0', () => {
    expect(dashboardStats([], 3, now)).toEqual({
      totalApplications: 0,
      totalBookmarks: 3,
      pendingFollowUps: 0,
      applicationsByStatus: {
        applied: 0,
        under_review: 0,
        interview_scheduled: 0,
        rejected: 0,
        offer_received: 0,
      },
    });
  });

  it('when follow-ups fall today, earlier or later, then only open ones up to the end of today are due', () => {
    const stats = dashboardStats(
      [
        { status: 'applied', followUpDate: new Date('2025-03-10T23:59:59.999Z') },
        { status: 'interview_scheduled', followUpDate: new Date('2025-03-01T00:00:00.000Z') },
        { status: 'under_review', followUpDate: new Date('2025-03-11T00:00:00.000Z') },
        { status: 'rejected', followUpDate: new Date('2025-03-01T00:00:00.000Z') },
        { status: 'offer_received', followUpDate: new Date('2025-03-09T00:00:00.000Z') },
        { status: 'applied', followUpDate: null },
      ],
      0,
      now,
    );

    expect(stats.pendingFollowUps).toBe(2);
    expect(stats.totalApplications).toBe(6);
    expect(stats.applicationsByStatus).toEqual({
      applied: 2,
      under_review: 1,
      interview_scheduled: 1,
      rejected: 1,
      offer_received: 1,
    });
  });
});

describe('endOfDay', () => {
  it('when given any moment, then it is the last millisecond of that UTC day', () => {
    expect(endOfDay(now).toISOString()).toBe('2025-03-10T23:59:59.999Z');
  });
});
