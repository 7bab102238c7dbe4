import type { JobSummary } from '@b2g/contracts';
import { ERROR_MESSAGES } from '@b2g/contracts';
import { notFound, serviceUnavailable } from '@b2g/service-kit';
import type { Logger } from 'pino';
import type { JobLookup, JobSnapshotStore } from './ports.js';

/** What a bookmark or application shows of its job. */
export interface JobFacts {
  title: string;
  company: string;
  location: string;
  link: string | null;
}

/** The last known state of a job, kept current from job events. */
export interface JobSnapshot extends JobFacts {
  jobId: string;
  deletedAt: Date | null;
  /** Permanently deleted by the admin: the last state is kept for display. */
  removed: boolean;
}

/** A job as the jobs service describes it, in events and in GET /api/jobs/:id. */
export interface JobDescription {
  id: string;
  title: string;
  company: string;
  location: string;
  link?: string | null;
  url?: string | null;
  applyUrl?: string | null;
  deletedAt?: string | null;
}

export function linkOf(job: JobDescription): string | null {
  return job.link ?? job.url ?? job.applyUrl ?? null;
}

export function snapshotOf(job: JobDescription, removed = false): JobSnapshot {
  return {
    jobId: job.id,
    title: job.title,
    company: job.company,
    location: job.location,
    link: linkOf(job),
    deletedAt: job.deletedAt ? new Date(job.deletedAt) : null,
    removed,
  };
}

export function summaryOf(job: JobFacts & { removed?: boolean }): JobSummary {
  return {
    title: job.title,
    company: job.company,
    location: job.location,
    link: job.link,
    ...(job.removed ? { removed: true } : {}),
  };
}

/**
 * Jobs as this service knows them: local snapshots first, and one lookup to the jobs service
 * (which then fills the snapshot) when a snapshot is missing.
 */
export class JobCatalog {
  constructor(
    private readonly snapshots: JobSnapshotStore,
    private readonly lookup: JobLookup,
    private readonly logger: Logger,
  ) {}

  /** A job a user may newly bookmark or apply to: it exists and is neither deleted nor removed. */
  async requireOpenJob(jobId: string): Promise<JobSnapshot> {
    let snapshot = await this.snapshots.get(jobId);
    if (!snapshot) {
      try {
        snapshot = await this.fetch(jobId);
      } catch (error) {
        this.logger.warn({ err: error, jobId }, 'job lookup failed');
        throw serviceUnavailable(ERROR_MESSAGES.serviceUnavailable);
      }
    }
    if (!snapshot || snapshot.deletedAt || snapshot.removed)
      throw notFound(ERROR_MESSAGES.jobNotFound);
    return snapshot;
  }

  /**
   * The current state of each job, for display. Missing snapshots are looked up once each; a job
   * the lookup cannot give is left out, and the caller shows the facts it kept.
   */
  async current(jobIds: readonly string[]): Promise<Map<string, JobSnapshot>> {
    const known = await this.known(jobIds);
    const missing = [...new Set(jobIds)].filter((id) => !known.has(id));
    const fetched = await Promise.all(
      missing.map((id) =>
        this.fetch(id).catch((error: unknown) => {
          this.logger.warn(
            { err: error, jobId: id },
            'job lookup failed; showing the kept job facts',
          );
          return undefined;
        }),
      ),
    );
    for (const snapshot of fetched) if (snapshot) known.set(snapshot.jobId, snapshot);
    return known;
  }

  /** Each record shown with the current state of its job (see `current`), in the records' order. */
  async withCurrent<R extends { jobId: string }, T>(
    records: readonly R[],
    show: (record: R, job: JobSnapshot | undefined) => T,
  ): Promise<T[]> {
    const current = await this.current(records.map((record) => record.jobId));
    return records.map((record) => show(record, current.get(record.jobId)));
  }

  /** The stored snapshots only, no lookup (for facts stated in events, where the kept copy will do). */
  async known(jobIds: readonly string[]): Promise<Map<string, JobSnapshot>> {
    const snapshots = await this.snapshots.getMany([...new Set(jobIds)]);
    return new Map(snapshots.map((s) => [s.jobId, s]));
  }

  /** A job event: the snapshot follows it unless a later state is stored already. */
  async record(job: JobDescription, occurredAt: Date, removed = false): Promise<void> {
    await this.snapshots.put(snapshotOf(job, removed), occurredAt);
  }

  /** The lookup's answer is the state as of the moment it was asked (wall clock, like events' occurredAt). */
  private async fetch(jobId: string): Promise<JobSnapshot | undefined> {
    const asOf = new Date();
    const job = await this.lookup.getJob(jobId);
    if (!job) return undefined;
    const snapshot = snapshotOf(job);
    await this.snapshots.put(snapshot, asOf);
    return (await this.snapshots.get(jobId)) ?? snapshot;
  }
}
