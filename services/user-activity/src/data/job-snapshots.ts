import type { Outbox } from '@b2g/event-bus';
import { findByIds, isDuplicateKey } from '@b2g/service-kit';
import mongoose, { type Model } from 'mongoose';
import type { JobSnapshot } from '../domain/jobs.js';
import type { JobSnapshotStore } from '../domain/ports.js';
import type { JobSnapshotRecord } from './models.js';

function toSnapshot(record: JobSnapshotRecord): JobSnapshot {
  return {
    jobId: record._id,
    title: record.title,
    company: record.company,
    location: record.location,
    link: record.link ?? null,
    deletedAt: record.deletedAt ?? null,
    removed: record.removed === true,
  };
}

/** job_snapshots: one document per job, looked up by _id. */
export class MongoJobSnapshotStore implements JobSnapshotStore {
  constructor(
    private readonly model: Model<JobSnapshotRecord>,
    private readonly outbox: Pick<Outbox, 'withWriteLease'>,
  ) {}

  async get(jobId: string): Promise<JobSnapshot | undefined> {
    const record = await this.model.findById(jobId).lean<JobSnapshotRecord>();
    return record ? toSnapshot(record) : undefined;
  }

  async getMany(jobIds: readonly string[]): Promise<JobSnapshot[]> {
    return (await findByIds(this.model, jobIds)).map(toSnapshot);
  }

  /**
   * Per job, the puts of this process in turn (arrival order), the newest state among them (ms)
   * and how many wait: a burst of one job's events (every bookmark changes its count) writes the
   * newest state, and the older ones, when their turn comes, are dropped.
   */
  private readonly inTurn = new Map<
    string,
    { newest: number; tail: Promise<void>; waiting: number }
  >();

  /**
   * Writes the state unless a later one is stored: the filter matches an older (or equal) state,
   * and when it does not, the upsert's insert collides on _id and the news is dropped. A collision
   * can also mean a first state was inserted meanwhile, so the write is tried once more. Once
   * removed (purged), a job stays removed. Each job has one writer at a time across processes
   * (FerretDB does not isolate concurrent updates of one document), so news is dropped before it
   * waits for that when it is older than a state this process has in turn for the job, or than
   * the stored one (one read by `_id`). A dropped state could only have been overwritten: if the
   * newer write fails, its event is handled again.
   */
  async put(snapshot: JobSnapshot, asOf: Date): Promise<void> {
    const at = asOf.getTime();
    const job = snapshot.jobId;
    let turn = this.inTurn.get(job);
    if (!turn) {
      turn = { newest: at, tail: Promise.resolve(), waiting: 0 };
      this.inTurn.set(job, turn);
    }
    const jobTurn = turn;
    jobTurn.newest = Math.max(jobTurn.newest, at);
    jobTurn.waiting += 1;
    const mine = jobTurn.tail.then(async () => {
      if (jobTurn.newest > at) return;
      const stored = await this.model
        .findById(job, { asOf: 1 })
        .lean<Pick<JobSnapshotRecord, 'asOf'>>();
      if (stored && stored.asOf > asOf) return;
      await this.write(snapshot, asOf);
    });
    jobTurn.tail = mine.catch(() => undefined);
    try {
      await mine;
    } finally {
      jobTurn.waiting -= 1;
      if (jobTurn.waiting === 0) this.inTurn.delete(job);
    }
  }

  private async write(snapshot: JobSnapshot, asOf: Date): Promise<void> {
    await this.outbox.withWriteLease(this.model, snapshot.jobId, async () => {
      for (let attempt = 1; attempt <= 2; attempt += 1) {
        try {
          await this.model.updateOne(
            // The kit sanitizes filters (request data cannot smuggle operators): ours are marked trusted.
            { _id: snapshot.jobId, asOf: mongoose.trusted({ $lte: asOf }) },
            {
              $set: {
                title: snapshot.title,
                company: snapshot.company,
                location: snapshot.location,
                link: snapshot.link,
                deletedAt: snapshot.deletedAt,
                asOf,
                ...(snapshot.removed ? { removed: true } : {}),
              },
              ...(snapshot.removed ? {} : { $setOnInsert: { removed: false } }),
            },
            { upsert: true },
          );
          return;
        } catch (error) {
          if (!isDuplicateKey(error)) throw error;
        }
      }
    });
  }
}
