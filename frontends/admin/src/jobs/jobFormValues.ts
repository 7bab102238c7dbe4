import {
  ADMIN_JOB_FORM_DEFAULTS,
  ADMIN_SOURCE_CHOICES,
  DEFAULT_JOB_SOURCE,
  EMPLOYER_TYPE_LABELS,
  EMPLOYER_TYPES,
  EXPERIENCE_LEVELS,
  REMOTE_DAYS_MAX,
  REMOTE_DAYS_MIN,
  SECTOR_LABELS,
  SECTORS,
  type AdminJob,
  type AdminJobForm,
  type ExperienceLevel,
} from '@b2g/contracts';
import type { DefaultValues } from 'react-hook-form';

const EXPERIENCE_LABELS: Record<ExperienceLevel, string> = {
  entry: 'Entry level',
  mid: 'Mid level',
  senior: 'Senior level',
};

export const SECTOR_OPTIONS = SECTORS.map((value) => ({ value, label: SECTOR_LABELS[value] }));
export const EMPLOYER_TYPE_OPTIONS = EMPLOYER_TYPES.map((value) => ({
  value,
  label: EMPLOYER_TYPE_LABELS[value],
}));
export const EXPERIENCE_OPTIONS = EXPERIENCE_LEVELS.map((value) => ({
  value,
  label: EXPERIENCE_LABELS[value],
}));
export const SOURCE_OPTIONS = ADMIN_SOURCE_CHOICES.map((value) => ({ value, label: value }));

/** The remote-days select: "not set" plus 1 to 5 days a week (5 = fully remote). */
export const NO_REMOTE_DAYS = 'none';
export const REMOTE_DAYS_OPTIONS = [
  { value: NO_REMOTE_DAYS, label: 'Not set' },
  ...Array.from({ length: REMOTE_DAYS_MAX - REMOTE_DAYS_MIN + 1 }, (_, index) => {
    const days = REMOTE_DAYS_MIN + index;
    const label =
      days === REMOTE_DAYS_MAX
        ? `${days} days/week (fully remote)`
        : `${days} ${days === 1 ? 'day' : 'days'}/week`;
    return { value: String(days), label };
  }),
];

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO date-time as a datetime-local input's value (local time, to the minute). */
export function toDateTimeLocal(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** An empty Add Job form with the spec §9 defaults. */
export function newJobFormValues(): DefaultValues<AdminJobForm> {
  return {
    title: '',
    company: '',
    location: '',
    url: '',
    description: '',
    ...ADMIN_JOB_FORM_DEFAULTS,
    source: DEFAULT_JOB_SOURCE,
    isAgencyRole: false,
    isRemote: false,
    remoteDays: null,
    postedAt: '',
  };
}

/**
 * The Edit form of a job. An update replaces every field, so the fields the dialog does not show
 * (link, poster, applyUrl) ride along unchanged.
 */
export function jobFormValues(job: AdminJob): DefaultValues<AdminJobForm> {
  return {
    title: job.title,
    company: job.company,
    location: job.location,
    url: job.url ?? '',
    description: job.description,
    sector: job.sector,
    // A job without an employer type must be given one: the select starts empty.
    employerType: job.employerType ?? undefined,
    experienceLevel: job.experienceLevel,
    jobFunction: job.jobFunction,
    // A source outside the admin choices (e.g. an import) must be picked again.
    source: job.source as AdminJobForm['source'],
    isAgencyRole: job.isAgencyRole,
    isRemote: job.isRemote,
    remoteDays: job.remoteDays,
    postedAt: toDateTimeLocal(job.postedAt),
    link: job.link,
    poster: job.poster,
    applyUrl: job.applyUrl,
    clearance: job.clearance,
    polygraph: job.polygraph,
    salaryMin: job.salaryMin,
    salaryMax: job.salaryMax,
    salaryPeriod: job.salaryPeriod,
    closingDate: job.closingDate,
    employmentType: job.employmentType,
    customer: job.customer,
  };
}
