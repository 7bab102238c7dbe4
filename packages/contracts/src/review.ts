import { z } from 'zod';
import { adminJobSchema, jobSchema } from './entities.js';
import { isoDateTimeSchema, jobIdSchema, requiredText, textLimit } from './fields.js';
import { MESSAGES } from './messages.js';

/**
 * POSTING_REVIEW: `risky` holds a public post whose risk score reaches the threshold, `all` holds
 * every public post, `none` publishes every post at once (the spec's behaviour).
 */
export const POSTING_REVIEW_POLICIES = ['risky', 'all', 'none'] as const;
export type PostingReviewPolicy = (typeof POSTING_REVIEW_POLICIES)[number];

/** Whether a public post is on the board now or waits for the admin. */
export const PUBLIC_POST_STATUSES = ['live', 'pending'] as const;
export type PublicPostStatus = (typeof PUBLIC_POST_STATUSES)[number];

/** Answer of POST /api/jobs: the spec's job, and its status beside it. */
export const createJobResponseSchema = jobSchema.extend({
  status: z.enum(PUBLIC_POST_STATUSES),
});
export type CreateJobResponse = z.infer<typeof createJobResponseSchema>;

/**
 * The public form's honeypot: a field hidden from people (off-screen, no tab stop, autocomplete
 * off). Anything in it is a risk signal, never a refusal.
 */
export const POST_HONEYPOT_FIELD = 'faxNumber';
/** The public post's proof-of-work answer (an ALTCHA payload, base64 JSON). */
export const POST_PROOF_FIELD = 'altcha';
export const POST_PROOF_MAX_LENGTH = 2000;

/** Every risk signal a public post (or an employer's edit) can raise. */
export const RISK_SIGNALS = [
  'no_email',
  'email_unverified',
  'free_mail',
  'domain_mismatch',
  'apply_ip_literal',
  'apply_shortener',
  'apply_not_https',
  'apply_denied',
  'near_duplicate',
  'domain_volume',
  'client_volume',
  'contact_in_description',
  'many_links',
  'scam_phrasing',
  'agency_role',
  'honeypot',
  'no_proof_of_work',
] as const;
export type RiskSignalName = (typeof RISK_SIGNALS)[number];

/** One raised signal: its weight in the score and what raised it (shown to the admin). */
export const riskSignalSchema = z.object({
  signal: z.enum(RISK_SIGNALS),
  weight: z.number(),
  evidence: z.string(),
});
export type RiskSignal = z.infer<typeof riskSignalSchema>;

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** What the review keeps of a scored post: its score, its signals and the admin's decision. */
export const reviewSchema = z.object({
  status: z.enum(REVIEW_STATUSES),
  score: z.number(),
  signals: z.array(riskSignalSchema),
  submittedAt: isoDateTimeSchema,
  decidedAt: isoDateTimeSchema.nullable(),
  /** The reason given with a rejection (sent to the poster). */
  reason: z.string().nullable(),
  /** Set when this is an employer's edit of a live posting, held while the live version stays. */
  editOf: jobIdSchema.nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

/** One post of GET /api/admin/jobs?status=pending: the job as it would go live, and its review. */
export const reviewItemSchema = adminJobSchema.omit({ hash: true }).extend({
  review: reviewSchema,
  posterEmail: z.string().nullable(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;
export const reviewListResponseSchema = z.array(reviewItemSchema);

export const REVIEW_MESSAGES = {
  /** Added to the post page's success screen (the spec's texts stay) when the post waits. */
  pendingNotice:
    'Your job will appear on the board once it has been reviewed, usually within a day. We will e-mail you when it is live.',
  /** The same, for a post without an address to write to. */
  pendingNoticeNoEmail:
    'Your job will appear on the board once it has been reviewed, usually within a day.',
  /** A post, edit or sign-in link from a banned e-mail domain or apply host. */
  banned: 'Posts from this address or website are not accepted.',
  notPending: 'This posting is not waiting for review',
  reasonRequired: 'Please give a reason for the rejection',
  banValueInvalid: 'Enter a domain name such as example.com',
  approved: 'Job approved',
  rejected: 'Job rejected',
  banAdded: 'Ban added',
  banRemoved: 'Ban removed',
} as const;

export const REJECTION_REASON_LIMIT = textLimit('Reason', 500, true);

/** Body of POST /api/admin/jobs/{id}/reject. */
export const rejectRequestSchema = z.strictObject({
  reason: requiredText(REVIEW_MESSAGES.reasonRequired, REJECTION_REASON_LIMIT),
});
export type RejectRequest = z.infer<typeof rejectRequestSchema>;

/** A ban covers every address at an e-mail domain, or every apply URL on a host. */
export const BAN_KINDS = ['email_domain', 'apply_host'] as const;
export type BanKind = (typeof BAN_KINDS)[number];

/** A lowercase DNS name of at least two labels (no scheme, path, port or IP literal). */
export const banValueSchema = z
  .string(REVIEW_MESSAGES.banValueInvalid)
  .trim()
  .toLowerCase()
  .max(253, REVIEW_MESSAGES.banValueInvalid)
  .regex(
    /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/,
    REVIEW_MESSAGES.banValueInvalid,
  );

/** Body of POST /api/admin/bans. Banning rejects the matching pending and live posts. */
export const banRequestSchema = z.strictObject({
  kind: z.enum(BAN_KINDS, MESSAGES.invalidInput),
  value: banValueSchema,
});
export type BanRequest = z.infer<typeof banRequestSchema>;

export const banSchema = z.object({
  id: z.string(),
  kind: z.enum(BAN_KINDS),
  value: z.string(),
  createdAt: isoDateTimeSchema,
  /** How many pending and live posts the ban rejected when it was added. */
  rejectedPosts: z.number().int().min(0),
});
export type Ban = z.infer<typeof banSchema>;
export const banListResponseSchema = z.array(banSchema);

/** GET /api/jobs/post-challenge: an ALTCHA proof-of-work challenge for the public form. */
export const postChallengeSchema = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().int().optional(),
  salt: z.string(),
  signature: z.string(),
});
export type PostChallenge = z.infer<typeof postChallengeSchema>;
