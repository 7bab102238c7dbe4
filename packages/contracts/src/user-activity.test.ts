import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../test/support.js';
import { MESSAGES } from './messages.js';
import {
  createApplicationRequestSchema,
  createBookmarkRequestSchema,
  updateApplicationRequestSchema,
} from './user-activity.js';

const jobId = '3b241101-e2bb-4255-8caf-4136c566a962';

describe('createBookmarkRequestSchema', () => {
  it('when the job id is a uuid, then it parses', () => {
    expect(createBookmarkRequestSchema.parse({ jobId, notes: '' })).toEqual({
      jobId,
      notes: undefined,
    });
  });

  it('when the job id is a number, then it reports an invalid job id', () => {
    expect(fieldErrors(createBookmarkRequestSchema, { jobId: 42 })).toEqual({
      jobId: [MESSAGES.jobIdInvalid],
    });
  });
});

describe('createApplicationRequestSchema', () => {
  it('when a follow-up date is a calendar date, then it becomes an ISO date-time', () => {
    expect(
      createApplicationRequestSchema.parse({
        jobId,
        applicationMethod: 'referral',
        followUpDate: '2025-02-01',
        contactEmail: '',
      }),
    ).toMatchObject({ followUpDate: '2025-02-01T00:00:00.000Z', contactEmail: undefined });
  });

  it('when method, contact email and follow-up date are wrong, then each says why', () => {
    expect(
      fieldErrors(createApplicationRequestSchema, {
        jobId,
        applicationMethod: 'carrier pigeon',
        contactEmail: 'hr@',
        followUpDate: 'next week',
      }),
    ).toEqual({
      applicationMethod: [MESSAGES.applicationMethodRequired],
      contactEmail: [MESSAGES.emailInvalid],
      followUpDate: [MESSAGES.followUpDateInvalid],
    });
  });
});

describe('updateApplicationRequestSchema', () => {
  it('when nothing is given, then it asks for at least one field', () => {
    const result = updateApplicationRequestSchema.safeParse({});

    expect(result.error?.issues.map((issue) => issue.message)).toEqual([MESSAGES.nothingToUpdate]);
  });

  it('when fields are blanked, then they clear to null', () => {
    expect(
      updateApplicationRequestSchema.parse({ notes: '', followUpDate: null, contactEmail: '' }),
    ).toMatchObject({ notes: null, followUpDate: null, contactEmail: null });
  });

  it('when the status changes, then only the status is set', () => {
    expect(updateApplicationRequestSchema.parse({ status: 'interview_scheduled' })).toMatchObject({
      status: 'interview_scheduled',
    });
    expect(updateApplicationRequestSchema.safeParse({ status: 'hired' }).success).toBe(false);
  });
});
