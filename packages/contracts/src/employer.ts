import { z } from 'zod';
import { jobSchema } from './entities.js';
import { EMPLOYER_CLOSE_OUTCOMES, JOB_CLOSED_REASONS } from './enums.js';
import { isoDateSchema, requiredEmail, requiredText, textLimit } from './fields.js';
import { MESSAGES } from './messages.js';

/** The employer's session cookie (httpOnly, SameSite=Strict), set by POST /api/employer/sign-in. */
export const EMPLOYER_SESSION_COOKIE = 'b2g_employer';

/** The page a sign-in link opens; the token follows in the fragment (`#token=…`), never sent to a server. */
export const EMPLOYER_SIGN_IN_PAGE = '/employer/sign-in';
/** The employer's postings page. */
export const EMPLOYER_PAGE = '/employer';
/** The page an expiry reminder's one-click extend link opens; its token follows in the fragment. */
export const EMPLOYER_EXTEND_PAGE = '/employer/extend';

export const EMPLOYER_MESSAGES = {
  /** The same answer whether or not the address has postings. */
  linkSent: 'If this address has postings on the board, a sign-in link is on its way.',
  tokenInvalid: 'This sign-in link is invalid, used or expired. Please ask for a new one.',
  signInRequired: 'Please sign in with the link we e-mailed you.',
  signedOut: 'Signed out',
  closingDateNotLater: 'The new closing date must be later than the current one',
  closingDateTooFar: 'The closing date can be at most one year ahead',
  notClosed: 'Only a closed or expired posting can be relisted',
  alreadyClosed: 'This posting is closed already',
  extendLinkInvalid:
    'This extend link is invalid, used or expired. Please sign in to extend the posting.',
} as const;

/** Body of POST /api/employer/sign-in-link. */
export const employerSignInLinkRequestSchema = z.strictObject({
  email: requiredEmail(MESSAGES.emailInvalid),
});
export type EmployerSignInLinkRequest = z.infer<typeof employerSignInLinkRequestSchema>;

/** Body of POST /api/employer/sign-in: the token from the link's fragment. */
export const employerSignInRequestSchema = z.strictObject({
  token: requiredText(EMPLOYER_MESSAGES.tokenInvalid, textLimit('Token', 200)),
});
export type EmployerSignInRequest = z.infer<typeof employerSignInRequestSchema>;

/** Who the employer session is: the verified address and when the session ends. */
export const employerSessionSchema = z.object({
  email: z.string(),
  expiresAt: z.string(),
});
export type EmployerSession = z.infer<typeof employerSessionSchema>;

/** `pending`: the post waits for review (not on the board yet); `rejected`: the review refused it. */
export const EMPLOYER_JOB_STATUSES = ['live', 'expired', 'closed', 'pending', 'rejected'] as const;
export type EmployerJobStatus = (typeof EMPLOYER_JOB_STATUSES)[number];

/** One of the employer's postings with its state (and, closed, why). */
export const employerJobSchema = jobSchema.extend({
  status: z.enum(EMPLOYER_JOB_STATUSES),
  closedReason: z.enum(JOB_CLOSED_REASONS).nullable(),
  /**
   * YYYY-MM-DD, the last day the posting is on the board: its closing date, or for a public
   * posting without one, the day its time on the board ends; null when it does not expire.
   */
  expiresOn: isoDateSchema.nullable(),
  /** True while an edit of this live posting waits for review (the live version shows meanwhile). */
  editPending: z.boolean().optional(),
  /** Why the review rejected the post (status `rejected`). */
  rejectionReason: z.string().optional(),
});
export type EmployerJob = z.infer<typeof employerJobSchema>;
export const employerJobListResponseSchema = z.array(employerJobSchema);

/** Body of POST /api/employer/jobs/{id}/close. */
export const employerCloseRequestSchema = z.strictObject({
  outcome: z.enum(EMPLOYER_CLOSE_OUTCOMES, MESSAGES.invalidInput),
});
export type EmployerCloseRequest = z.infer<typeof employerCloseRequestSchema>;

/** Body of POST /api/employer/jobs/{id}/extend. */
export const employerExtendRequestSchema = z.strictObject({
  closingDate: isoDateSchema,
});
export type EmployerExtendRequest = z.infer<typeof employerExtendRequestSchema>;

/** Body of POST /api/employer/extend-link: the token of an expiry reminder's one-click extend link. */
export const employerExtendLinkRequestSchema = z.strictObject({
  token: requiredText(EMPLOYER_MESSAGES.extendLinkInvalid, textLimit('Token', 200)),
});
export type EmployerExtendLinkRequest = z.infer<typeof employerExtendLinkRequestSchema>;
