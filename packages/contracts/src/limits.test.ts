import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  adminLoginRequestSchema,
  changePasswordRequestSchema,
  deleteAccountRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  profileUpdateRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
} from './auth.js';
import { TEXT_MAX_LENGTH } from './constants.js';
import { notificationPreferencesSchema } from './entities.js';
import {
  adminJobRequestSchema,
  adminJobsQuerySchema,
  createJobRequestSchema,
  extractFromUrlRequestSchema,
  jobsQuerySchema,
} from './jobs.js';
import {
  createApplicationRequestSchema,
  createBookmarkRequestSchema,
  updateApplicationRequestSchema,
} from './user-activity.js';

const PASSWORD = 'Sup3r$ecret';
const JOB_ID = '0b8f5a4e-3a52-4a59-9d1c-2f1b8c1d9e11';
const job = {
  title: 'Account Executive',
  company: 'Acme Gov',
  location: 'Washington, DC',
  description: 'Sell to agencies.',
  url: 'https://jobs.example/1',
  sector: 'FEDERAL',
};

/** Every request schema of the API with a valid input and the text fields it takes. */
const REQUESTS: { name: string; schema: z.ZodType; valid: Record<string, unknown> }[] = [
  {
    name: 'register',
    schema: registerRequestSchema,
    valid: {
      username: 'ann_lee',
      email: 'ann@example.com',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      firstName: 'Ann',
      lastName: 'Lee',
      company: 'Acme',
      location: 'Austin',
      phoneNumber: '555 0100',
    },
  },
  { name: 'login', schema: loginRequestSchema, valid: { emailOrUsername: 'ann', password: 'x' } },
  { name: 'forgot password', schema: forgotPasswordRequestSchema, valid: { email: 'a@b.example' } },
  {
    name: 'reset password',
    schema: resetPasswordRequestSchema,
    valid: { token: 'abc', password: PASSWORD, confirmPassword: PASSWORD },
  },
  {
    name: 'profile update',
    schema: profileUpdateRequestSchema,
    valid: { firstName: 'Ann', lastName: 'Lee', company: 'A', location: 'B', phoneNumber: '1' },
  },
  {
    name: 'change password',
    schema: changePasswordRequestSchema,
    valid: { currentPassword: 'old', newPassword: PASSWORD, confirmPassword: PASSWORD },
  },
  { name: 'delete account', schema: deleteAccountRequestSchema, valid: { password: 'x' } },
  { name: 'admin login', schema: adminLoginRequestSchema, valid: { password: 'x' } },
  { name: 'public job post', schema: createJobRequestSchema, valid: job },
  {
    name: 'admin job',
    schema: adminJobRequestSchema,
    valid: {
      ...job,
      employerType: 'INTEGRATOR',
      link: 'https://jobs.example/2',
      applyUrl: 'https://jobs.example/3',
      poster: 'Pat',
      customer: 'Department of the Navy',
    },
  },
  { name: 'jobs query', schema: jobsQuerySchema, valid: { search: 'sales', location: 'DC' } },
  { name: 'admin jobs query', schema: adminJobsQuerySchema, valid: { search: 'sales' } },
  {
    name: 'extract from url',
    schema: extractFromUrlRequestSchema,
    valid: { url: 'https://jobs.example/1' },
  },
  { name: 'bookmark', schema: createBookmarkRequestSchema, valid: { jobId: JOB_ID, notes: 'n' } },
  {
    name: 'application',
    schema: createApplicationRequestSchema,
    valid: {
      jobId: JOB_ID,
      applicationMethod: 'email',
      contactPerson: 'Pat',
      contactEmail: 'pat@example.com',
      notes: 'n',
    },
  },
  {
    name: 'application update',
    schema: updateApplicationRequestSchema,
    valid: { notes: 'n', contactPerson: 'Pat', contactEmail: 'pat@example.com' },
  },
];

const ENUMS_AND_IDS = new Set(['jobId', 'sector', 'employerType', 'applicationMethod']);
const textFields = (valid: Record<string, unknown>) =>
  Object.entries(valid)
    .filter(([key, value]) => typeof value === 'string' && !ENUMS_AND_IDS.has(key))
    .map(([key]) => key);

const messagesOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('request limits', () => {
  it('when each request is valid, then it parses (the table is right)', () => {
    for (const { name, schema, valid } of REQUESTS) {
      expect(schema.safeParse(valid).success, name).toBe(true);
    }
  });

  it('when any text field is 1 MB long, then it is refused with an "at most" message', () => {
    const huge = 'a'.repeat(1024 * 1024);
    for (const { name, schema, valid } of REQUESTS) {
      for (const field of textFields(valid)) {
        const messages = messagesOf(schema, { ...valid, [field]: huge });
        expect(messages.length, `${name}.${field}`).toBeGreaterThan(0);
        expect(messages.join(' | '), `${name}.${field}`).toMatch(/at most \d+ characters/);
      }
    }
  });

  it('when search is longer than 200 characters, then it is refused; 200 are accepted', () => {
    expect(TEXT_MAX_LENGTH.search).toBe(200);
    for (const schema of [jobsQuerySchema, adminJobsQuerySchema]) {
      expect(schema.safeParse({ search: 'a'.repeat(200) }).success).toBe(true);
      expect(messagesOf(schema, { search: 'a'.repeat(201) })).toEqual([
        'Search must be at most 200 characters',
      ]);
    }
  });

  it('when a title is over 200 characters or a description over 20,000, then it is refused', () => {
    expect(messagesOf(createJobRequestSchema, { ...job, title: 'a'.repeat(201) })).toEqual([
      'Title must be at most 200 characters',
    ]);
    expect(
      createJobRequestSchema.safeParse({ ...job, description: 'a'.repeat(20_000) }).success,
    ).toBe(true);
    expect(messagesOf(createJobRequestSchema, { ...job, description: 'a'.repeat(20_001) })).toEqual(
      ['Description must be at most 20000 characters'],
    );
  });

  it('when a text field carries NUL or another control character, then it is refused', () => {
    for (const { name, schema, valid } of REQUESTS) {
      for (const field of textFields(valid)) {
        if (/password/i.test(field) || field === 'token') continue;
        const messages = messagesOf(schema, { ...valid, [field]: `a\u0000b` });
        expect(messages.length, `${name}.${field}`).toBeGreaterThan(0);
      }
    }
    expect(messagesOf(createJobRequestSchema, { ...job, title: 'a\u001bb' })).toEqual([
      'Title must not contain control characters',
    ]);
    expect(
      createJobRequestSchema.safeParse({ ...job, description: 'line one\nline two\ttab' }).success,
    ).toBe(true);
  });

  it('when a request carries a field it does not know, then it is refused', () => {
    for (const { name, schema, valid } of REQUESTS) {
      expect(schema.safeParse({ ...valid, isAdmin: true }).success, name).toBe(false);
      expect(
        schema.safeParse(
          JSON.parse(`{"__proto__":{"polluted":1},${JSON.stringify(valid).slice(1)}`),
        ).success,
        name,
      ).toBe(false);
    }
  });
});

describe('notification preferences', () => {
  it('when known keys carry booleans, then they parse', () => {
    expect(notificationPreferencesSchema.parse({ jobAlerts: true, newsletter: false })).toEqual({
      jobAlerts: true,
      newsletter: false,
    });
    expect(notificationPreferencesSchema.parse({})).toEqual({});
  });

  it('when keys are unknown, dotted, $-prefixed, nested or not boolean, then they are refused', () => {
    for (const value of [
      { digest: true },
      { 'jobAlerts.x': true },
      { $set: { isAdmin: true } },
      { jobAlerts: { $gt: '' } },
      { jobAlerts: 'yes' },
      { jobAlerts: [true] },
      JSON.parse('{"__proto__":{"jobAlerts":true}}'),
      JSON.parse('{"constructor":{"prototype":{"x":1}}}'),
    ]) {
      expect(notificationPreferencesSchema.safeParse(value).success, JSON.stringify(value)).toBe(
        false,
      );
    }
  });
});
