import type {
  AdminSourceChoice,
  EmployerType,
  ExperienceLevel,
  JobFunction,
  Sector,
} from './enums.js';

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export const PLAN_PRICE_USD_PER_MONTH = 200;
export const REFUND_WINDOW_DAYS = 30;
export const RESET_TOKEN_TTL_MS = HOUR_MS;

export const SESSION_TTL_MS = DAY_MS;
/**
 * The administrator has no user record: an admin sign-in is a session of this (nil UUID) user,
 * so its logout is revoked everywhere by the same session.revoked event as a user's.
 */
export const ADMIN_SESSION_USER_ID = '00000000-0000-0000-0000-000000000000';
/** The cookie that carries the admin's session token (set by POST /api/admin/login). */
export const ADMIN_COOKIE_NAME = 'b2g_admin';
/** Where auth publishes the public keys that verify its session tokens (a JWKS). */
export const JWKS_PATH = '/api/auth/.well-known/jwks.json';
export const REMEMBER_ME_SESSION_TTL_MS = 30 * DAY_MS;

export const REMOTE_DAYS_MIN = 1;
export const REMOTE_DAYS_MAX = 5;

export const PASSWORD_MIN_LENGTH = 8;

/**
 * Longest text the API accepts per kind of field (characters, after trimming). The spec names
 * none but the username's; these keep every request small and a search cheap.
 */
export const TEXT_MAX_LENGTH = {
  search: 200,
  /** Titles, company, location, people's names, the sign-in name. */
  name: 200,
  phone: 40,
  email: 254,
  url: 2048,
  description: 20_000,
  notes: 5_000,
  /** The agency or buyer a job serves. */
  customer: 200,
  password: 256,
  token: 256,
  id: 100,
} as const;
/** Pay limits (USD): above these an amount is a typo, not a salary. */
export const SALARY_MAX_USD = { year: 10_000_000, hour: 5_000 } as const;
/** Hours of a working year: an hourly rate times this is its annual pay (search's salary filter). */
export const HOURS_PER_YEAR = 2_080;

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 20;
export const USERNAME_COLUMN_MAX_LENGTH = 50;

export const DEFAULT_JOB_SOURCE = 'Direct Post' satisfies AdminSourceChoice;

export const ADMIN_JOB_FORM_DEFAULTS = {
  sector: 'FEDERAL',
  employerType: 'INTEGRATOR',
  experienceLevel: 'mid',
  jobFunction: 'marketing',
} as const satisfies {
  sector: Sector;
  employerType: EmployerType;
  experienceLevel: ExperienceLevel;
  jobFunction: JobFunction;
};

/** One featured slot per function, in display order. */
export const FEATURED_FUNCTIONS = [
  'sales',
  'marketing',
  'technical',
] as const satisfies readonly JobFunction[];

export const DNS_RECORD_TTL = '3600';
export const DNS_WIZARD_STEP_COUNT = 5;
export const MX_MIN_RECORDS = 5;
export const DNS_PROPAGATION_GUIDANCE = {
  domain: '5-15 minutes',
  mx: '15 minutes',
} as const;

export const JOBS_PAGE_LIMIT_DEFAULT = 50;
export const JOBS_PAGE_LIMIT_MAX = 100;
/** Offset paging reaches this far into a result list; deeper pages follow `cursor` (X-Next-Cursor). */
export const JOBS_OFFSET_WINDOW = 10_000;
/** Longest `cursor` GET /api/jobs accepts (an opaque token from X-Next-Cursor). */
export const JOBS_CURSOR_MAX = 512;
/** Response header of GET /api/jobs holding the number of all jobs matching the filters (exact). */
export const JOBS_TOTAL_COUNT_HEADER = 'X-Total-Count';
/** Response header of GET /api/jobs when it answered without the search index (newest first from the database). */
export const JOBS_DEGRADED_HEADER = 'X-Search-Degraded';
/** Response header of GET /api/jobs holding the cursor of the page after this one, when there is one. */
export const JOBS_NEXT_CURSOR_HEADER = 'X-Next-Cursor';
