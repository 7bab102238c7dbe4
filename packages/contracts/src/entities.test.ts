import { describe, expect, it } from 'vitest';
import { FEATURED_FUNCTIONS } from './constants.js';
import {
  adminJobSchema,
  dashboardStatsSchema,
  featuredJobsResponseSchema,
  jobSchema,
} from './entities.js';
import { sampleJob } from './testing.js';

/** With a URL and remote days, so that those are parsed too. */
const job = sampleJob({ url: 'https://jobs.acme.example/123', isRemote: true, remoteDays: 3 });

describe('jobSchema', () => {
  it('when a job is complete, then it parses unchanged', () => {
    expect(jobSchema.parse(job)).toEqual(job);
  });

  it.each([
    { id: '17' },
    { remoteDays: 6 },
    { sector: 'LOCAL' },
    { bookmarkCount: -1 },
    { postedAt: 'Jan 5, 2025' },
  ])('when a job has %j, then it is rejected', (change) => {
    expect(jobSchema.safeParse({ ...job, ...change }).success).toBe(false);
  });

  it('when an admin job lacks its hash, then it is rejected', () => {
    expect(adminJobSchema.safeParse(job).success).toBe(false);
    expect(adminJobSchema.parse({ ...job, hash: 'a1b2' }).hash).toBe('a1b2');
  });
});

describe('featuredJobsResponseSchema', () => {
  it('when a function has no featured job, then its slot is absent', () => {
    expect(featuredJobsResponseSchema.parse({ sales: job })).toEqual({ sales: job });
  });

  it('when listing its slots, then they are the featured functions', () => {
    expect(Object.keys(featuredJobsResponseSchema.shape)).toEqual([...FEATURED_FUNCTIONS]);
  });
});

describe('dashboardStatsSchema', () => {
  it('when a status count is missing, then the stats are rejected', () => {
    const stats = {
      totalApplications: 2,
      totalBookmarks: 1,
      pendingFollowUps: 0,
      applicationsByStatus: { applied: 1, under_review: 1, interview_scheduled: 0, rejected: 0 },
    };

    expect(dashboardStatsSchema.safeParse(stats).success).toBe(false);
    expect(
      dashboardStatsSchema.safeParse({
        ...stats,
        applicationsByStatus: { ...stats.applicationsByStatus, offer_received: 0 },
      }).success,
    ).toBe(true);
  });
});
