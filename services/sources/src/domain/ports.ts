import type { Board, PostingFailure, ReadPosting } from './postings.js';

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
export type BoardReadErrorKind = 'not-found' | 'unavailable' | 'malformed' | 'refused';

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
