// The enumerations' values, types and labels, without zod: a page that only shows them (the home
// page) does not load zod. Their schemas are in enum-schemas.ts.
export const CLEARANCE_LEVELS = ['none', 'secret', 'top_secret', 'ts_sci'] as const;
export type ClearanceLevel = (typeof CLEARANCE_LEVELS)[number];

export const APPLICATION_STATUSES = [
  'applied',
  'under_review',
  'interview_scheduled',
  'rejected',
  'offer_received',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const APPLICATION_METHODS = [
  'company_website',
  'email',
  'portal',
  'recruiter',
  'referral',
  'other',
] as const;
export type ApplicationMethod = (typeof APPLICATION_METHODS)[number];

export const SECTORS = ['FEDERAL', 'STATE_LOCAL', 'EDUCATION', 'BOTH'] as const;
export type Sector = (typeof SECTORS)[number];

export const EMPLOYER_TYPES = [
  'INTEGRATOR',
  'CONSULTANCY',
  'SOFTWARE',
  'MEDIA_EVENTS',
  'OTHER_B2G',
] as const;
export type EmployerType = (typeof EMPLOYER_TYPES)[number];

export const EXPERIENCE_LEVELS = ['entry', 'mid', 'senior'] as const;
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];

export const JOB_FUNCTIONS = ['sales', 'marketing', 'technical'] as const;
export type JobFunction = (typeof JOB_FUNCTIONS)[number];

/** Where the work happens, as job search filters and counts it (from `isRemote` and `remoteDays`). */
export const WORKPLACES = ['remote', 'hybrid', 'on-site'] as const;
export type Workplace = (typeof WORKPLACES)[number];

/** `postedWithin` choices of job search, in days. */
export const POSTED_WITHIN_DAYS = [1, 7, 30] as const;
export type PostedWithinDays = (typeof POSTED_WITHIN_DAYS)[number];

/** Job search orders: most relevant first (the default with a search text) or newest first. */
/** Why an employer closed their posting early: hired through the board, elsewhere, or not hiring. */
export const EMPLOYER_CLOSE_OUTCOMES = ['filled_here', 'filled_elsewhere', 'not_hiring'] as const;
export type EmployerCloseOutcome = (typeof EMPLOYER_CLOSE_OUTCOMES)[number];

/**
 * Why a job was closed: the freshness checker found its source answering 404/410 or no longer
 * listing it (`gone`), or its closing date passed (`expired`); or its employer closed it early.
 */
export const JOB_CLOSED_REASONS = ['gone', 'expired', ...EMPLOYER_CLOSE_OUTCOMES] as const;
export type JobClosedReason = (typeof JOB_CLOSED_REASONS)[number];

export const JOB_SORTS = ['relevance', 'newest'] as const;
export type JobSort = (typeof JOB_SORTS)[number];

/** Security clearance a job requires, lowest first: a search filter means "at most". */
export const JOB_CLEARANCES = ['none', 'public_trust', 'secret', 'top_secret', 'ts_sci'] as const;
export type JobClearance = (typeof JOB_CLEARANCES)[number];

/** Polygraph a job requires. */
export const POLYGRAPHS = ['none', 'ci', 'full_scope'] as const;
export type Polygraph = (typeof POLYGRAPHS)[number];

/** What a job's salary amounts are per (USD). */
export const SALARY_PERIODS = ['year', 'hour'] as const;
export type SalaryPeriod = (typeof SALARY_PERIODS)[number];

export const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'contract', 'temporary'] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];

/** Minimum annual pay choices of the job search's salary select (USD a year). */
export const SALARY_FILTER_OPTIONS = [50_000, 75_000, 100_000, 125_000, 150_000, 200_000] as const;

export const ADMIN_SOURCE_CHOICES = [
  'Direct Post',
  'linkedin',
  'greenhouse',
  'lever',
  'smartrecruiters',
  'other',
] as const;
export type AdminSourceChoice = (typeof ADMIN_SOURCE_CHOICES)[number];

/** Texts of the /jobs sector select. */
export const SECTOR_LABELS = {
  FEDERAL: 'Federal',
  STATE_LOCAL: 'State & Local',
  EDUCATION: 'Education',
  BOTH: 'Both - Federal & SLED',
} as const satisfies Record<Sector, string>;

export const JOB_FUNCTION_LABELS = {
  sales: 'Sales',
  marketing: 'Marketing',
  technical: 'Technical',
} as const satisfies Record<JobFunction, string>;

export const JOB_CLEARANCE_LABELS = {
  none: 'None',
  public_trust: 'Public Trust',
  secret: 'Secret',
  top_secret: 'Top Secret',
  ts_sci: 'TS/SCI',
} as const satisfies Record<JobClearance, string>;

export const POLYGRAPH_LABELS = {
  none: 'None',
  ci: 'CI Polygraph',
  full_scope: 'Full Scope Polygraph',
} as const satisfies Record<Polygraph, string>;

/** How a salary reads after its amounts: "$120k–$150k a year". */
export const SALARY_PERIOD_LABELS = {
  year: 'a year',
  hour: 'an hour',
} as const satisfies Record<SalaryPeriod, string>;

export const EMPLOYMENT_TYPE_LABELS = {
  full_time: 'Full-time',
  part_time: 'Part-time',
  contract: 'Contract',
  temporary: 'Temporary',
} as const satisfies Record<EmploymentType, string>;

/** Employer types as filters and forms name them. */
export const EMPLOYER_TYPE_LABELS = {
  INTEGRATOR: 'Integrator',
  CONSULTANCY: 'Consultancy',
  SOFTWARE: 'Software',
  MEDIA_EVENTS: 'Media & Events',
  OTHER_B2G: 'Other B2G',
} as const satisfies Record<EmployerType, string>;

export const EXPERIENCE_LEVEL_LABELS = {
  entry: 'Entry Level',
  mid: 'Mid Level',
  senior: 'Senior Level',
} as const satisfies Record<ExperienceLevel, string>;

export const WORKPLACE_LABELS = {
  remote: 'Remote',
  hybrid: 'Hybrid',
  'on-site': 'On-site',
} as const satisfies Record<Workplace, string>;

/**
 * An enumeration value as it reads where no label table names it (the dashboard's status badge,
 * the activity feed): underscores become spaces, words capitalised (`interview_scheduled` →
 * `Interview Scheduled`, spec §2).
 */
export function humanize(value: string): string {
  return value
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
