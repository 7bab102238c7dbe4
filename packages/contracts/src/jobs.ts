import { z } from 'zod';
import {
  DEFAULT_JOB_SOURCE,
  JOBS_CURSOR_MAX,
  JOBS_PAGE_LIMIT_DEFAULT,
  JOBS_PAGE_LIMIT_MAX,
  SALARY_MAX_USD,
  TEXT_MAX_LENGTH,
} from './constants.js';
import { adminJobSchema, jobSchema } from './entities.js';
import {
  adminSourceChoiceSchema,
  employmentTypeSchema,
  experienceLevelSchema,
  jobClearanceSchema,
  jobFunctionSchema,
  polygraphSchema,
  salaryPeriodSchema,
  sectorSchema,
} from './enum-schemas.js';
import {
  ADMIN_SOURCE_CHOICES,
  EMPLOYER_TYPES,
  EMPLOYMENT_TYPES,
  EXPERIENCE_LEVELS,
  JOB_CLEARANCES,
  JOB_FUNCTIONS,
  POSTED_WITHIN_DAYS,
  SALARY_FILTER_OPTIONS,
  SECTORS,
  WORKPLACES,
  type JobSort,
  type PostedWithinDays,
  type SalaryPeriod,
} from './enums.js';
import {
  isoDateTimeSchema,
  isoDateSchema,
  jobIdSchema,
  optionalAmount,
  optionalChoice,
  optionalDate,
  optionalEmail,
  optionalHttpUrl,
  optionalRemoteDays,
  optionalText,
  remoteDaysSchema,
  requiredHttpUrl,
  requiredText,
  textLimit,
} from './fields.js';
import { MESSAGES } from './messages.js';
import { POST_HONEYPOT_FIELD, POST_PROOF_FIELD, POST_PROOF_MAX_LENGTH } from './review.js';

const requiredSectorSchema = z.enum(SECTORS, MESSAGES.sectorRequired);

const TITLE_LIMIT = textLimit('Title', TEXT_MAX_LENGTH.name);
const COMPANY_LIMIT = textLimit('Company', TEXT_MAX_LENGTH.name);
const LOCATION_LIMIT = textLimit('Location', TEXT_MAX_LENGTH.name);
const DESCRIPTION_LIMIT = textLimit('Description', TEXT_MAX_LENGTH.description, true);
const SEARCH_LIMIT = textLimit('Search', TEXT_MAX_LENGTH.search);

const CUSTOMER_LIMIT = textLimit('Customer', TEXT_MAX_LENGTH.customer);

/** Issue 20's optional B2G fields, the same in the public post and the admin form. */
const b2gJobRequestFields = {
  clearance: optionalChoice(jobClearanceSchema),
  polygraph: optionalChoice(polygraphSchema),
  salaryMin: optionalAmount(SALARY_MAX_USD.year, MESSAGES.salaryInvalid),
  salaryMax: optionalAmount(SALARY_MAX_USD.year, MESSAGES.salaryInvalid),
  /** Defaults to `year` when an amount is given without it. */
  salaryPeriod: optionalChoice(salaryPeriodSchema),
  closingDate: optionalDate(MESSAGES.closingDateInvalid),
  employmentType: optionalChoice(employmentTypeSchema),
  customer: optionalText(CUSTOMER_LIMIT),
};

interface Pay {
  salaryMin?: number | undefined;
  salaryMax?: number | undefined;
  salaryPeriod?: SalaryPeriod | undefined;
}

/** Pay across fields: the minimum is not above the maximum; an hourly rate stays an hourly rate. */
const checkPay = (pay: Pay, ctx: z.RefinementCtx) => {
  if (pay.salaryMin !== undefined && pay.salaryMax !== undefined && pay.salaryMin > pay.salaryMax)
    ctx.addIssue({ code: 'custom', message: MESSAGES.salaryMinAboveMax, path: ['salaryMax'] });
  if (pay.salaryPeriod !== 'hour') return;
  for (const field of ['salaryMin', 'salaryMax'] as const) {
    const amount = pay[field];
    if (amount !== undefined && amount > SALARY_MAX_USD.hour)
      ctx.addIssue({ code: 'custom', message: MESSAGES.hourlySalaryTooHigh, path: [field] });
  }
};

const publicJobPostFields = {
  title: requiredText(MESSAGES.titleRequired, TITLE_LIMIT),
  company: requiredText(MESSAGES.companyRequired, COMPANY_LIMIT),
  location: requiredText(MESSAGES.locationRequired, LOCATION_LIMIT),
  description: requiredText(MESSAGES.descriptionRequired, DESCRIPTION_LIMIT),
  url: requiredHttpUrl(MESSAGES.applicationUrlRequired),
  sector: requiredSectorSchema,
  remoteDays: optionalRemoteDays(),
  isAgencyRole: z.boolean().default(false),
  experienceLevel: optionalChoice(experienceLevelSchema),
  jobFunction: optionalChoice(jobFunctionSchema),
  ...b2gJobRequestFields,
};

/** The public "Job Details" form; `terms` is checked here and never sent. */
export const publicJobPostFormSchema = z
  .object({
    ...publicJobPostFields,
    source: optionalChoice(adminSourceChoiceSchema),
    terms: z.literal(true, MESSAGES.termsRequired),
  })
  .superRefine(checkPay);
export type PublicJobPostForm = z.input<typeof publicJobPostFormSchema>;
export type PublicJobPost = z.output<typeof publicJobPostFormSchema>;

const publicJobRequestFields = {
  ...publicJobPostFields,
  source: adminSourceChoiceSchema.default(DEFAULT_JOB_SOURCE),
};

/** Body of POST /api/jobs; `posterEmail` (optional) is where the sign-in link to manage it goes. */
export const createJobRequestSchema = z
  .strictObject({
    ...publicJobRequestFields,
    posterEmail: optionalEmail(MESSAGES.emailInvalid),
    /** Risk signals only: a filled honeypot or a missing proof of work is scored, never refused. */
    [POST_HONEYPOT_FIELD]: z.string().max(TEXT_MAX_LENGTH.name).optional(),
    [POST_PROOF_FIELD]: z.string().max(POST_PROOF_MAX_LENGTH).optional(),
  })
  .superRefine(checkPay);
export type CreateJobRequest = z.infer<typeof createJobRequestSchema>;

/** Body of PATCH /api/employer/jobs/{id}: the public post's fields and rules, the poster aside. */
export const employerJobUpdateRequestSchema = z
  .strictObject(publicJobRequestFields)
  .superRefine(checkPay);
export type EmployerJobUpdateRequest = z.infer<typeof employerJobUpdateRequestSchema>;

const adminJobFields = {
  title: requiredText(MESSAGES.titleRequired, TITLE_LIMIT),
  company: requiredText(MESSAGES.companyRequired, COMPANY_LIMIT),
  location: requiredText(MESSAGES.locationRequired, LOCATION_LIMIT),
  /** Required as on the public form: a job without it leaves no way to apply. */
  url: requiredHttpUrl(MESSAGES.urlInvalid),
  description: optionalText(DESCRIPTION_LIMIT),
  sector: requiredSectorSchema,
  employerType: z.enum(EMPLOYER_TYPES, MESSAGES.employerTypeRequired),
  experienceLevel: optionalChoice(experienceLevelSchema),
  jobFunction: optionalChoice(jobFunctionSchema),
  isAgencyRole: z.boolean().default(false),
  isRemote: z.boolean().default(false),
  remoteDays: optionalRemoteDays(),
  source: z.enum(ADMIN_SOURCE_CHOICES, MESSAGES.invalidInput).default(DEFAULT_JOB_SOURCE),
  link: optionalHttpUrl(),
  poster: optionalText(textLimit('Poster', TEXT_MAX_LENGTH.name)),
  applyUrl: optionalHttpUrl(),
  ...b2gJobRequestFields,
};

/**
 * The admin Add/Edit dialog. `postedAt` may come from a datetime-local input (local time, no
 * offset) and leaves as an ISO string, so the parsed form is the request body.
 */
export const adminJobFormSchema = z
  .object({
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
  })
  .superRefine(checkPay);
export type AdminJobForm = z.input<typeof adminJobFormSchema>;

/** Body of POST /api/admin/jobs and PUT /api/admin/jobs/{id}. */
export const adminJobRequestSchema = z
  .strictObject({
    ...adminJobFields,
    postedAt: isoDateTimeSchema.optional(),
  })
  .superRefine(checkPay);
export type AdminJobRequest = z.infer<typeof adminJobRequestSchema>;

/** A filter of GET /api/jobs: one of `values`; blank and 'all' mean "no filter". */
const filterOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .enum(['', 'all', ...values])
    .optional()
    .transform((value) => (value === '' || value === 'all' ? undefined : (value as T[number])));

/**
 * GET /api/jobs (and /api/jobs/facets) query: blank values and 'all' mean "no filter". `sort`
 * 'date' is the older name of 'newest'. `cursor` (from X-Next-Cursor) continues after a page
 * instead of `offset`.
 */
export const jobsQuerySchema = z.strictObject({
  search: optionalText(SEARCH_LIMIT),
  location: optionalText(LOCATION_LIMIT),
  sector: filterOf(SECTORS),
  jobFunction: filterOf(JOB_FUNCTIONS),
  employerType: filterOf(EMPLOYER_TYPES),
  experienceLevel: filterOf(EXPERIENCE_LEVELS),
  remote: filterOf(WORKPLACES),
  /** "At most this clearance": jobs needing this level or less (a job without one needs none). */
  clearance: filterOf(JOB_CLEARANCES),
  employmentType: filterOf(EMPLOYMENT_TYPES),
  /**
   * Annual USD: jobs whose top of range (or minimum, without a maximum) is at least this, hourly
   * pay annualised at HOURS_PER_YEAR; jobs without pay are left out.
   */
  salaryMin: z
    .string()
    .regex(/^\d{0,8}$/, MESSAGES.salaryInvalid)
    .optional()
    .transform((value) => (value ? Number(value) : undefined))
    .pipe(z.number().max(SALARY_MAX_USD.year, MESSAGES.salaryInvalid).optional()),
  postedWithin: z
    .enum(['', ...POSTED_WITHIN_DAYS.map(String)])
    .optional()
    .transform((value) => (value ? (Number(value) as PostedWithinDays) : undefined)),
  limit: z.coerce.number().int().min(1).max(JOBS_PAGE_LIMIT_MAX).default(JOBS_PAGE_LIMIT_DEFAULT),
  offset: z.coerce.number().int().min(0).default(0),
  sort: z
    .enum(['relevance', 'newest', 'date'])
    .optional()
    .transform((value): JobSort | undefined => (value === 'date' ? 'newest' : value)),
  cursor: z
    .string()
    .max(JOBS_CURSOR_MAX)
    .regex(/^[\w-]+$/, 'Invalid cursor')
    .optional(),
});
export type JobsQuery = z.infer<typeof jobsQuerySchema>;

export const adminJobsQuerySchema = z.strictObject({
  include_deleted: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  search: optionalText(SEARCH_LIMIT),
  /** `pending`: the posts (and held edits) waiting for review, with their signals. */
  status: z.enum(['pending'], MESSAGES.invalidInput).optional(),
});

export const forceDeleteQuerySchema = z.strictObject({
  force: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

export const jobIdParamSchema = z.object({ id: jobIdSchema });

/**
 * Any syntactically valid http(s) URL: whether an address may be fetched (no loopback, private or
 * metadata hosts) is the jobs service's SSRF policy, which answers its own clear message.
 */
export const extractFromUrlRequestSchema = z.strictObject({
  url: requiredText(MESSAGES.autoFillUrlRequired, textLimit('URL', TEXT_MAX_LENGTH.url)).pipe(
    z.url({ protocol: /^https?$/, error: MESSAGES.urlInvalid }),
  ),
});

/** What auto fill could read from a posting; every field may be missing. */
export const extractedJobSchema = z
  .object({
    title: z.string(),
    company: z.string(),
    location: z.string(),
    description: z.string(),
    sector: sectorSchema,
    experienceLevel: experienceLevelSchema,
    jobFunction: jobFunctionSchema,
    remoteDays: remoteDaysSchema,
    salaryMin: z.number().min(0),
    salaryMax: z.number().min(0),
    salaryPeriod: salaryPeriodSchema,
    closingDate: isoDateSchema,
    employmentType: employmentTypeSchema,
  })
  .partial();
export type ExtractedJob = z.infer<typeof extractedJobSchema>;

/** Where the search words matched: [start, end) character ranges of the plain text (never markup). */
export const jobHighlightsSchema = z.object({
  title: z.array(z.tuple([z.int().min(0), z.int().min(0)])).optional(),
  description: z.array(z.tuple([z.int().min(0), z.int().min(0)])).optional(),
});
export type JobHighlights = z.infer<typeof jobHighlightsSchema>;

/** One job of GET /api/jobs: the job, plus where a search matched it. */
export const jobListItemSchema = jobSchema.extend({ highlights: jobHighlightsSchema.optional() });
export type JobListItem = z.infer<typeof jobListItemSchema>;

export const jobListResponseSchema = z.array(jobListItemSchema);

const SALARY_FILTER_KEYS = SALARY_FILTER_OPTIONS.map(String) as [string, ...string[]];

const counts = <T extends readonly [string, ...string[]]>(values: T) =>
  z.record(z.enum(values), z.int().min(0));

/**
 * GET /api/jobs/facets: how many jobs each filter option would give, with the other filters (and
 * the search) as asked; `total` matches every filter.
 */
export const jobFacetsResponseSchema = z.object({
  total: z.int().min(0),
  facets: z.object({
    sector: counts(SECTORS),
    jobFunction: counts(JOB_FUNCTIONS),
    employerType: counts(EMPLOYER_TYPES),
    experienceLevel: counts(EXPERIENCE_LEVELS),
    remote: counts(WORKPLACES),
    /** Cumulative, as the filter: `secret` counts the jobs needing none, public trust or secret. */
    clearance: counts(JOB_CLEARANCES),
    employmentType: counts(EMPLOYMENT_TYPES),
    /** Per SALARY_FILTER_OPTIONS amount (as text): the jobs `salaryMin=<amount>` gives. */
    salaryMin: counts(SALARY_FILTER_KEYS),
  }),
});
export type JobFacetsResponse = z.infer<typeof jobFacetsResponseSchema>;
export type JobFacets = JobFacetsResponse['facets'];
export const adminJobListResponseSchema = z.array(adminJobSchema);
