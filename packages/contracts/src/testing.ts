// The `@b2g/contracts/testing` entry: sample values of the contracts' types for tests. Never part
// of the main entry, so no bundle or service carries them.
import type { Job, User } from './entities.js';

/** A job as the API returns it, for tests: an active sales job of Acme Federal, no extras. */
export function sampleJob(overrides: Partial<Job> = {}): Job {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    title: 'Account Executive',
    company: 'Acme Federal',
    location: 'Arlington, VA',
    description: 'Sell to agencies.',
    url: null,
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
    ...overrides,
  };
}

/** A user as the API returns it, for tests: Jane Doe, no clearance, nothing optional filled in. */
export function sampleUser(overrides: Partial<User> = {}): User {
  return {
    id: '7d1f3f0e-3b5c-4a7e-9d55-0f4c1f5a2b11',
    username: 'jdoe',
    email: 'jane@example.com',
    firstName: 'Jane',
    lastName: 'Doe',
    company: null,
    location: null,
    phoneNumber: null,
    clearanceLevel: 'none',
    isEmailVerified: false,
    lastLoginAt: null,
    profileComplete: false,
    notificationPreferences: {},
    createdAt: '2025-01-05T15:04:00.000Z',
    updatedAt: '2025-01-05T15:04:00.000Z',
    ...overrides,
  };
}
