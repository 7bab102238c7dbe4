import { classify } from './classification/index.js';
import { SOURCE_REMOVED, type ImportedPostingClosed } from './imported.js';
import {
  BoardReadError,
  type AtsBoards,
  type BoardRead,
  type ImportedPostingEvents,
  type SourcePostings,
  type Sources,
  type SyncLeases,
} from './ports.js';
import {
  isDue,
  isFlagged,
  LISTED_FAILURES_MAX,
  NO_COUNTS,
  nextRunAfter,
  type Source,
  type SourceError,
  type SourceRun,
  type SyncCounts,
} from './sources.js';
import { planRun, type Classifier, type PostingOutcome } from './sync-plan.js';

export { POSTING_ACTIONS, type PostingAction, type PostingOutcome } from './sync-plan.js';

export interface SyncDeps {
  boards: AtsBoards;
  sources: Sources;
  postings: SourcePostings;
  events: ImportedPostingEvents;
  now: () => Date;
  /** 0 ≤ random() < 1: the schedule's jitter. */
  random: () => number;
  /** How often a source is synced at most (the setting). */
  intervalMs: number;
  /** The classifier; `classify` unless a test gives another. */
  classify?: Classifier;
}

/**
 * synced: the board was read and compared; unchanged: the ATS said nothing changed since the last
 * read (304); failed: the board could not be read (nothing closed, the error kept).
 */
export type SyncResult = 'synced' | 'unchanged' | 'failed';

export interface SyncOutcome {
  sourceId: string;
  result: SyncResult;
  /** This run's counts (all zero unless synced). */
  counts: SyncCounts;
  postings: PostingOutcome[];
  error?: SourceError | undefined;
  /** What was written to the source. */
  run: SourceRun;
}

const errorOf = (error: unknown): Pick<SourceError, 'kind' | 'reason'> =>
  error instanceof BoardReadError
    ? { kind: error.kind, reason: error.reason }
    : { kind: 'unavailable', reason: error instanceof Error ? error.message : String(error) };

/**
 * Syncs one source's board: reads it whole (conditionally, with the last validators), compares
 * it with the postings stored for the source, emits what the jobs side must do, stores the
 * postings, then the run. A board that cannot be read closes nothing: the error is kept, the
 * failure streak grows (flagged at `FLAG_AFTER_FAILURES`) and the next run is scheduled as usual.
 * A database error is thrown before the run is written, so the source stays due and is retried.
 */
export async function syncSource(source: Source, deps: SyncDeps): Promise<SyncOutcome> {
  const now = deps.now();
  const kept: SourceRun = {
    lastRunAt: now,
    nextRunAt: nextRunAfter(now, deps.intervalMs, deps.random),
    lastCounts: source.lastCounts,
    lastError: null,
    lastFailures: source.lastFailures,
    consecutiveFailures: 0,
    flagged: false,
    etag: source.etag,
    lastModified: source.lastModified,
  };
  const finish = async (
    result: SyncResult,
    run: SourceRun,
    more: Partial<SyncOutcome> = {},
  ): Promise<SyncOutcome> => {
    await deps.sources.recordRun(source.id, run);
    return { sourceId: source.id, result, counts: { ...NO_COUNTS }, postings: [], run, ...more };
  };

  let read: BoardRead;
  try {
    read = await deps.boards.read(source.board, {
      etag: source.etag,
      lastModified: source.lastModified,
    });
  } catch (cause) {
    const error: SourceError = { ...errorOf(cause), at: now };
    const consecutiveFailures = source.consecutiveFailures + 1;
    const flagged = isFlagged(consecutiveFailures);
    return finish('failed', { ...kept, lastError: error, consecutiveFailures, flagged }, { error });
  }
  if (read.unchanged) return finish('unchanged', kept);

  const stored = await deps.postings.listBySource(source.id);
  const plan = planRun(source, read, stored, now, deps.classify ?? classify);
  await deps.events.emit(plan.events);
  await deps.postings.upsertMany(plan.records);
  return finish(
    'synced',
    {
      ...kept,
      lastCounts: plan.counts,
      lastFailures: read.failures.slice(0, LISTED_FAILURES_MAX),
      etag: read.etag,
      lastModified: read.lastModified,
    },
    { counts: plan.counts, postings: plan.outcomes },
  );
}

export interface SchedulerDeps extends SyncDeps {
  leases: SyncLeases;
  /** This instance's name on the leases it takes. */
  owner: string;
  /** How long a run's lease holds: longer than any run, so only a dead holder's lease runs out. */
  leaseMs: number;
}

/**
 * Syncs the sources due now, one after another, each under its lease so that no two instances
 * sync one source at once. A source is read again once leased: another instance may have synced
 * it, or an admin paused or removed it, since the due list was read.
 */
export async function syncDueSources(deps: SchedulerDeps, limit: number): Promise<SyncOutcome[]> {
  const outcomes: SyncOutcome[] = [];
  for (const candidate of await deps.sources.due(deps.now(), limit)) {
    const until = new Date(deps.now().getTime() + deps.leaseMs);
    if (!(await deps.leases.take(candidate.id, deps.owner, until))) continue;
    try {
      const source = await deps.sources.get(candidate.id);
      if (source && isDue(source, deps.now())) outcomes.push(await syncSource(source, deps));
    } finally {
      await deps.leases.release(candidate.id, deps.owner);
    }
  }
  return outcomes;
}

export type RemoveResult = 'removed' | 'busy' | 'not-found';

/**
 * Removes a source and closes its jobs, under the source's lease so a run in progress cannot
 * bring them back: `busy` while one holds it (the admin tries again).
 */
export async function removeSource(
  sourceId: string,
  deps: Pick<
    SchedulerDeps,
    'sources' | 'postings' | 'events' | 'leases' | 'owner' | 'leaseMs' | 'now'
  >,
): Promise<RemoveResult> {
  const until = new Date(deps.now().getTime() + deps.leaseMs);
  if (!(await deps.leases.take(sourceId, deps.owner, until))) return 'busy';
  try {
    const source = await deps.sources.get(sourceId);
    if (!source) return 'not-found';
    const stored = await deps.postings.listBySource(sourceId);
    const closed = stored
      .filter((posting) => posting.state === 'open')
      .map((posting): ImportedPostingClosed => ({
        type: 'ImportedPostingClosed',
        sourceId,
        ats: source.board.ats,
        atsId: posting.atsId,
        reason: SOURCE_REMOVED,
      }));
    await deps.events.emit(closed);
    await deps.postings.removeBySource(sourceId);
    await deps.sources.remove(sourceId);
    return 'removed';
  } finally {
    await deps.leases.release(sourceId, deps.owner);
  }
}
