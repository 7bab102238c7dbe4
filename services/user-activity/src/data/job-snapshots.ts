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
   * Writes the state unless a later one is stored: the filter matches an older (or equal) state,
   * and when it does not, the upsert's insert collides on _id and the news is dropped. A collision
   * can also mean a first state was inserted meanwhile, so the write is tried once more. Once
   * removed (purged), a job stays removed. Each job has one writer at a time across processes
   * (FerretDB does not isolate concurrent updates of one document); news already older than the
   * stored state (events of one job handled out of order by two instances) is dropped after one
   * read by `_id`, without waiting for that.
   */
  async put(snapshot: JobSnapshot, asOf: Date): Promise<void> {
    const stored = await this.model
      .findById(snapshot.jobId, { asOf: 1 })
      .lean<Pick<JobSnapshotRecord, 'asOf'>>();
    if (stored && stored.asOf > asOf) return;
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
