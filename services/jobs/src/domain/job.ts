import { createHash } from 'node:crypto';
import {
  DEFAULT_JOB_SOURCE,
  type AdminJob,
  type EmployerType,
  type EmploymentType,
  type ExperienceLevel,
  type Job,
  type JobClosedReason,
  type JobClearance,
  type JobFunction,
  type Polygraph,
  type SalaryPeriod,
  type Sector,
} from '@b2g/contracts';

/** Who posted a job: anyone through the public form, or the admin. */
export type JobPoster = 'public' | 'admin';

/** Validators of the job's source from its last check (conditional requests). */
export interface SourceValidators {
  etag?: string | undefined;
  lastModified?: string | undefined;
}

/** What the freshness checker and the featured choice keep of a job (absent on older jobs). */
export interface FreshnessFields {
  postedBy?: JobPoster | undefined;
  /** When the checker last found the job open at its source. */
  lastVerifiedAt?: Date | null | undefined;
  /** Why the checker closed the job (null when open or deleted by the admin). */
  closedReason?: JobClosedReason | null | undefined;
  sourceValidators?: SourceValidators | null | undefined;
}

/**
 * Issue 20's B2G fields as stored (null when unknown). Jobs stored before them lack them, hence
 * optional.
 */
export interface B2gJobFields {
  clearance?: JobClearance | null;
  polygraph?: Polygraph | null;
  salaryMin?: number | null;
  salaryMax?: number | null;
  salaryPeriod?: SalaryPeriod | null;
  /** YYYY-MM-DD: the last day applications are taken. */
  closingDate?: string | null;
  employmentType?: EmploymentType | null;
  customer?: string | null;
}

/** What a request may say of the B2G fields (absent = unknown). */
export type B2gJobInput = {
  [K in keyof B2gJobFields]?: Exclude<B2gJobFields[K], null> | undefined;
};

/** The stored B2G fields of a request: a salary without a period is a year's. */
export function b2gFieldsOf(input: B2gJobInput): Required<B2gJobFields> {
  const paid = input.salaryMin !== undefined || input.salaryMax !== undefined;
  return {
    clearance: input.clearance ?? null,
    polygraph: input.polygraph ?? null,
    salaryMin: input.salaryMin ?? null,
    salaryMax: input.salaryMax ?? null,
    salaryPeriod: paid ? (input.salaryPeriod ?? 'year') : null,
    closingDate: input.closingDate ?? null,
    employmentType: input.employmentType ?? null,
    customer: input.customer ?? null,
  };
}

/** A job with every stored field; `_id` is the uuid the API calls `id`. */
export interface JobRecord extends B2gJobFields, FreshnessFields {
  _id: string;
  title: string;
  company: string;
  location: string;
  description: string;
  url: string | null;
  link: string | null;
  poster: string | null;
  applyUrl: string | null;
  sector: Sector;
  employerType: EmployerType | null;
  isAgencyRole: boolean;
  isRemote: boolean;
  remoteDays: number | null;
  experienceLevel: ExperienceLevel | null;
  jobFunction: JobFunction | null;
  source: string;
  postedAt: Date;
  createdAt: Date;
  deletedAt: Date | null;
  external: boolean;
  bookmarkCount: number;
  /** SHA-256 of the normalised title, company, location and url: the duplicate check. */
  hash: string;
  /**
   * `hash` while the job is active, absent while it is soft-deleted: a unique sparse index on it
   * keeps hashes unique among active jobs (FerretDB has no partial indexes).
   */
  activeHash?: string | undefined;
  /** Incremented by every write: optimistic concurrency for writers, ordering for read models. */
  revision: number;
}

const normalize = (value: string | null | undefined) =>
  (value ?? '').toLowerCase().replace(/\s+/g, ' ').trim();

/** The duplicate-detection digest: lowercased, whitespace-collapsed title, company, location and url. */
export function jobHash(fields: {
  title: string;
  company: string;
  location: string;
  url: string | null | undefined;
}): string {
  const parts = [fields.title, fields.company, fields.location, fields.url].map(normalize);
  return createHash('sha256').update(parts.join('\n')).digest('hex');
}

/** Company, title and location as people mean them: case, accents, punctuation and spacing ignored. */
export function identityText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The words of a job that make it "the same job" for a public post. */
export interface JobIdentity {
  title: string;
  company: string;
  location: string;
}

export const sameIdentity = (a: JobIdentity, b: JobIdentity) =>
  identityText(a.title) === identityText(b.title) &&
  identityText(a.company) === identityText(b.company) &&
  identityText(a.location) === identityText(b.location);

/** A job from a source other than a direct post on this board links out to that source. */
export const isExternalSource = (source: string) => source !== DEFAULT_JOB_SOURCE;

/** The public Job shape of the contracts (no hash). */
export function toPublicJob(record: JobRecord): Job {
  return {
    id: record._id,
    title: record.title,
    company: record.company,
    location: record.location,
    description: record.description,
    url: record.url,
    link: record.link,
    poster: record.poster,
    applyUrl: record.applyUrl,
    sector: record.sector,
    employerType: record.employerType,
    isAgencyRole: record.isAgencyRole,
    isRemote: record.isRemote,
    remoteDays: record.remoteDays,
    experienceLevel: record.experienceLevel,
    jobFunction: record.jobFunction,
    source: record.source,
    postedAt: record.postedAt.toISOString(),
    createdAt: record.createdAt.toISOString(),
    deletedAt: record.deletedAt ? record.deletedAt.toISOString() : null,
    external: record.external,
    bookmarkCount: record.bookmarkCount,
    clearance: record.clearance ?? null,
    polygraph: record.polygraph ?? null,
    salaryMin: record.salaryMin ?? null,
    salaryMax: record.salaryMax ?? null,
    salaryPeriod: record.salaryPeriod ?? null,
    closingDate: record.closingDate ?? null,
    employmentType: record.employmentType ?? null,
    customer: record.customer ?? null,
    lastVerifiedAt: record.lastVerifiedAt ? record.lastVerifiedAt.toISOString() : null,
  };
}

/** The admin shape: every field, hash included. */
export function toAdminJob(record: JobRecord): AdminJob {
  return { ...toPublicJob(record), hash: record.hash, closedReason: record.closedReason ?? null };
}
