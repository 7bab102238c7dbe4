import { describe, expect, it } from 'vitest';
import { landingFeedbackSchema } from './landing.js';
import { MESSAGES } from './messages.js';

describe('landingFeedbackSchema', () => {
  it('when the yes/no answer and a rating are chosen, then blank optionals are dropped', () => {
    expect(
      landingFeedbackSchema.parse({ email: '', likesLogo: 'yes', rating: '4', comments: ' ' }),
    ).toEqual({
      email: undefined,
      likesLogo: 'yes',
      rating: '4',
      comments: undefined,
    });
  });

  it('when the answer or the rating is missing, then both are required', () => {
    const result = landingFeedbackSchema.safeParse({ rating: '6' });

    expect(result.error?.issues.map(({ path, message }) => [path.join('.'), message])).toEqual([
      ['likesLogo', MESSAGES.required],
      ['rating', MESSAGES.required],
    ]);
  });

  it('when the email is malformed, then it asks for a valid email address', () => {
    expect(
      landingFeedbackSchema.safeParse({ email: 'me@', likesLogo: 'no', rating: '1' }).error
        ?.issues[0]?.message,
    ).toBe(MESSAGES.emailInvalid);
  });
});
