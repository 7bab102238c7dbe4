import { describe, expect, it } from 'vitest';
import { fieldErrors, SAMPLE_POST as post } from '../test/support.js';
import {
  employerCloseRequestSchema,
  employerExtendRequestSchema,
  employerSignInLinkRequestSchema,
  employerSignInRequestSchema,
} from './employer.js';
import { createJobRequestSchema, employerJobUpdateRequestSchema } from './jobs.js';
import { MESSAGES } from './messages.js';

describe('posterEmail on the public post', () => {
  it('when absent or blank, then the post parses without it', () => {
    expect(createJobRequestSchema.parse(post).posterEmail).toBeUndefined();
    expect(createJobRequestSchema.parse({ ...post, posterEmail: ' ' }).posterEmail).toBeUndefined();
  });

  it('when given, then it is trimmed; a malformed or overlong one gets the e-mail message', () => {
    expect(
      createJobRequestSchema.parse({ ...post, posterEmail: ' hr@acme.example ' }).posterEmail,
    ).toBe('hr@acme.example');
    expect(
      fieldErrors(createJobRequestSchema, { ...post, posterEmail: 'nope' }).posterEmail,
    ).toEqual([MESSAGES.emailInvalid]);
    const long = `${'a'.repeat(250)}@acme.example`;
    expect(createJobRequestSchema.safeParse({ ...post, posterEmail: long }).success).toBe(false);
  });

  it('when an edit sends posterEmail, then it is refused: the poster is not editable', () => {
    expect(employerJobUpdateRequestSchema.safeParse(post).success).toBe(true);
    expect(
      employerJobUpdateRequestSchema.safeParse({ ...post, posterEmail: 'x@acme.example' }).success,
    ).toBe(false);
    expect(fieldErrors(employerJobUpdateRequestSchema, { ...post, title: ' ' }).title).toEqual([
      MESSAGES.titleRequired,
    ]);
  });
});

describe('employer requests', () => {
  it('when the sign-in link is asked for a malformed address, then the e-mail message', () => {
    expect(fieldErrors(employerSignInLinkRequestSchema, { email: 'x' }).email).toEqual([
      MESSAGES.emailInvalid,
    ]);
    expect(employerSignInLinkRequestSchema.parse({ email: 'a@b.example' }).email).toBe(
      'a@b.example',
    );
  });

  it('when a token is blank or overlong, then it is refused', () => {
    expect(employerSignInRequestSchema.safeParse({ token: '' }).success).toBe(false);
    expect(employerSignInRequestSchema.safeParse({ token: 'a'.repeat(201) }).success).toBe(false);
    expect(employerSignInRequestSchema.safeParse({ token: 'abc' }).success).toBe(true);
  });

  it('when closing, then only the three outcomes; extending takes a calendar date', () => {
    expect(employerCloseRequestSchema.safeParse({ outcome: 'filled_here' }).success).toBe(true);
    expect(employerCloseRequestSchema.safeParse({ outcome: 'gone' }).success).toBe(false);
    expect(employerExtendRequestSchema.safeParse({ closingDate: '2030-01-31' }).success).toBe(true);
    expect(employerExtendRequestSchema.safeParse({ closingDate: 'soon' }).success).toBe(false);
  });
});
