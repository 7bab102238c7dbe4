import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../test/support.js';
import {
  adminLoginRequestSchema,
  authResponseSchema,
  changePasswordRequestSchema,
  deleteAccountRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  profileUpdateRequestSchema,
  registerRequestSchema,
  resetPasswordFormSchema,
  resetPasswordRequestSchema,
  verifyResponseSchema,
} from './auth.js';
import { MESSAGES } from './messages.js';
import { sampleUser } from './testing.js';

const registration = {
  username: 'jane_doe-1',
  email: 'jane@example.com',
  password: 'Secr3t!pass',
  confirmPassword: 'Secr3t!pass',
  firstName: 'Jane',
  lastName: 'Doe',
};

const user = sampleUser({ location: 'Arlington, VA', clearanceLevel: 'secret' });

describe('registerRequestSchema', () => {
  it('when every field is valid, then it parses with clearance none and blank optionals dropped', () => {
    const parsed = registerRequestSchema.parse({
      ...registration,
      company: '  ',
      location: 'Reston',
    });

    expect(parsed).toMatchObject({
      clearanceLevel: 'none',
      company: undefined,
      location: 'Reston',
    });
  });

  it.each([
    ['username', 'ab', MESSAGES.usernameMin],
    ['username', 'a'.repeat(21), MESSAGES.usernameMax],
    ['username', 'jane doe', MESSAGES.usernameFormat],
    ['username', undefined, MESSAGES.usernameMin],
    ['email', 'not-an-email', MESSAGES.emailInvalid],
    ['email', undefined, MESSAGES.emailInvalid],
    ['password', 'Sh0rt!', MESSAGES.passwordMin],
    ['password', 'nouppercase1!', MESSAGES.passwordComplexity],
    ['password', 'NoDigitsHere!', MESSAGES.passwordComplexity],
    ['password', 'NoSpecial123', MESSAGES.passwordComplexity],
    ['firstName', '   ', MESSAGES.firstNameRequired],
    ['firstName', undefined, MESSAGES.firstNameRequired],
    ['lastName', '', MESSAGES.lastNameRequired],
  ] as const)('when %s is %j, then it reports %j', (field, value, message) => {
    expect(
      fieldErrors(registerRequestSchema, { ...registration, [field]: value })[field],
    ).toContain(message);
  });

  it('when the clearance level is not one of the enumeration, then it fails', () => {
    expect(
      registerRequestSchema.safeParse({ ...registration, clearanceLevel: 'cosmic' }).success,
    ).toBe(false);
  });

  it('when the confirmation differs, then confirmPassword reads "Passwords don\'t match"', () => {
    const errors = fieldErrors(registerRequestSchema, {
      ...registration,
      confirmPassword: 'Different1!',
    });

    expect(errors).toEqual({ confirmPassword: [MESSAGES.passwordsMismatch] });
  });

  it('when other fields are missing too, then the mismatch is still reported', () => {
    const errors = fieldErrors(registerRequestSchema, {
      password: 'Secr3t!pass',
      confirmPassword: 'Secr3t!pasz',
    });

    expect(errors.confirmPassword).toEqual([MESSAGES.passwordsMismatch]);
    expect(errors.firstName).toEqual([MESSAGES.firstNameRequired]);
  });
});

describe('loginRequestSchema', () => {
  it('when both fields are filled, then it parses with rememberMe', () => {
    expect(
      loginRequestSchema.parse({ emailOrUsername: 'jane', password: 'x', rememberMe: true }),
    ).toEqual({ emailOrUsername: 'jane', password: 'x', rememberMe: true });
  });

  it('when both fields are empty, then each has its required message', () => {
    expect(fieldErrors(loginRequestSchema, { emailOrUsername: ' ', password: '' })).toEqual({
      emailOrUsername: [MESSAGES.emailOrUsernameRequired],
      password: [MESSAGES.passwordRequired],
    });
  });

  it('when both fields are missing, then each has its required message', () => {
    expect(fieldErrors(loginRequestSchema, {})).toEqual({
      emailOrUsername: [MESSAGES.emailOrUsernameRequired],
      password: [MESSAGES.passwordRequired],
    });
  });
});

describe('forgotPasswordRequestSchema', () => {
  it('when the email is invalid, then it asks for a valid email address', () => {
    expect(fieldErrors(forgotPasswordRequestSchema, { email: 'jane@' })).toEqual({
      email: [MESSAGES.emailInvalid],
    });
  });

  it('when the email is valid, then it parses trimmed', () => {
    expect(forgotPasswordRequestSchema.parse({ email: ' jane@example.com ' })).toEqual({
      email: 'jane@example.com',
    });
  });
});

describe('resetPasswordRequestSchema', () => {
  const reset = { token: 'abc123', password: 'Secr3t!pass', confirmPassword: 'Secr3t!pass' };

  it('when token and passwords are valid, then it parses', () => {
    expect(resetPasswordRequestSchema.parse(reset)).toEqual(reset);
  });

  it.each([undefined, ''])(
    'when the token is %j, then it reads the missing-token message',
    (token) => {
      expect(fieldErrors(resetPasswordRequestSchema, { ...reset, token }).token).toEqual([
        MESSAGES.resetTokenMissing,
      ]);
    },
  );

  it.each([
    ['password', 'short', MESSAGES.passwordMin],
    ['password', 'lowercase1!', MESSAGES.passwordComplexity],
    ['confirmPassword', 'Secr3t!pasz', MESSAGES.passwordsMismatch],
  ] as const)('when %s is %j, then it reports %j', (field, value, message) => {
    expect(fieldErrors(resetPasswordRequestSchema, { ...reset, [field]: value })[field]).toContain(
      message,
    );
  });

  it('when the reset form confirmation differs, then confirmPassword shows the mismatch', () => {
    expect(
      fieldErrors(resetPasswordFormSchema, { password: 'Secr3t!pass', confirmPassword: 'x' }),
    ).toEqual({ confirmPassword: [MESSAGES.passwordsMismatch] });
  });
});

describe('adminLoginRequestSchema and deleteAccountRequestSchema', () => {
  it.each([adminLoginRequestSchema, deleteAccountRequestSchema])(
    'when the password is empty, then it reads "Password is required"',
    (schema) => {
      expect(fieldErrors(schema, { password: '' })).toEqual({
        password: [MESSAGES.passwordRequired],
      });
      expect(fieldErrors(schema, {})).toEqual({ password: [MESSAGES.passwordRequired] });
    },
  );
});

describe('profileUpdateRequestSchema', () => {
  it('when nothing is given, then it asks for at least one field', () => {
    const result = profileUpdateRequestSchema.safeParse({});

    expect(result.error?.issues.map((issue) => issue.message)).toEqual([MESSAGES.nothingToUpdate]);
  });

  it('when a text field is blank, then it clears to null', () => {
    expect(
      profileUpdateRequestSchema.parse({ company: ' ', clearanceLevel: 'ts_sci' }),
    ).toMatchObject({ company: null, clearanceLevel: 'ts_sci' });
  });

  it('when a password is smuggled in, then the update is refused', () => {
    expect(profileUpdateRequestSchema.safeParse({ firstName: 'Ann', password: 'x' }).success).toBe(
      false,
    );
  });
});

describe('changePasswordRequestSchema', () => {
  it('when the new password is weak and unconfirmed, then each field says why', () => {
    expect(
      fieldErrors(changePasswordRequestSchema, {
        newPassword: 'weakpass',
        confirmPassword: 'other',
      }),
    ).toEqual({
      currentPassword: [MESSAGES.currentPasswordRequired],
      newPassword: [MESSAGES.passwordComplexity],
      confirmPassword: [MESSAGES.passwordsMismatch],
    });
  });
});

describe('auth responses', () => {
  it('when a user record carries a password, then the parsed user has none', () => {
    const parsed = authResponseSchema.parse({
      success: true,
      token: 'jwt',
      user: { ...user, password: 'hash' },
      message: 'Login successful',
    });

    expect(parsed.user).not.toHaveProperty('password');
  });

  it('when verify succeeds or fails, then both shapes parse', () => {
    expect(verifyResponseSchema.parse({ success: true, user })).toMatchObject({ success: true });
    expect(verifyResponseSchema.parse({ success: false })).toEqual({ success: false });
  });
});
