import type { ActivityType, ApplicationMethod, ApplicationStatus } from '@b2g/contracts';
import {
  ALERT_FREQUENCIES,
  APPLICATION_METHODS,
  APPLICATION_STATUSES,
  ACTIVITY_TYPES,
} from '@b2g/contracts';
import { outboxPlugin } from '@b2g/event-bus';
import type { SavedSearchState } from '../domain/saved-searches.js';
import mongoose, { type Connection, type Model } from 'mongoose';

/** What a bookmark or application keeps of its job when it is created: shown if no snapshot is available. */
export interface JobFactsRecord {
  title: string;
  company: string;
  location: string;
  link: string | null;
}

export interface BookmarkRecord {
  _id: string;
  userId: string;
  jobId: string;
  notes: string | null;
  bookmarkedAt: Date;
  job: JobFactsRecord;
  /** Null while the bookmark exists; a unique value once it is deleted (frees the (userId, jobId) key). */
  deletion: string | null;
}

export interface ApplicationRecord {
  _id: string;
  userId: string;
  jobId: string;
  status: ApplicationStatus;
  applicationMethod: ApplicationMethod;
  contactPerson: string | null;
  contactEmail: string | null;
  notes: string | null;
  followUpDate: Date | null;
  appliedAt: Date;
  statusUpdatedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  job: JobFactsRecord;
  /** Null while the application exists; a unique value once it is deleted. */
  deletion: string | null;
}

/** One item of the activity feed, projected from one event: `_id` is the event id. */
export interface ActivityRecord {
  _id: string;
  userId: string;
  type: ActivityType;
  /** The bookmark or application the event is about. */
  sourceId: string;
  title: string;
  description: string;
  timestamp: Date;
  status?: ApplicationStatus;
}

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

const jobFactsSchema = new mongoose.Schema<JobFactsRecord>(
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

/**
 * A send period claimed for a search (`<savedSearchId>|<period>`; periods are
 * `instant:<minute>`, `daily:<day>`, `weekly:<monday>`): inserting it is the claim, and the
 * unique `_id` lets exactly one instance have it, also on FerretDB (no transactions, and its
 * conditional updates are not isolated). Older periods of a search are removed once it is sent.
 */
export interface AlertSendRecord {
  _id: string;
  savedSearchId: string;
  claimedAt: Date;
}

/** A job that matched a saved search (`<savedSearchId>:<jobId>`: at most once ever). */
export interface AlertMatchRecord {
  _id: string;
  savedSearchId: string;
  jobId: string;
  job: {
    title: string;
    company: string;
    location: string;
    /** Readable salary, when the job states one. */
    salary: string | null;
    closingDate: string | null;
  };
  matchedAt: Date;
  /** The send that took it (claimed before mailing). */
  batch: string | null;
  sentAt: Date | null;
  /** The job had closed by the time its alert went: left out of the e-mail. */
  leftOut: boolean;
}

const savedSearchSchema = new mongoose.Schema<SavedSearchRecord>(
  {
    _id: { type: String, required: true },
    userId: { type: String, default: null },
    email: { type: String, required: true },
    name: { type: String, required: true },
    query: { type: mongoose.Schema.Types.Mixed, required: true },
    frequency: { type: String, enum: ALERT_FREQUENCIES, required: true },
    active: { type: Boolean, required: true },
    confirmedAt: { type: Date, default: null },
    revision: { type: Number, required: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    lastSentAt: { type: Date, default: null },
  },
  { collection: 'saved_searches', versionKey: false, minimize: false },
);
savedSearchSchema.plugin(outboxPlugin, { hardDeletes: true });
// A user's list, newest first (also counts and removes them); an address's recent sign-ups.
savedSearchSchema.index({ userId: 1, createdAt: -1 });
savedSearchSchema.index({ email: 1, createdAt: -1 });

const alertMatchSchema = new mongoose.Schema<AlertMatchRecord>(
  {
    _id: { type: String, required: true },
    savedSearchId: { type: String, required: true },
    jobId: { type: String, required: true },
    job: {
      type: new mongoose.Schema(
        {
          title: { type: String, required: true },
          company: { type: String, required: true },
          location: { type: String, required: true },
          salary: { type: String, default: null },
          closingDate: { type: String, default: null },
        },
        { _id: false },
      ),
      required: true,
    },
    matchedAt: { type: Date, required: true },
    batch: { type: String, default: null },
    sentAt: { type: Date, default: null },
    leftOut: { type: Boolean, default: false },
  },
  { collection: 'alert_matches', versionKey: false },
);
// Unsent matches (what is due); a search's matches (counts, claims, removal); a batch.
alertMatchSchema.index({ sentAt: 1, savedSearchId: 1 });
alertMatchSchema.index({ savedSearchId: 1, sentAt: 1 });
alertMatchSchema.index({ batch: 1 });

const alertSendSchema = new mongoose.Schema<AlertSendRecord>(
  {
    _id: { type: String, required: true },
    savedSearchId: { type: String, required: true },
    claimedAt: { type: Date, required: true },
  },
  { collection: 'alert_sends', versionKey: false },
);
// A search's claims (older ones are removed, all of them with the search).
alertSendSchema.index({ savedSearchId: 1 });

export interface Models {
  Bookmark: Model<BookmarkRecord>;
  Application: Model<ApplicationRecord>;
  Activity: Model<ActivityRecord>;
  JobSnapshot: Model<JobSnapshotRecord>;
  SavedSearch: Model<SavedSearchRecord>;
  AlertMatch: Model<AlertMatchRecord>;
  AlertSend: Model<AlertSendRecord>;
}

/** The service's models on its own connection (created once per connection). */
export function modelsOf(connection: Connection): Models {
  const model = <T>(name: string, schema: mongoose.Schema<T>): Model<T> =>
    (connection.models[name] as Model<T> | undefined) ?? connection.model<T>(name, schema);
  return {
    Bookmark: model('Bookmark', bookmarkSchema),
    Application: model('Application', applicationSchema),
    Activity: model('Activity', activitySchema),
    JobSnapshot: model('JobSnapshot', jobSnapshotSchema),
    SavedSearch: model('SavedSearch', savedSearchSchema),
    AlertMatch: model('AlertMatch', alertMatchSchema),
    AlertSend: model('AlertSend', alertSendSchema),
  };
}

/** Builds the indexes before the service takes traffic: the unique ones guard against duplicates. */
export async function ensureIndexes(connection: Connection): Promise<void> {
  await Promise.all(Object.values(modelsOf(connection)).map((model) => model.init()));
}
