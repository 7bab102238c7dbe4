import type {
  ActivityItem,
  ApplicationWithJob,
  BookmarkWithJob,
  DashboardStats,
} from '@b2g/contracts';

export const JOB_A = '0b6f6a3e-8d1c-4c55-9f0e-2a4b7c9d1e01';
export const JOB_B = '0b6f6a3e-8d1c-4c55-9f0e-2a4b7c9d1e02';
/** Noon UTC: the same calendar day in every time zone the tests may run in. */
export const JAN_5 = '2025-01-05T12:04:00.000Z';

export function stats(overrides: Partial<DashboardStats> = {}): DashboardStats {
  return {
    totalApplications: 7,
    totalBookmarks: 3,
    pendingFollowUps: 2,
    applicationsByStatus: {
      applied: 2,
      under_review: 3,
      interview_scheduled: 1,
      offer_received: 0,
      rejected: 1,
    },
    ...overrides,
  };
}

export function application(overrides: Partial<ApplicationWithJob> = {}): ApplicationWithJob {
  return {
    id: 'app-1',
    jobId: JOB_A,
    appliedAt: JAN_5,
    status: 'under_review',
    applicationMethod: 'company_website',
    contactPerson: null,
    contactEmail: null,
    notes: 'Spoke with the hiring manager',
    followUpDate: null,
    statusUpdatedAt: null,
    createdAt: JAN_5,
    updatedAt: JAN_5,
    job: {
      title: 'Federal Account Executive',
      company: 'Acme Gov',
      location: 'Arlington, VA',
      link: 'https://jobs.example.com/a',
    },
    ...overrides,
  };
}

export function bookmark(overrides: Partial<BookmarkWithJob> = {}): BookmarkWithJob {
  return {
    id: 'bm-1',
    jobId: JOB_B,
    bookmarkedAt: JAN_5,
    notes: 'Ask about clearance',
    job: {
      title: 'SLED Marketing Manager',
      company: 'Civic Co',
      location: 'Austin, TX',
      link: 'https://jobs.example.com/b',
    },
    ...overrides,
  };
}

export function activityItem(index: number, overrides: Partial<ActivityItem> = {}): ActivityItem {
  return {
    id: `act-${index}`,
    type: 'application',
    title: `Activity ${index}`,
    description: `Description ${index}`,
    timestamp: JAN_5,
    ...overrides,
  };
}
