import type { AlertJob } from './alert-mail.js';
import type { UserActivityEvent } from './events.js';
import type { JobDescription, JobSnapshot } from './jobs.js';
import type { ActivityRecord, ApplicationRecord, BookmarkRecord } from './model.js';
import type { SavedSearchState } from './saved-searches.js';

/** A second bookmark of, application to, or alert for one thing by one owner, refused by the store. */
export class AlreadyExistsError extends Error {
  override readonly name = 'AlreadyExistsError';
}

// Writes that carry events record them in the same write, so a change and its events are never
// separated (the outbox: data/outbox.ts).

export type NewBookmark = Omit<BookmarkRecord, 'deletion'>;

export interface BookmarkStore {
  /** The user's bookmarks, newest first. */
  listByUser(userId: string): Promise<BookmarkRecord[]>;
  findByUserAndJob(userId: string, jobId: string): Promise<BookmarkRecord | null>;
  exists(id: string): Promise<boolean>;
  countByUser(userId: string): Promise<number>;
  /** A second bookmark of the same job by the same user throws AlreadyExistsError. */
  insert(bookmark: NewBookmark, events: readonly UserActivityEvent[]): Promise<void>;
  /**
   * Hidden at once, gone once its events are published; the job can be bookmarked again meanwhile.
   * False if it was gone already.
   */
  delete(id: string, events: readonly UserActivityEvent[]): Promise<boolean>;
}

export type NewApplication = Omit<ApplicationRecord, 'deletion'>;

/** Which application an update is for, and the status it was read in. */
export type ApplicationAsRead = Pick<ApplicationRecord, '_id' | 'userId' | 'status'>;

export type ApplicationChanges = Partial<
  Pick<
    ApplicationRecord,
    | 'status'
    | 'notes'
    | 'followUpDate'
    | 'contactPerson'
    | 'contactEmail'
    | 'statusUpdatedAt'
    | 'updatedAt'
  >
>;

export interface ApplicationStore {
  /** The user's applications, newest first. */
  listByUser(userId: string): Promise<ApplicationRecord[]>;
  /** The application if it is this user's. */
  findOwned(id: string, userId: string): Promise<ApplicationRecord | null>;
  exists(id: string): Promise<boolean>;
  /** What the dashboard stats need of each of the user's applications. */
  statusesOfUser(
    userId: string,
  ): Promise<Array<Pick<ApplicationRecord, 'status' | 'followUpDate'>>>;
  /** A second application to the same job by the same user throws AlreadyExistsError. */
  insert(application: NewApplication, events: readonly UserActivityEvent[]): Promise<void>;
  /**
   * Applies the changes with their events if the user's application is still in the status it
   * was read with; false when it is not (a concurrent status change: the caller reads again) or
   * is gone.
   */
  update(
    asRead: ApplicationAsRead,
    changes: ApplicationChanges,
    events: readonly UserActivityEvent[],
  ): Promise<boolean>;
  /** Deletes the user's application (hidden at once); false if it is not there (or not theirs). */
  delete(id: string, userId: string): Promise<boolean>;
  deleteAllOfUser(userId: string): Promise<void>;
}

/** The activity feed's items. */
export interface ActivityStore {
  /** The user's items, newest first. */
  listByUser(userId: string): Promise<ActivityRecord[]>;
  /** Inserts the item unless it exists (same event again): the first projection stays. */
  upsert(item: ActivityRecord): Promise<void>;
  deleteById(id: string): Promise<void>;
  /** The items of one bookmark or application. */
  deleteBySource(userId: string, sourceId: string): Promise<void>;
  deleteByUser(userId: string): Promise<void>;
}

export interface JobSnapshotStore {
  get(jobId: string): Promise<JobSnapshot | undefined>;
  getMany(jobIds: readonly string[]): Promise<JobSnapshot[]>;
  /** Stores the state of a job as of `asOf`, unless a later state is stored already. */
  put(snapshot: JobSnapshot, asOf: Date): Promise<void>;
}

export interface JobLookup {
  /** The job from the jobs service; `undefined` when it answers 404. Throws when unreachable. */
  getJob(jobId: string): Promise<JobDescription | undefined>;
}

/** Where saved searches are kept; every write carries its events (outbox). */
export interface SavedSearchStore {
  /** A second search with the same `searchKey` throws AlreadyExistsError. */
  insert(search: SavedSearchState, events: readonly UserActivityEvent[]): Promise<void>;
  byId(id: string): Promise<SavedSearchState | null>;
  /** The owner's search with this key (searchKeyOf), through its unique index. */
  byKey(searchKey: string): Promise<SavedSearchState | null>;
  /** Searches stored before they had a key, oldest first. */
  withoutKey(): Promise<SavedSearchState[]>;
  /** Gives a keyless search its key; AlreadyExistsError when an older search of its owner has it. */
  setKey(id: string, searchKey: string): Promise<void>;
  listByUser(userId: string): Promise<SavedSearchState[]>;
  countByUser(userId: string): Promise<number>;
  /** Subscriptions an address started since `since` (each sent a confirmation e-mail). */
  countByEmailSince(email: string, since: Date): Promise<number>;
  /** Applies `changes` if the search is still at `revision`; false when it changed or went. */
  update(
    id: string,
    revision: number,
    changes: Partial<SavedSearchState>,
    events: readonly UserActivityEvent[],
  ): Promise<boolean>;
  delete(id: string, events: readonly UserActivityEvent[]): Promise<boolean>;
}

/** What the alert sender needs of the saved searches. */
export interface AlertSearchStore {
  byIds(ids: readonly string[]): Promise<SavedSearchState[]>;
}

/** Where a search's alerts stand. */
export interface AlertStatus {
  /** Matches waiting for its next e-mail. */
  newMatches: number;
  lastSentAt: Date | null;
}

/** The sending side of saved searches (matches waiting, sends done). */
export interface AlertStatusStore {
  statusOf(savedSearchIds: readonly string[]): Promise<Map<string, AlertStatus>>;
  /** Everything kept of a search's alerts, once the search is deleted. */
  deleteOfSearch(savedSearchId: string): Promise<void>;
}

/** A job that matched a search and waits for the search's next send. */
export interface PendingMatch extends AlertJob {
  savedSearchId: string;
  matchedAt: Date;
}

/** How far a search's sending has got. */
export interface SendProgress {
  lastSentAt: Date | null;
  /** The last digest period sent; null for instant alerts. */
  period: string | null;
}

/** One search's send, done: each of its pairs decided (mailed or left out). */
export interface FinishedSend {
  savedSearchId: string;
  decided: ReadonlyArray<{ jobId: string; leftOut: boolean }>;
  /** An e-mail went (else every job had closed). */
  mailed: boolean;
  period: string | null;
}

/** The sends of one batch, done, with the events that state them (`id` makes recording idempotent). */
export interface FinishedBatch {
  id: string;
  sends: readonly FinishedSend[];
  at: Date;
  events: readonly UserActivityEvent[];
}

/**
 * Matches waiting for a send, the once-ever decisions on (search, job) pairs, and the send locks.
 * A search is sent by the holder of its lock only, which reads the search's waiting matches after
 * taking it: two instances, or two overlapping ticks, never mail one match twice.
 */
export interface AlertLedger {
  /** Adds matches to their searches' next send; pairs waiting or decided already are dropped. */
  addPending(matches: readonly PendingMatch[]): Promise<void>;
  /** Ids of the searches with matches waiting. */
  searchesWithPending(): Promise<string[]>;
  /** The matches waiting for these searches. */
  pendingOf(savedSearchIds: readonly string[]): Promise<PendingMatch[]>;
  /** Those of `matches` whose (search, job) pair was decided already (mailed or left out). */
  decidedAmong(matches: readonly PendingMatch[]): Promise<PendingMatch[]>;
  /** Forgets the matches waiting for these searches (they went meanwhile). */
  dropPendingOf(savedSearchIds: readonly string[]): Promise<void>;
  /**
   * Takes the send lock of each search no one else holds (or whose holder let it expire) until
   * `until`; returns the ids it took.
   */
  lock(savedSearchIds: readonly string[], now: Date, until: Date): Promise<string[]>;
  unlock(savedSearchIds: readonly string[]): Promise<void>;
  progress(savedSearchIds: readonly string[]): Promise<Map<string, SendProgress>>;
  /**
   * Records a batch of finished sends (under their locks): the `alert.sent` events (outbox), the
   * decided pairs, so none matches again, their matches no longer waiting, each search's
   * progress. Idempotent: recording the same batch again changes nothing more.
   */
  finish(batch: FinishedBatch): Promise<void>;
}
