import type { Classification, Decision } from './classification/index.js';
import type { AtsName, ReadPosting } from './postings.js';

/** The reason a job closes when its posting is no longer on the employer's board. */
export const REMOVED_FROM_BOARD = "removed from the employer's board";
/** The reason a job closes when its posting changed into one that is not B2G. */
export const NO_LONGER_B2G = 'changed into a posting that is not B2G';
/** The reason a source's jobs close when an admin removes the source. */
export const SOURCE_REMOVED = 'its source was removed';

/**
 * open: a job (live or in review); excluded: held out as not B2G; failed: never read whole (no
 * job); closed: gone from the board, its job (if any) closed.
 */
export const STORED_STATES = ['open', 'excluded', 'failed', 'closed'] as const;
export type StoredState = (typeof STORED_STATES)[number];

/** A posting as the service last saw it on its source's board, keyed on (source, ATS id). */
export interface StoredPosting {
  sourceId: string;
  atsId: string;
  state: StoredState;
  /** The content hash of the last version read whole; null when it was never read whole. */
  contentHash: string | null;
  title: string | null;
  url: string | null;
  /** The classifier's last decision and reasons (null until it was read whole). */
  decision: Decision | null;
  reasons: string[];
  /** Why the last run could not read it; null once it reads. */
  failure: string | null;
  /** Why it closed (closed only). */
  closedReason: string | null;
  firstSeenAt: Date;
  /** When a run last changed this record. */
  changedAt: Date;
}

/** The (source, ATS id) key of a posting: one string, as the store keys it. */
export const postingKey = (sourceId: string, atsId: string): string => `${sourceId}|${atsId}`;

interface ImportedPostingFacts {
  sourceId: string;
  ats: AtsName;
  atsId: string;
  /** With the source and ATS id, what a consumer keys on: a repeat of an event changes nothing. */
  contentHash: string;
}

/** A posting to publish as a job (source = the ATS, external), live or in the review queue. */
export interface ImportedPostingCreated extends ImportedPostingFacts {
  type: 'ImportedPostingCreated';
  companyName: string;
  posting: ReadPosting;
  classification: Classification;
  decision: Exclude<Decision, 'excluded'>;
}

/** A job's posting changed: its fields and decision (live or review) as classified again. */
export interface ImportedPostingUpdated extends Omit<ImportedPostingCreated, 'type'> {
  type: 'ImportedPostingUpdated';
}

/** A job to close, with the reason (removed from the board, no longer B2G, source removed). */
export interface ImportedPostingClosed {
  type: 'ImportedPostingClosed';
  sourceId: string;
  ats: AtsName;
  atsId: string;
  reason: string;
}

/** What the sync asks of the jobs side; events of one posting come in order. */
export type ImportedPostingEvent =
  ImportedPostingCreated | ImportedPostingUpdated | ImportedPostingClosed;
