import type { EmployerPostingStore, PostingOwner } from '../domain/employer-postings.js';
import type { JobRecord } from '../domain/model.js';
import type { JobDocument, JobsModels } from './job-model.js';

const newestFirst = (a: JobRecord, b: JobRecord) =>
  b.postedAt.getTime() - a.postedAt.getTime() || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

/**
 * An employer's postings: each read is one equality on the indexed `posterEmail` or
 * `posterAccountId`; an owner with both gets the two reads merged.
 */
export class MongoEmployerPostings implements EmployerPostingStore {
  constructor(private readonly models: JobsModels) {}

  private newest(filter: Record<string, string>, limit: number): Promise<JobRecord[]> {
    return this.models.Job.find(filter)
      .sort({ postedAt: -1, _id: 1 })
      .limit(limit)
      .lean<JobDocument[]>();
  }

  async byOwner(owner: PostingOwner, limit: number): Promise<JobRecord[]> {
    const reads = await Promise.all([
      owner.email === undefined ? [] : this.newest({ posterEmail: owner.email }, limit),
      owner.accountId === undefined ? [] : this.newest({ posterAccountId: owner.accountId }, limit),
    ]);
    const byId = new Map(reads.flat().map((record) => [record._id, record]));
    return [...byId.values()].sort(newestFirst).slice(0, limit);
  }

  async hasPostings(email: string): Promise<boolean> {
    return (await this.models.Job.exists({ posterEmail: email })) !== null;
  }
}
