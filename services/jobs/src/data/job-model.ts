import {
  DEFAULT_JOB_SOURCE,
  EMPLOYER_TYPES,
  EMPLOYMENT_TYPES,
  EXPERIENCE_LEVELS,
  JOB_CLOSED_REASONS,
  JOB_CLEARANCES,
  JOB_FUNCTIONS,
  POLYGRAPHS,
  SALARY_PERIODS,
  SECTORS,
} from '@b2g/contracts';
import { outboxPlugin } from '@b2g/event-bus';
import { modelOn } from '@b2g/service-kit';
import mongoose, { type Connection, type Model } from 'mongoose';
import type { JobRecord } from '../domain/model.js';

/** A job as stored: the domain's record (`_id` is the uuid the API calls `id`). */
export type JobDocument = JobRecord;

export const JOBS_COLLECTION = 'jobs';

const nullableString = { type: String, default: null };
const nullableChoice = (values: readonly string[]) => ({
  type: String,
  enum: [...values, null],
  default: null,
});

export const jobSchema = new mongoose.Schema<JobDocument>(
  {
    _id: { type: String, required: true },
    title: { type: String, required: true },
    company: { type: String, required: true },
    location: { type: String, required: true },
    description: { type: String, default: '' },
    url: nullableString,
    link: nullableString,
    poster: nullableString,
    applyUrl: nullableString,
    sector: { type: String, enum: SECTORS, required: true },
    employerType: { type: String, enum: [...EMPLOYER_TYPES, null], default: null },
    isAgencyRole: { type: Boolean, default: false },
    isRemote: { type: Boolean, default: false },
    remoteDays: { type: Number, min: 1, max: 5, default: null },
    experienceLevel: { type: String, enum: [...EXPERIENCE_LEVELS, null], default: null },
    jobFunction: { type: String, enum: [...JOB_FUNCTIONS, null], default: null },
    source: { type: String, default: DEFAULT_JOB_SOURCE },
    postedAt: { type: Date, required: true, default: () => new Date() },
    createdAt: { type: Date, required: true, default: () => new Date() },
    deletedAt: { type: Date, default: null },
    external: { type: Boolean, default: false },
    bookmarkCount: { type: Number, default: 0, min: 0 },
    clearance: nullableChoice(JOB_CLEARANCES),
    polygraph: nullableChoice(POLYGRAPHS),
    salaryMin: { type: Number, min: 0, default: null },
    salaryMax: { type: Number, min: 0, default: null },
    salaryPeriod: nullableChoice(SALARY_PERIODS),
    /** YYYY-MM-DD, compared as text (the degraded listing's "not closed yet"). */
    closingDate: nullableString,
    /** YYYY-MM-DD: a public posting's last day without a closing date (the expiry sweep's key). */
    expiresOn: { type: String },
    employmentType: nullableChoice(EMPLOYMENT_TYPES),
    customer: nullableString,
    hash: { type: String, required: true },
    activeHash: { type: String },
    activeIdentityKey: { type: String },
    revision: { type: Number, required: true, default: 1 },
    postedBy: { type: String, enum: ['public', 'admin'] },
    lastVerifiedAt: { type: Date, default: null },
    closedReason: { type: String, enum: [...JOB_CLOSED_REASONS, null], default: null },
    sourceValidators: {
      type: new mongoose.Schema({ etag: String, lastModified: String }, { _id: false }),
      default: null,
    },
    posterEmail: { type: String },
    posterAccountId: { type: String },
    posterDomain: { type: String },
    applyHost: { type: String },
  },
  { collection: JOBS_COLLECTION, versionKey: false, minimize: false },
);

// What production MongoDB needs behind the queries a database (not the in-memory index) serves:
// the admin and start-up listings by date, the deleted-jobs listing, featured-by-function, hash look-ups.
jobSchema.index({ postedAt: -1 });
jobSchema.index({ deletedAt: 1, postedAt: -1 });
jobSchema.index({ jobFunction: 1, postedAt: -1 });
jobSchema.index({ hash: 1 });
// The freshness checker: active jobs least recently verified first.
jobSchema.index({ deletedAt: 1, lastVerifiedAt: 1 });
// The expiry sweep: one equality on a day string a day at a time, which FerretDB reads through the
// index; jobs that do not expire lack the field.
jobSchema.index({ expiresOn: 1 }, { sparse: true });
jobSchema.index({ activeHash: 1 }, { unique: true, sparse: true });
// The public post's duplicate check: one equality on a leading string field, which FerretDB also
// reads through the index. Not unique: the admin may post the same job under another URL.
jobSchema.index({ activeIdentityKey: 1 }, { sparse: true });
// An employer's postings, newest first: one equality on the poster's address (only posts that gave
// one have it), which FerretDB also reads through the index; MongoDB sorts by the second key.
jobSchema.index({ posterEmail: 1, postedAt: -1 }, { sparse: true });
// A signed-in poster's postings, the same way by the account's id.
jobSchema.index({ posterAccountId: 1, postedAt: -1 }, { sparse: true });
// A ban's cascade: the live public postings of an e-mail domain or an apply host, one equality.
jobSchema.index({ posterDomain: 1 }, { sparse: true });
jobSchema.index({ applyHost: 1 }, { sparse: true });

jobSchema.plugin(outboxPlugin, { hardDeletes: true });

export type JobModel = Model<JobDocument>;

export interface JobsModels {
  Job: JobModel;
}

/** The jobs models on `connection`. */
export function createModels(connection: Connection): JobsModels {
  return { Job: modelOn(connection, 'Job', jobSchema) };
}
