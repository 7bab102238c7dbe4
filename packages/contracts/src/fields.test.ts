import { describe, expect, it } from 'vitest';
import { clearableEmail, optionalEmail, requiredEmail } from './fields.js';
import { MESSAGES } from './messages.js';

const messageOf = (result: { error?: { issues: Array<{ message: string }> } | undefined }) =>
  result.error?.issues.map(({ message }) => message);

describe('e-mail fields', () => {
  it.each([
    ['required', () => requiredEmail(), 'me@'],
    ['required, missing', () => requiredEmail(), undefined],
    ['optional', () => optionalEmail(), 'not-an-email'],
    ['clearable', () => clearableEmail(), 'me@example'],
  ])(
    'when a %s e-mail field names no message of its own, then it says "Invalid email"',
    (_kind, field, value) => {
      expect(MESSAGES.invalidEmail).toBe('Invalid email');
      expect(messageOf(field().safeParse(value))).toEqual([MESSAGES.invalidEmail]);
    },
  );

  it("when a field names its own message, then that message is kept (registration's)", () => {
    expect(messageOf(requiredEmail(MESSAGES.emailInvalid).safeParse('me@'))).toEqual([
      'Please enter a valid email address',
    ]);
    expect(messageOf(optionalEmail(MESSAGES.emailInvalid).safeParse('me@'))).toEqual([
      'Please enter a valid email address',
    ]);
  });

  it('when the address is valid, then it parses trimmed', () => {
    expect(requiredEmail().parse(' pat@agency.example ')).toBe('pat@agency.example');
    expect(optionalEmail().parse('')).toBeUndefined();
    expect(clearableEmail().parse('')).toBeNull();
  });
});
