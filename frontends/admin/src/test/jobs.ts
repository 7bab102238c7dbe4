import type { AdminJob } from '@b2g/contracts';
import { sampleJob } from '@b2g/web-platform/testing';

let sequence = 0;

/** A job as GET /api/admin/jobs returns it, for tests. */
export function adminJob(overrides: Partial<AdminJob> = {}): AdminJob {
  sequence += 1;
  return {
    ...sampleJob({
      id: `7d1f3f0e-3b5c-4a7e-9d55-${String(sequence).padStart(12, '0')}`,
      title: `Job ${sequence}`,
      location: 'Washington, DC',
      url: 'https://jobs.example.com/1',
    }),
    hash: `hash-${sequence}`,
    ...overrides,
  };
}
