import type { AdminJob } from '@b2g/contracts';

let sequence = 0;

/** A job as GET /api/admin/jobs returns it, for tests. */
export function adminJob(overrides: Partial<AdminJob> = {}): AdminJob {
  sequence += 1;
  const n = String(sequence).padStart(12, '0');
  return {
    id: `7d1f3f0e-3b5c-4a7e-9d55-${n}`,
    title: `Job ${sequence}`,
    company: 'Acme Federal',
    location: 'Washington, DC',
    description: 'Sell to agencies.',
    url: 'https://jobs.example.com/1',
    link: null,
    poster: null,
    applyUrl: null,
    sector: 'FEDERAL',
    employerType: 'INTEGRATOR',
    isAgencyRole: false,
    isRemote: false,
    remoteDays: null,
    experienceLevel: 'mid',
    jobFunction: 'sales',
    source: 'Direct Post',
    postedAt: '2025-01-05T15:04:00.000Z',
    createdAt: '2025-01-05T15:04:00.000Z',
    deletedAt: null,
    external: false,
    bookmarkCount: 0,
    hash: `hash-${sequence}`,
    ...overrides,
  };
}
