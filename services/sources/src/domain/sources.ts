import type { BoardReadErrorKind } from './ports.js';
import type { Board, PostingFailure } from './postings.js';

/** active: synced on its schedule; paused: kept, with its jobs, but not synced. */
export const SOURCE_STATUSES = ['active', 'paused'] as const;
export type SourceStatus = (typeof SOURCE_STATUSES)[number];

/** A source that failed this many runs in a row is flagged for an admin to look at. */
export const FLAG_AFTER_FAILURES = 3;

/** A run keeps at most this many of its postings' failures on the source, for an admin to read. */
export const LISTED_FAILURES_MAX = 20;

/** How often a source is synced at most (the setting's default): every 6 hours. */
export const DEFAULT_SYNC_INTERVAL_MS = 6 * 60 * 60 * 1000;

/** Up to this share of the interval is added at random, so sources added together spread out. */
export const SYNC_JITTER = 0.1;

/**
 * What one run did with the board's postings. The board's postings fall in exactly one of new,
 * updated, unchanged, excluded and failed; closed counts the jobs of postings gone from it.
 * pending counts the new and updated postings that wait in the review queue (a part of those two).
 */
export interface SyncCounts {
  /** Postings that became jobs (first seen, reappeared, or no longer held out). */
  new: number;
  /** Jobs whose posting changed. */
  updated: number;
  /** Jobs closed: their posting left the board, or it changed into one that is not B2G. */
  closed: number;
  /** Jobs whose posting's content hash is as before (not classified again). */
  unchanged: number;
  /** Postings held out as not B2G (classified now, or before and unchanged since). */
  excluded: number;
  /** Postings the board lists but that could not be read, each with its reason. */
  failed: number;
  /** Of new and updated, those whose classification sends them to the review queue. */
  pending: number;
}

export const NO_COUNTS: SyncCounts = {
  new: 0,
  updated: 0,
  closed: 0,
  unchanged: 0,
  excluded: 0,
  failed: 0,
  pending: 0,
};

/** Why the last run could not read the board. */
export interface SourceError {
  kind: BoardReadErrorKind;
  reason: string;
  at: Date;
}

/** A company's board on an ATS that the service keeps in sync with the job board. */
export interface Source {
  id: string;
  board: Board;
  companyName: string;
  careersUrl: string;
  status: SourceStatus;
  createdAt: Date;
  lastRunAt: Date | null;
  /** When it is next due; a paused source keeps it and is due on resume when it has passed. */
  nextRunAt: Date;
  /** The counts of the last run that read the board (kept through a failed run). */
  lastCounts: SyncCounts | null;
  /** The last failed run's error; cleared by a run that reads the board. */
  lastError: SourceError | null;
  /** The postings the last run that read the board could not read (at most `LISTED_FAILURES_MAX`). */
  lastFailures: PostingFailure[];
  consecutiveFailures: number;
  /** Whether it failed `FLAG_AFTER_FAILURES` runs in a row (until a run succeeds). */
  flagged: boolean;
  /** The board's validators from its last full answer, sent back to ask whether it changed. */
  etag?: string | undefined;
  lastModified?: string | undefined;
}

export interface NewSource {
  id: string;
  board: Board;
  companyName: string;
  careersUrl: string;
}

/** A new source, active and due at once. */
export const newSource = (input: NewSource, now: Date): Source => ({
  ...input,
  status: 'active',
  createdAt: now,
  lastRunAt: null,
  nextRunAt: now,
  lastCounts: null,
  lastError: null,
  lastFailures: [],
  consecutiveFailures: 0,
  flagged: false,
});

export const isFlagged = (consecutiveFailures: number): boolean =>
  consecutiveFailures >= FLAG_AFTER_FAILURES;

/** Whether the scheduler should sync it now. */
export const isDue = (source: Source, now: Date): boolean =>
  source.status === 'active' && source.nextRunAt.getTime() <= now.getTime();

/** The next run after one at `now`: never sooner than the interval, up to `SYNC_JITTER` later. */
export const nextRunAfter = (now: Date, intervalMs: number, random: () => number): Date =>
  new Date(now.getTime() + intervalMs + Math.floor(random() * SYNC_JITTER * intervalMs));

/** The fields a run writes (and only a run: an admin's pause written meanwhile is kept). */
export type SourceRun = Pick<
  Source,
  | 'lastRunAt'
  | 'nextRunAt'
  | 'lastCounts'
  | 'lastError'
  | 'lastFailures'
  | 'consecutiveFailures'
  | 'flagged'
  | 'etag'
  | 'lastModified'
>;

/** The admin's actions on a source: each changes its status or when it is due. */
export const SOURCE_ACTIONS = ['pause', 'resume', 'syncNow'] as const;
export type SourceAction = (typeof SOURCE_ACTIONS)[number];

export type SourceControl = Pick<Source, 'status' | 'nextRunAt'>;

/** What an admin's action sets; `syncNow` makes the source due now (and active). */
export function controlled(source: Source, action: SourceAction, now: Date): SourceControl {
  switch (action) {
    case 'pause':
      return { status: 'paused', nextRunAt: source.nextRunAt };
    case 'resume':
      return { status: 'active', nextRunAt: source.nextRunAt };
    case 'syncNow':
      return { status: 'active', nextRunAt: now };
  }
}
