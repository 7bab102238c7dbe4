import type { EmployerPostingStore } from '../domain/employer-postings.js';
import type { JobRecord } from '../domain/model.js';
import type { JobDocument, JobsModels } from './job-model.js';

/** An employer's postings: each read is one equality on the indexed `posterEmail`. */
export class MongoEmployerPostings implements EmployerPostingStore {
  constructor(private readonly models: JobsModels) {}

  byPoster(email: string, limit: number): Promise<JobRecord[]> {
    return this.models.Job.find({ posterEmail: email })
      .sort({ postedAt: -1, _id: 1 })
      .limit(limit)
      .lean<JobDocument[]>();
  }

  async hasPostings(email: string): Promise<boolean> {
    return (await this.models.Job.exists({ posterEmail: email })) !== null;
  }
}
