import { z } from 'zod';
import { TEXT_MAX_LENGTH } from './constants.js';
import { optionalEmail, optionalText, textLimit } from './fields.js';
import { MESSAGES } from './messages.js';

export const RATING_VALUES = ['1', '2', '3', '4', '5'] as const;
export const LIKES_LOGO_VALUES = ['yes', 'no'] as const;

/** The pre-launch feedback form; it is kept in the page and never sent. */
export const landingFeedbackSchema = z.object({
  email: optionalEmail(MESSAGES.emailInvalid),
  likesLogo: z.enum(LIKES_LOGO_VALUES, MESSAGES.required),
  rating: z.enum(RATING_VALUES, MESSAGES.required),
  comments: optionalText(textLimit('Comments', TEXT_MAX_LENGTH.notes, true)),
});
export type LandingFeedbackForm = z.input<typeof landingFeedbackSchema>;
