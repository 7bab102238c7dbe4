import { createHash } from 'node:crypto';
import { DEFAULT_JOB_SOURCE, type AdminJob, type Job } from '@b2g/contracts';
import type { B2gJobFields, B2gJobInput, JobIdentity, JobRecord } from './model.js';

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

/** A digest of the identity text of title, company and location: equal for "the same job". */
export function identityKey(identity: JobIdentity): string {
  const parts = [identity.title, identity.company, identity.location].map(identityText);
  return createHash('sha256').update(parts.join('\n')).digest('hex');
}

/** The keys an active job is found by as a duplicate (each has an index). */
export function duplicateKeys(job: JobIdentity & { hash: string }) {
  return { activeHash: job.hash, activeIdentityKey: identityKey(job) };
}

/** A soft-deleted job is nobody's duplicate: it has no active keys. */
export const NO_DUPLICATE_KEYS = { activeHash: undefined, activeIdentityKey: undefined };

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
