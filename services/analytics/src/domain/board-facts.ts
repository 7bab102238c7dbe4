import type { PostOutcome } from '@b2g/contracts';
import { dayOf } from './days.js';
import { countKey, type Tally } from './tally.js';

/**
 * What other services state that the board's statistics count: jobs created (per job source), new
 * public posts per review outcome and alert e-mails sent. Counted like the browsers' events, in
 * this instance's tally, on the day the fact arrives (a past day's totals have left memory, so
 * they are never reopened).
 */
export class BoardFacts {
  constructor(
    private readonly tally: Tally,
    private readonly clock: () => Date,
  ) {}

  jobCreated(source: string): void {
    this.tally.board(dayOf(this.clock()), (board) => countKey(board.posts, source));
  }

  postReviewed(outcome: PostOutcome): void {
    this.tally.board(dayOf(this.clock()), (board) => countKey(board.outcomes, outcome));
  }

  alertSent(): void {
    this.tally.board(dayOf(this.clock()), (board) => (board.alertEmailsSent += 1));
  }
}
