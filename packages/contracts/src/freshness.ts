import { z } from 'zod';
import { FEATURED_FUNCTIONS } from './constants.js';
import { adminJobSchema } from './entities.js';
import type { JobClosedReason } from './enums.js';
import { isoDateTimeSchema, jobIdSchema } from './fields.js';

/** What the freshness checker found at a job's source. */
export const JOB_CHECK_OUTCOMES = ['open', 'gone', 'expired', 'unavailable'] as const;
export type JobCheckOutcome = (typeof JOB_CHECK_OUTCOMES)[number];

/**
 * POST /api/admin/jobs/{id}/check: `open` (still listed: `lastVerifiedAt` is now), `gone` or
 * `expired` (the job is closed), `unavailable` (the source could not tell: nothing changed).
 */
export const jobCheckResponseSchema = z.object({
  outcome: z.enum(JOB_CHECK_OUTCOMES),
  job: adminJobSchema,
});
export type JobCheckResponse = z.infer<typeof jobCheckResponseSchema>;

/** Descriptions shorter than this make a job less than complete for the home page's featured slot. */
export const FEATURED_MIN_DESCRIPTION_LENGTH = 200;
/** An anonymous (public) post is not featured in its first hour. */
export const FEATURED_ANONYMOUS_DELAY_MS = 60 * 60_000;

export const featuredFunctionParamSchema = z.object({ jobFunction: z.enum(FEATURED_FUNCTIONS) });

/** Body of PUT /api/admin/jobs/featured/{jobFunction}: the job shown in that slot. */
export const featuredPinRequestSchema = z.strictObject({ jobId: jobIdSchema });

const featuredPinSchema = z.object({ jobId: jobIdSchema, pinnedAt: isoDateTimeSchema });

/** GET /api/admin/jobs/featured: the pinned job of each function that has one. */
export const featuredPinsResponseSchema = z.object({
  sales: featuredPinSchema.optional(),
  marketing: featuredPinSchema.optional(),
  technical: featuredPinSchema.optional(),
});
export type FeaturedPinsResponse = z.infer<typeof featuredPinsResponseSchema>;

/** `details` of the 409 refusing a post that repeats an active job: the job it repeats. */
export const duplicateJobDetailsSchema = z.object({ existingJobId: jobIdSchema });

/** How the admin list names why the checker closed a job. */
export const JOB_CLOSED_REASON_LABELS = {
  gone: 'Gone from its source',
  expired: 'Past its closing date',
} as const satisfies Record<JobClosedReason, string>;

/** The toast after the admin's "Check now", per outcome. */
export const JOB_CHECK_OUTCOME_MESSAGES = {
  open: 'Still open at its source: marked verified.',
  gone: 'Gone from its source: the job is closed.',
  expired: 'Past its closing date: the job is closed.',
  unavailable: 'The source could not be read: nothing changed.',
} as const satisfies Record<JobCheckOutcome, string>;
