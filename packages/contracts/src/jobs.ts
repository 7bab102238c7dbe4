import { z } from 'zod';
import { DEFAULT_JOB_SOURCE, JOBS_PAGE_LIMIT_DEFAULT, JOBS_PAGE_LIMIT_MAX } from './constants.js';
import { adminJobSchema, jobSchema } from './entities.js';
import {
  adminSourceChoiceSchema,
  experienceLevelSchema,
  jobFunctionSchema,
  sectorSchema,
} from './enum-schemas.js';
import { ADMIN_SOURCE_CHOICES, EMPLOYER_TYPES, JOB_FUNCTIONS, SECTORS } from './enums.js';
import {
  httpUrlSchema,
  isoDateTimeSchema,
  jobIdSchema,
  optionalChoice,
  optionalHttpUrl,
  optionalRemoteDays,
  optionalText,
  remoteDaysSchema,
  requiredText,
} from './fields.js';
import { MESSAGES } from './messages.js';

const requiredSectorSchema = z.enum(SECTORS, MESSAGES.sectorRequired);

const publicJobPostFields = {
  title: requiredText(MESSAGES.titleRequired),
  company: requiredText(MESSAGES.companyRequired),
  location: requiredText(MESSAGES.locationRequired),
  description: requiredText(MESSAGES.descriptionRequired),
  url: requiredText(MESSAGES.applicationUrlRequired).pipe(httpUrlSchema),
  sector: requiredSectorSchema,
  remoteDays: optionalRemoteDays(),
  isAgencyRole: z.boolean().default(false),
  experienceLevel: optionalChoice(experienceLevelSchema),
  jobFunction: optionalChoice(jobFunctionSchema),
};

/** The public "Job Details" form; `terms` is checked here and never sent. */
export const publicJobPostFormSchema = z.object({
  ...publicJobPostFields,
  source: optionalChoice(adminSourceChoiceSchema),
  terms: z.literal(true, MESSAGES.termsRequired),
});
export type PublicJobPostForm = z.input<typeof publicJobPostFormSchema>;
export type PublicJobPost = z.output<typeof publicJobPostFormSchema>;

/** Body of POST /api/jobs. */
export const createJobRequestSchema = z.object({
  ...publicJobPostFields,
  source: adminSourceChoiceSchema.default(DEFAULT_JOB_SOURCE),
});
export type CreateJobRequest = z.infer<typeof createJobRequestSchema>;

const adminJobFields = {
  title: requiredText(MESSAGES.titleRequired),
  company: requiredText(MESSAGES.companyRequired),
  location: requiredText(MESSAGES.locationRequired),
  url: optionalHttpUrl(),
  description: optionalText(),
  sector: requiredSectorSchema,
  employerType: z.enum(EMPLOYER_TYPES, MESSAGES.employerTypeRequired),
  experienceLevel: optionalChoice(experienceLevelSchema),
  jobFunction: optionalChoice(jobFunctionSchema),
  isAgencyRole: z.boolean().default(false),
  isRemote: z.boolean().default(false),
  remoteDays: optionalRemoteDays(),
  source: z.enum(ADMIN_SOURCE_CHOICES, MESSAGES.invalidInput).default(DEFAULT_JOB_SOURCE),
  link: optionalHttpUrl(),
  poster: optionalText(),
  applyUrl: optionalHttpUrl(),
};

/**
 * The admin Add/Edit dialog. `postedAt` may come from a datetime-local input (local time, no
 * offset) and leaves as an ISO string, so the parsed form is the request body.
 */
export const adminJobFormSchema = z.object({
  ...adminJobFields,
  postedAt: z
    .string(MESSAGES.postedAtInvalid)
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .pipe(
      z.iso
        .datetime({ local: true, offset: true, error: MESSAGES.postedAtInvalid })
        .transform((value) => new Date(value).toISOString())
        .optional(),
    ),
});
export type AdminJobForm = z.input<typeof adminJobFormSchema>;

/** Body of POST /api/admin/jobs and PUT /api/admin/jobs/{id}. */
export const adminJobRequestSchema = z.object({
  ...adminJobFields,
  postedAt: isoDateTimeSchema.optional(),
});
export type AdminJobRequest = z.infer<typeof adminJobRequestSchema>;

/** GET /api/jobs query: blank values and 'all' mean "no filter". */
export const jobsQuerySchema = z.object({
  search: optionalText(),
  location: optionalText(),
  sector: z
    .enum(['', 'all', ...SECTORS])
    .optional()
    .transform((value) => (value === '' || value === 'all' ? undefined : value)),
  jobFunction: z
    .enum(['', 'all', ...JOB_FUNCTIONS])
    .optional()
    .transform((value) => (value === '' || value === 'all' ? undefined : value)),
  limit: z.coerce.number().int().min(1).max(JOBS_PAGE_LIMIT_MAX).default(JOBS_PAGE_LIMIT_DEFAULT),
  offset: z.coerce.number().int().min(0).default(0),
  sort: z.enum(['relevance', 'date']).optional(),
});
export type JobsQuery = z.infer<typeof jobsQuerySchema>;

export const adminJobsQuerySchema = z.object({
  include_deleted: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  search: optionalText(),
});
export type AdminJobsQuery = z.infer<typeof adminJobsQuerySchema>;

export const forceDeleteQuerySchema = z.object({
  force: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export type ForceDeleteQuery = z.infer<typeof forceDeleteQuerySchema>;

export const jobIdParamSchema = z.object({ id: jobIdSchema });
export type JobIdParam = z.infer<typeof jobIdParamSchema>;

/**
 * Any syntactically valid http(s) URL: whether an address may be fetched (no loopback, private or
 * metadata hosts) is the jobs service's SSRF policy, which answers its own clear message.
 */
export const extractFromUrlRequestSchema = z.object({
  url: requiredText(MESSAGES.autoFillUrlRequired).pipe(
    z.url({ protocol: /^https?$/, error: MESSAGES.urlInvalid }),
  ),
});
export type ExtractFromUrlRequest = z.infer<typeof extractFromUrlRequestSchema>;

/** What auto fill could read from a posting; every field may be missing. */
export const extractedJobSchema = z.object({
  title: z.string().optional(),
  company: z.string().optional(),
  location: z.string().optional(),
  description: z.string().optional(),
  sector: sectorSchema.optional(),
  experienceLevel: experienceLevelSchema.optional(),
  jobFunction: jobFunctionSchema.optional(),
  remoteDays: remoteDaysSchema.optional(),
});
export type ExtractedJob = z.infer<typeof extractedJobSchema>;

export const jobListResponseSchema = z.array(jobSchema);
export const adminJobListResponseSchema = z.array(adminJobSchema);
