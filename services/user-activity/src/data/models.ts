import {
  ALERT_FREQUENCIES,
  APPLICATION_METHODS,
  APPLICATION_STATUSES,
  ACTIVITY_TYPES,
} from '@b2g/contracts';
import { outboxPlugin } from '@b2g/event-bus';
import { modelOn } from '@b2g/service-kit';
import mongoose, { type Connection, type Model } from 'mongoose';
import type { JobFacts } from '../domain/jobs.js';
import type { ActivityRecord, ApplicationRecord, BookmarkRecord } from '../domain/model.js';
import type { SavedSearchState } from '../domain/saved-searches.js';

export interface JobSnapshotRecord {
  /** The job id. */
  _id: string;
  title: string;
  company: string;
  location: string;
  link: string | null;
  deletedAt: Date | null;
  removed: boolean;
  /** When the stored state was true (event occurredAt, or the time of a lookup): older news is ignored. */
  asOf: Date;
}

/** What a bookmark or application keeps of its job when it is created. */
const jobFactsSchema = new mongoose.Schema<JobFacts>(
  {
    title: { type: String, required: true },
    company: { type: String, required: true },
    location: { type: String, required: true },
    link: { type: String, default: null },
  },
  { _id: false },
);

const bookmarkSchema = new mongoose.Schema<BookmarkRecord>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    jobId: { type: String, required: true },
    notes: { type: String, default: null },
    bookmarkedAt: { type: Date, required: true },
    job: { type: jobFactsSchema, required: true },
    deletion: { type: String, default: null },
  },
  { collection: 'bookmarks', versionKey: false },
);
bookmarkSchema.plugin(outboxPlugin, { hardDeletes: true });
// One bookmark per user and job; the user's list, newest first; removal of all of a user's bookmarks.
bookmarkSchema.index({ userId: 1, jobId: 1, deletion: 1 }, { unique: true });
bookmarkSchema.index({ userId: 1, bookmarkedAt: -1 });

const applicationSchema = new mongoose.Schema<ApplicationRecord>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    jobId: { type: String, required: true },
    status: { type: String, enum: APPLICATION_STATUSES, required: true },
    applicationMethod: { type: String, enum: APPLICATION_METHODS, required: true },
    contactPerson: { type: String, default: null },
    contactEmail: { type: String, default: null },
    notes: { type: String, default: null },
    followUpDate: { type: Date, default: null },
    appliedAt: { type: Date, required: true },
    statusUpdatedAt: { type: Date, default: null },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    job: { type: jobFactsSchema, required: true },
    deletion: { type: String, default: null },
  },
  { collection: 'applications', versionKey: false },
);
applicationSchema.plugin(outboxPlugin, { hardDeletes: true });
// One application per user and job; the user's list, newest first (also serves stats and removal).
applicationSchema.index({ userId: 1, jobId: 1, deletion: 1 }, { unique: true });
applicationSchema.index({ userId: 1, appliedAt: -1 });

const activitySchema = new mongoose.Schema<ActivityRecord>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    type: { type: String, enum: ACTIVITY_TYPES, required: true },
    sourceId: { type: String, required: true },
    title: { type: String, required: true },
    description: { type: String, required: true },
    timestamp: { type: Date, required: true },
    status: { type: String, enum: APPLICATION_STATUSES },
  },
  { collection: 'activities', versionKey: false },
);
// The user's feed, newest first; the items of one bookmark or application.
activitySchema.index({ userId: 1, timestamp: -1 });
activitySchema.index({ userId: 1, sourceId: 1 });

const jobSnapshotSchema = new mongoose.Schema<JobSnapshotRecord>(
  {
    _id: { type: String, required: true },
    title: { type: String, required: true },
    company: { type: String, required: true },
    location: { type: String, required: true },
    link: { type: String, default: null },
    deletedAt: { type: Date, default: null },
    removed: { type: Boolean, default: false },
    asOf: { type: Date, required: true },
  },
  // Looked up by _id only.
  { collection: 'job_snapshots', versionKey: false },
);

/** A saved search with e-mail alerts, stored as the domain states it. */
export type SavedSearchRecord = SavedSearchState;

/** What an alert e-mail shows of a matched job, kept from the match. */
export interface AlertJobRecord {
  title: string;
  company: string;
  location: string;
  /** Readable salary, when the job states one. */
  salary: string | null;
  closingDate: string | null;
}

/**
 * A match waiting for its search's next send (`<savedSearchId>:<jobId>`): the working set, removed
 * once the send is done, so what reads more than one search's matches stays cheap on FerretDB.
 */
export interface AlertPendingRecord {
  _id: string;
  savedSearchId: string;
  jobId: string;
  job: AlertJobRecord;
  matchedAt: Date;
}

/**
 * A (search, job) pair decided once ever (`<savedSearchId>:<jobId>`): mailed, or left out because
 * the job had closed. Only inserted (and read by `_id`); a second match of the pair is dropped.
 */
export interface AlertDecisionRecord {
  _id: string;
  savedSearchId: string;
  decidedAt: Date;
  leftOut: boolean;
}

/** A search's sending so far (`_id` = savedSearchId), written only under its send lock. */
export interface AlertProgressRecord {
  _id: string;
  lastSentAt: Date | null;
  /** When a send of it last finished (mailed or not). */
  lastDoneAt: Date;
  /** The last digest period sent (`daily:<day>`, `weekly:<monday>`); null for instant alerts. */
  period: string | null;
}

/** A search being sent (`_id` = savedSearchId): inserting it takes the lock, once per instance. */
export interface AlertLockRecord {
  _id: string;
  until: Date;
}

/** One send batch's `alert.sent` events; the outbox relay removes it once they are published. */
export interface AlertBatchRecord {
  _id: string;
  sentAt: Date;
}

const savedSearchSchema = new mongoose.Schema<SavedSearchRecord>(
  {
    _id: { type: String, required: true },
    userId: { type: String, default: null },
    email: { type: String, required: true },
    name: { type: String, required: true },
    query: { type: mongoose.Schema.Types.Mixed, required: true },
    searchKey: { type: String },
    frequency: { type: String, enum: ALERT_FREQUENCIES, required: true },
    active: { type: Boolean, required: true },
    confirmedAt: { type: Date, default: null },
    revision: { type: Number, required: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'saved_searches', versionKey: false, minimize: false },
);
savedSearchSchema.plugin(outboxPlugin, { hardDeletes: true });
// A user's list, newest first (also counts and removes them); an address's recent sign-ups.
savedSearchSchema.index({ userId: 1, createdAt: -1 });
savedSearchSchema.index({ email: 1, createdAt: -1 });
// One alert per owner and search (searchKeyOf); sparse while older searches wait for their key.
savedSearchSchema.index({ searchKey: 1 }, { unique: true, sparse: true });

const alertJobSchema = new mongoose.Schema<AlertJobRecord>(
  {
    title: { type: String, required: true },
    company: { type: String, required: true },
    location: { type: String, required: true },
    salary: { type: String, default: null },
    closingDate: { type: String, default: null },
  },
  { _id: false },
);

const alertPendingSchema = new mongoose.Schema<AlertPendingRecord>(
  {
    _id: { type: String, required: true },
    savedSearchId: { type: String, required: true },
    jobId: { type: String, required: true },
    job: { type: alertJobSchema, required: true },
    matchedAt: { type: Date, required: true },
  },
  { collection: 'alert_pending', versionKey: false },
);
// A search's waiting matches (counts, removal): read through this index on MongoDB and FerretDB.
alertPendingSchema.index({ savedSearchId: 1 });

const alertDecisionSchema = new mongoose.Schema<AlertDecisionRecord>(
  {
    _id: { type: String, required: true },
    savedSearchId: { type: String, required: true },
    decidedAt: { type: Date, required: true },
    leftOut: { type: Boolean, required: true },
  },
  { collection: 'alert_decisions', versionKey: false },
);
// Removed with their search.
alertDecisionSchema.index({ savedSearchId: 1 });

const alertProgressSchema = new mongoose.Schema<AlertProgressRecord>(
  {
    _id: { type: String, required: true },
    lastSentAt: { type: Date, default: null },
    lastDoneAt: { type: Date, required: true },
    period: { type: String, default: null },
  },
  { collection: 'alert_progress', versionKey: false },
);

const alertLockSchema = new mongoose.Schema<AlertLockRecord>(
  { _id: { type: String, required: true }, until: { type: Date, required: true } },
  { collection: 'alert_locks', versionKey: false },
);

const alertBatchSchema = new mongoose.Schema<AlertBatchRecord>(
  { _id: { type: String, required: true }, sentAt: { type: Date, required: true } },
  { collection: 'alert_batches', versionKey: false },
);
alertBatchSchema.plugin(outboxPlugin, { hardDeletes: true });

export interface Models {
  Bookmark: Model<BookmarkRecord>;
  Application: Model<ApplicationRecord>;
  Activity: Model<ActivityRecord>;
  JobSnapshot: Model<JobSnapshotRecord>;
  SavedSearch: Model<SavedSearchRecord>;
  AlertPending: Model<AlertPendingRecord>;
  AlertDecision: Model<AlertDecisionRecord>;
  AlertProgress: Model<AlertProgressRecord>;
  AlertLock: Model<AlertLockRecord>;
  AlertBatch: Model<AlertBatchRecord>;
}

/** The service's models on its own connection (created once per connection). */
export function modelsOf(connection: Connection): Models {
  const model = <T>(name: string, schema: mongoose.Schema<T>): Model<T> =>
    modelOn<T>(connection, name, schema);
  return {
    Bookmark: model('Bookmark', bookmarkSchema),
    Application: model('Application', applicationSchema),
    Activity: model('Activity', activitySchema),
    JobSnapshot: model('JobSnapshot', jobSnapshotSchema),
    SavedSearch: model('SavedSearch', savedSearchSchema),
    AlertPending: model('AlertPending', alertPendingSchema),
    AlertDecision: model('AlertDecision', alertDecisionSchema),
    AlertProgress: model('AlertProgress', alertProgressSchema),
    AlertLock: model('AlertLock', alertLockSchema),
    AlertBatch: model('AlertBatch', alertBatchSchema),
  };
}

/** Builds the indexes before the service takes traffic: the unique ones guard against duplicates. */
export async function ensureIndexes(connection: Connection): Promise<void> {
  await Promise.all(Object.values(modelsOf(connection)).map((model) => model.init()));
}
