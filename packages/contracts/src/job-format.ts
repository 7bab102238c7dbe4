// How a job's B2G terms read on a card or a page, without zod (the public pages load this).
import {
  JOB_CLEARANCE_LABELS,
  POLYGRAPH_LABELS,
  SALARY_PERIOD_LABELS,
  type JobClearance,
  type Polygraph,
  type SalaryPeriod,
} from './enums.js';

const THOUSAND = 1_000;

// Amounts and days written by hand, not with Intl: a page's first Intl formatter loads the ICU
// data, 12–30 ms of the main thread in Chromium (50–120 ms on Lighthouse's phone), in the task
// that shows the job cards. The tests hold these to Intl's en-US output.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `amount` as en-US writes it: a comma every three digits, `fractionDigits` decimals if given. */
export function enUsNumber(amount: number, fractionDigits?: number): string {
  const [whole = '', fraction] = (
    fractionDigits === undefined ? String(amount) : amount.toFixed(fractionDigits)
  ).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** `$120k` for yearly amounts of a thousand or more, else `$65` or `$80.50`. */
export function formatUsd(amount: number, period: SalaryPeriod): string {
  if (period === 'year' && amount >= THOUSAND) {
    const thousands = Math.round((amount / THOUSAND) * 10) / 10;
    return `$${enUsNumber(thousands)}k`;
  }
  return `$${enUsNumber(amount, Number.isInteger(amount) ? undefined : 2)}`;
}

export interface SalaryTerms {
  salaryMin?: number | null | undefined;
  salaryMax?: number | null | undefined;
  salaryPeriod?: SalaryPeriod | null | undefined;
}

/**
 * A job's pay as it reads: "$120k–$150k a year", "$65–$80 an hour", "From $95k a year", "Up to
 * $80 an hour"; undefined without pay.
 */
export function formatSalary(job: SalaryTerms): string | undefined {
  const period = job.salaryPeriod ?? 'year';
  const min = job.salaryMin ?? undefined;
  const max = job.salaryMax ?? undefined;
  const per = SALARY_PERIOD_LABELS[period];
  if (min !== undefined && max !== undefined && min !== max)
    return `${formatUsd(min, period)}–${formatUsd(max, period)} ${per}`;
  if (min !== undefined && max !== undefined) return `${formatUsd(min, period)} ${per}`;
  if (min !== undefined) return `From ${formatUsd(min, period)} ${per}`;
  if (max !== undefined) return `Up to ${formatUsd(max, period)} ${per}`;
  return undefined;
}

/** What an annual amount of the salary filter reads: "$100k+ a year". */
export function salaryFilterLabel(annual: number): string {
  return `${formatUsd(annual, 'year')}+ a year`;
}

/**
 * A job's clearance line: "Top Secret · Full Scope Polygraph", "No clearance required";
 * undefined when the job does not say.
 */
export function formatClearance(job: {
  clearance?: JobClearance | null | undefined;
  polygraph?: Polygraph | null | undefined;
}): string | undefined {
  if (!job.clearance) return undefined;
  if (job.clearance === 'none') return 'No clearance required';
  const polygraph =
    job.polygraph && job.polygraph !== 'none' ? ` · ${POLYGRAPH_LABELS[job.polygraph]}` : '';
  return `${JOB_CLEARANCE_LABELS[job.clearance]} clearance${polygraph}`;
}

/** A closing date (YYYY-MM-DD) as it reads: "Closes Jun 30, 2030" (the calendar day, any time zone). */
export function formatClosingDate(closingDate: string): string {
  const day = new Date(`${closingDate}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return `Closes ${closingDate}`;
  return `Closes ${MONTHS[day.getUTCMonth()]} ${day.getUTCDate()}, ${day.getUTCFullYear()}`;
}

/** The path of a job's page on the site. */
export const jobPagePath = (id: string) => `/jobs/${encodeURIComponent(id)}`;

/**
 * The GET request for a job's page. One function for the page that reads it and the shell that
 * starts that read early, so both ask for the same URL; the id is encoded, since the router
 * decodes the address and a crafted one (/jobs/..%2Fadmin%2Fjobs) must not aim the read at
 * another API path.
 */
export const jobPageReadPath = (id: string) => `/api/jobs/${encodeURIComponent(id)}/page`;

const DAY_MS = 86_400_000;

/** 'Verified N days ago' of a job's `lastVerifiedAt` ('Verified today' the same day, '1 day'). */
export function verifiedAgoText(lastVerifiedAt: string, now: Date = new Date()): string {
  const days = Math.max(0, Math.floor((now.getTime() - Date.parse(lastVerifiedAt)) / DAY_MS));
  if (days === 0) return 'Verified today';
  return `Verified ${days} ${days === 1 ? 'day' : 'days'} ago`;
}

/** Where jobs come from, as their makers write their names; the key is a job's `source`. */
const SOURCE_NAMES: Readonly<Record<string, string>> = {
  ashby: 'Ashby',
  greenhouse: 'Greenhouse',
  lever: 'Lever',
  linkedin: 'LinkedIn',
  smartrecruiters: 'SmartRecruiters',
  workable: 'Workable',
  workday: 'Workday',
  usajobs: 'USAJOBS',
  indeed: 'Indeed',
  other: 'Other',
};

/** A job's source as a proper name ('greenhouse' reads 'Greenhouse'); any other as it is. */
export function sourceLabel(source: string): string {
  return SOURCE_NAMES[source.trim().toLowerCase()] ?? source;
}
