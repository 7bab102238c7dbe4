import type { ImportedPostingEvent, StoredPosting } from './imported.js';
import type { Board, PostingFailure, ReadPosting } from './postings.js';
import type { Source, SourceControl, SourceRun } from './sources.js';

/** Validators of a board's last answer, sent back to ask whether it changed. */
export interface BoardValidators {
  etag?: string | undefined;
  lastModified?: string | undefined;
}

/**
 * A board read whole: `unchanged` when the ATS answered 304 to a conditional request; otherwise
 * every posting it lists, each either read or a failure with its reason.
 */
export type BoardRead =
  | { unchanged: true }
  | ({
      unchanged?: false;
      postings: ReadPosting[];
      failures: PostingFailure[];
    } & BoardValidators);

/**
 * Why a whole board could not be read: `not-found` (the ATS has no such board), `unavailable`
 * (unreachable, timed out, 429 or 5xx after the retries), `malformed` (an answer that does not
 * parse as the ATS's shape, or too large), `refused` (a redirect to another host, a bad base).
 */
export const BOARD_READ_ERROR_KINDS = ['not-found', 'unavailable', 'malformed', 'refused'] as const;
export type BoardReadErrorKind = (typeof BOARD_READ_ERROR_KINDS)[number];

export class BoardReadError extends Error {
  constructor(
    readonly kind: BoardReadErrorKind,
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'BoardReadError';
  }
}

/** Reads a company's whole board from its ATS's public API; rejects with a BoardReadError. */
export interface AtsBoards {
  read(board: Board, previous?: BoardValidators): Promise<BoardRead>;
}

/** The sources and their schedules. */
export interface Sources {
  get(id: string): Promise<Source | null>;
  add(source: Source): Promise<void>;
  /** Every source (the admin's list): one document per employer board. */
  list(): Promise<Source[]>;
  /** Active sources due at `now`, soonest first, at most `limit` (the scheduler's read only). */
  due(now: Date, limit: number): Promise<Source[]>;
  /** Writes a run's fields only. */
  recordRun(id: string, run: SourceRun): Promise<void>;
  /** Writes an admin's action's fields only. */
  control(id: string, control: SourceControl): Promise<void>;
  remove(id: string): Promise<void>;
}

/** The postings last seen on each source's board. */
export interface SourcePostings {
  /** Every posting of one source (one indexed equality lookup on the source). */
  listBySource(sourceId: string): Promise<StoredPosting[]>;
  /** Creates or replaces each record under its (source, ATS id) key. */
  upsertMany(postings: readonly StoredPosting[]): Promise<void>;
  /** Deletes every record of a removed source. */
  removeBySource(sourceId: string): Promise<void>;
}

/**
 * What the sync asks of the jobs side, in order. The sync emits a run's events before it stores
 * the run's records: a run cut short in between repeats them on the next run (consumers key on
 * source, ATS id and content hash) rather than losing them.
 */
export interface ImportedPostingEvents {
  emit(events: readonly ImportedPostingEvent[]): Promise<void>;
}

/**
 * One run at a time per source across every instance: `take` answers whether this owner now
 * holds the source's lease until `until`; a lease whose holder died is taken over once it ran out.
 */
export interface SyncLeases {
  take(sourceId: string, owner: string, until: Date): Promise<boolean>;
  release(sourceId: string, owner: string): Promise<void>;
}
