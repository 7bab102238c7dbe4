import type { BoardPartial, Day, JobPartial, Visit } from './model.js';

/**
 * The partial counters. Each instance writes only its own documents (keyed by instance, day and
 * posting or board), replacing them with its running totals, so no two writers ever touch one
 * document and a repeated write changes nothing.
 */
export interface CounterStore {
  write(jobs: readonly JobPartial[], boards: readonly BoardPartial[]): Promise<void>;
  /** Every instance's shares of a posting, of all days (one equality lookup on the posting). */
  jobPartials(jobId: string): Promise<JobPartial[]>;
  /** Every instance's shares of the board's day (one equality lookup on the day). */
  boardPartials(day: Day): Promise<BoardPartial[]>;
}

/** The day's random salt, the same for every instance; older salts are deleted. */
export interface SaltStore {
  /** The salt of `day`, created by the first instance that asks. */
  saltOf(day: Day): Promise<string>;
  /** Deletes the salts of the days before `day`: yesterday's visitors can no longer be linked. */
  removeBefore(day: Day): Promise<void>;
}

/**
 * Which visits are a visitor's first of a posting that day, across every instance and restart:
 * each visit is recorded once, by whichever instance records it first.
 */
export interface VisitStore {
  /** Records the visits and answers those no instance had recorded before. */
  firstVisits(visits: readonly Visit[]): Promise<Visit[]>;
  /** Forgets the visits of `days` (days whose counting is over). */
  forgetDays(days: readonly Day[]): Promise<void>;
}
