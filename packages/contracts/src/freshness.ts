import { z } from 'zod';
import { FEATURED_FUNCTIONS } from './constants.js';
import { adminJobSchema } from './entities.js';
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
