import { randomUUID } from 'node:crypto';
import type {
  AdminJob,
  AdminJobRequest,
  CreateJobRequest,
  EmployerJobUpdateRequest,
  Job,
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

/** Posting a job: the public form's and the admin's. Each new job states JobPosted. */
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
    },
  ) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * POST /api/jobs: the public post. The same company, title and location as an active job
   * (case, accents, punctuation and spacing aside) is refused with a 409 naming that job, whatever
   * URL it gives: an anonymous post cannot repeat a listing.
   */
  async createPublic(
    input: CreateJobRequest & { posterAccountId?: string | undefined },
    cause: Cause = {},
  ): Promise<Job> {
    const existing = await this.deps.store.activeIdForIdentity(input);
    if (existing) throw duplicate(existing);
    const now = this.now();
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
        posterEmail: input.posterEmail?.toLowerCase(),
        posterAccountId: input.posterAccountId,
      },
      now,
    );
    await this.deps.writes.insert(record, [{ kind: 'JobPosted', job: record, cause }]);
    if (record.posterEmail) await this.deps.postedByEmployer?.(record);
    return toPublicJob(record);
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
