import type { Classification, Decision } from './classification/index.js';
import {
  NO_LONGER_B2G,
  REMOVED_FROM_BOARD,
  type ImportedPostingEvent,
  type StoredPosting,
} from './imported.js';
import type { SourcePosting } from './model.js';
import type { PostingFailure, ReadPosting } from './postings.js';
import { NO_COUNTS, type Source, type SyncCounts } from './sources.js';

/** What a run does with one posting of the board (or of the store, for `close`). */
export const POSTING_ACTIONS = [
  'create',
  'update',
  'close',
  'unchanged',
  'excluded',
  'failed',
] as const;
export type PostingAction = (typeof POSTING_ACTIONS)[number];

export interface PostingOutcome {
  /** Undefined for a failure whose posting had no readable id. */
  atsId: string | undefined;
  action: PostingAction;
  /** The classifier's decision (classified now, or kept from before when unchanged). */
  decision?: Decision | null | undefined;
  /** A failure's reason, a closing's reason. */
  reason?: string | undefined;
}

/** A run's work: per posting what to do, the records to write, the events to emit, the counts. */
export interface RunPlan {
  outcomes: PostingOutcome[];
  records: StoredPosting[];
  events: ImportedPostingEvent[];
  counts: SyncCounts;
}

export type Classifier = (posting: SourcePosting) => Classification;

/** What the classifier reads of a read posting; the source's company name when the ATS gives none. */
const toSourcePosting = (posting: ReadPosting, source: Source): SourcePosting => ({
  title: posting.title,
  description: posting.description,
  location: posting.location,
  department: posting.department,
  company: posting.company ?? source.companyName,
  employmentType: posting.employmentType,
  workplaceType: posting.workplaceType,
  salary: posting.salary,
});

/** A job, or a posting held out: what a failure or an unchanged hash leaves as it is. */
const holdsPosting = (stored: StoredPosting | undefined): boolean =>
  stored?.state === 'open' || stored?.state === 'excluded';

/**
 * Compares a board read whole with the source's stored postings. A posting whose content hash is
 * as stored is not classified again; a failure keeps what was stored (its job stays open); a
 * stored posting neither read nor failed has left the board and its job closes.
 */
export function planRun(
  source: Source,
  read: { postings: readonly ReadPosting[]; failures: readonly PostingFailure[] },
  stored: readonly StoredPosting[],
  now: Date,
  classify: Classifier,
): RunPlan {
  const byId = new Map(stored.map((posting) => [posting.atsId, posting]));
  const seen = new Set<string>();
  const plan: RunPlan = { outcomes: [], records: [], events: [], counts: { ...NO_COUNTS } };
  const facts = (atsId: string) => ({ sourceId: source.id, ats: source.board.ats, atsId });
  const closeJob = (atsId: string, reason: string) => {
    plan.events.push({ type: 'ImportedPostingClosed', ...facts(atsId), reason });
    plan.counts.closed += 1;
  };

  for (const posting of read.postings) {
    if (seen.has(posting.atsId)) continue;
    seen.add(posting.atsId);
    const before = byId.get(posting.atsId);
    if (before && holdsPosting(before) && before.contentHash === posting.contentHash) {
      const action = before.state === 'open' ? 'unchanged' : 'excluded';
      plan.counts[action] += 1;
      plan.outcomes.push({ atsId: posting.atsId, action, decision: before.decision });
      if (before.failure !== null) plan.records.push({ ...before, failure: null, changedAt: now });
      continue;
    }
    const classification = classify(toSourcePosting(posting, source));
    const { decision } = classification;
    const wasJob = before?.state === 'open';
    plan.records.push({
      ...facts(posting.atsId),
      state: decision === 'excluded' ? 'excluded' : 'open',
      contentHash: posting.contentHash,
      title: posting.title,
      url: posting.url ?? null,
      decision,
      reasons: classification.reasons,
      failure: null,
      closedReason: null,
      firstSeenAt: before?.firstSeenAt ?? now,
      changedAt: now,
    });
    if (decision === 'excluded') {
      if (wasJob) closeJob(posting.atsId, NO_LONGER_B2G);
      plan.counts.excluded += 1;
      plan.outcomes.push({ atsId: posting.atsId, action: 'excluded', decision });
      continue;
    }
    plan.events.push({
      type: wasJob ? 'ImportedPostingUpdated' : 'ImportedPostingCreated',
      ...facts(posting.atsId),
      contentHash: posting.contentHash,
      companyName: source.companyName,
      posting,
      classification,
      decision,
    });
    plan.counts[wasJob ? 'updated' : 'new'] += 1;
    if (decision === 'pending') plan.counts.pending += 1;
    plan.outcomes.push({ atsId: posting.atsId, action: wasJob ? 'update' : 'create', decision });
  }

  for (const failure of read.failures) {
    if (failure.atsId !== undefined && seen.has(failure.atsId)) continue;
    plan.counts.failed += 1;
    plan.outcomes.push({ atsId: failure.atsId, action: 'failed', reason: failure.reason });
    if (failure.atsId === undefined) continue;
    seen.add(failure.atsId);
    const before = byId.get(failure.atsId);
    plan.records.push(
      before && holdsPosting(before)
        ? { ...before, failure: failure.reason, changedAt: now }
        : {
            ...facts(failure.atsId),
            state: 'failed',
            contentHash: null,
            title: null,
            url: null,
            decision: null,
            reasons: [],
            failure: failure.reason,
            closedReason: null,
            firstSeenAt: before?.firstSeenAt ?? now,
            changedAt: now,
          },
    );
  }

  for (const gone of stored) {
    if (seen.has(gone.atsId) || gone.state === 'closed') continue;
    const record = { ...gone, failure: null, changedAt: now };
    plan.records.push({ ...record, state: 'closed', closedReason: REMOVED_FROM_BOARD });
    if (gone.state !== 'open') continue;
    closeJob(gone.atsId, REMOVED_FROM_BOARD);
    plan.outcomes.push({ atsId: gone.atsId, action: 'close', reason: REMOVED_FROM_BOARD });
  }
  return plan;
}
