import { randomUUID } from 'node:crypto';
import type {
  AdminJob,
  AdminJobRequest,
  CreateJobRequest,
  CreateJobResponse,
  EmployerJobUpdateRequest,
} from '@b2g/contracts';
import type { Cause } from './events.js';
import {
  b2gFieldsOf,
  duplicateKeys,
  isExternalSource,
  jobHash,
  toAdminJob,
  toPublicJob,
} from './job.js';
import { DEFAULT_EXPIRY, publicExpiryOf, type ExpirySettings } from './expiry.js';
import { duplicate, type JobWrites } from './job-writes.js';
import type { JobRecord } from './model.js';
import type { Clock, JobStore } from './ports.js';
import { banKeysOf, type PostContext } from './review.js';
import type { ReviewIntake } from './review-intake.js';

/** What a new job is given; the rest (id, hash, revision 1, …) is the posting's. */
export type NewJobFields = Omit<
  JobRecord,
  | '_id'
  | 'hash'
  | 'activeHash'
  | 'activeIdentityKey'
  | 'createdAt'
  | 'deletedAt'
  | 'external'
  | 'bookmarkCount'
  | 'revision'
  | 'description'
> & { description: string | undefined };

/** A new active job: revision 1, no bookmarks, its duplicate keys active. */
export function newRecord(fields: NewJobFields, now: Date): JobRecord {
  const hash = jobHash(fields);
  return {
    ...fields,
    _id: randomUUID(),
    description: fields.description ?? '',
    createdAt: now,
    deletedAt: null,
    external: isExternalSource(fields.source),
    bookmarkCount: 0,
    hash,
    ...duplicateKeys({ ...fields, hash }),
    revision: 1,
  };
}

/** The stored fields of the public form (a post's and an employer's edit). */
export function publicFields(input: EmployerJobUpdateRequest) {
  return {
    title: input.title,
    company: input.company,
    location: input.location,
    description: input.description,
    url: input.url,
    sector: input.sector,
    isAgencyRole: input.isAgencyRole,
    isRemote: input.remoteDays !== undefined,
    remoteDays: input.remoteDays ?? null,
    experienceLevel: input.experienceLevel ?? null,
    jobFunction: input.jobFunction ?? null,
    source: input.source,
    ...b2gFieldsOf(input),
  };
}

/** The public form's fields of a job as stored (a held edit's, applied when approved). */
export function publicFieldsOf(record: JobRecord): ReturnType<typeof publicFields> {
  const { title, company, location, description, sector, isAgencyRole, isRemote } = record;
  const { remoteDays, experienceLevel, jobFunction } = record;
  const { clearance = null, polygraph = null, salaryMin = null, salaryMax = null } = record;
  const {
    salaryPeriod = null,
    closingDate = null,
    employmentType = null,
    customer = null,
  } = record;
  return {
    title,
    company,
    location,
    description,
    sector,
    isAgencyRole,
    isRemote,
    remoteDays,
    experienceLevel,
    jobFunction,
    clearance,
    polygraph,
    salaryMin,
    salaryMax,
    salaryPeriod,
    closingDate,
    employmentType,
    customer,
    url: record.url ?? '',
    // Only public posts (and their edits) are held, so the source is one the public form gives.
    source: record.source as ReturnType<typeof publicFields>['source'],
  };
}

/** The stored fields of the admin's form (every field it has). */
export function adminFields(input: AdminJobRequest) {
  return {
    title: input.title,
    company: input.company,
    location: input.location,
    description: input.description ?? '',
    url: input.url ?? null,
    link: input.link ?? null,
    poster: input.poster ?? null,
    applyUrl: input.applyUrl ?? null,
    sector: input.sector,
    employerType: input.employerType,
    isAgencyRole: input.isAgencyRole,
    isRemote: input.isRemote,
    remoteDays: input.remoteDays ?? null,
    experienceLevel: input.experienceLevel ?? null,
    jobFunction: input.jobFunction ?? null,
    source: input.source,
    external: isExternalSource(input.source),
    ...b2gFieldsOf(input),
  };
}

/**
 * Posting a job: the public form's and the admin's. Each new job states JobPosted; a public post
 * that goes live at once states PostReviewed `live` with it.
 */
export class Posting {
  private readonly now: Clock;

  constructor(
    private readonly deps: {
      store: Pick<JobStore, 'activeIdForIdentity'>;
      writes: JobWrites;
      now?: Clock;
      /** A public posting's time on the board without a closing date. */
      expiry?: ExpirySettings;
      /** Told of each public post that named its poster (the employer's e-mail); never throws. */
      postedByEmployer?: (record: JobRecord) => Promise<void>;
      /** Refuses banned posts and holds risky ones (POSTING_REVIEW); unset: every post goes live. */
      review?: ReviewIntake;
    },
  ) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * POST /api/jobs: the public post. A post from a banned e-mail domain or apply host is a 403
   * (nothing stored). The same company, title and location as an active job (case, accents,
   * punctuation and spacing aside) is refused with a 409 naming that job, whatever URL it gives:
   * an anonymous post cannot repeat a listing. A post the review holds is kept out of the jobs
   * (`pending`); any other goes live at once.
   */
  async createPublic(
    input: CreateJobRequest & { posterAccountId?: string | undefined },
    context: PostContext = { emailVerified: false, clientKey: '' },
    cause: Cause = {},
  ): Promise<CreateJobResponse> {
    const now = this.now();
    const posterEmail = input.posterEmail?.toLowerCase();
    const record = newRecord(
      {
        ...publicFields(input),
        link: null,
        poster: null,
        applyUrl: null,
        employerType: null,
        postedAt: now,
        postedBy: 'public',
        expiresOn: publicExpiryOf(input.closingDate, now, this.deps.expiry ?? DEFAULT_EXPIRY),
        posterEmail,
        posterAccountId: input.posterAccountId,
        ...banKeysOf({ posterEmail, url: input.url, applyUrl: null }),
      },
      now,
    );
    await this.deps.review?.refuseBanned(record);
    const existing = await this.deps.store.activeIdForIdentity(input);
    if (existing) throw duplicate(existing);
    const verdict = await this.deps.review?.screen(record, context);
    if (verdict?.hold) {
      await this.deps.review?.hold(record, verdict);
      return { ...toPublicJob(record), status: 'pending' };
    }
    await this.deps.writes.insert(record, [
      { kind: 'JobPosted', job: record, cause },
      { kind: 'PostReviewed', jobId: record._id, outcome: 'live', cause },
    ]);
    if (verdict) await this.deps.review?.accepted(verdict);
    if (record.posterEmail) await this.deps.postedByEmployer?.(record);
    return { ...toPublicJob(record), status: 'live' };
  }

  /** POST /api/admin/jobs. */
  async createAdmin(input: AdminJobRequest, cause: Cause = {}): Promise<AdminJob> {
    const now = this.now();
    const record = newRecord(
      {
        ...adminFields(input),
        postedAt: input.postedAt ? new Date(input.postedAt) : now,
        postedBy: 'admin',
      },
      now,
    );
    await this.deps.writes.insert(record, [{ kind: 'JobPosted', job: record, cause }]);
    return toAdminJob(record);
  }
}
