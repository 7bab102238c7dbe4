import type { ReviewStatus } from '@b2g/contracts';
import { outboxPlugin, type Outbox, type Outgoing } from '@b2g/event-bus';
import { modelOn } from '@b2g/service-kit';
import mongoose, { type Connection, type Model } from 'mongoose';
import type { JobsEvent } from '../domain/events.js';
import type { JobRecord } from '../domain/model.js';
import type { SubmissionRecord, SubmissionStore } from '../domain/review.js';

export const SUBMISSIONS_COLLECTION = 'submissions';

const submissionSchema = new mongoose.Schema<SubmissionRecord>(
  {
    _id: { type: String, required: true },
    job: { type: mongoose.Schema.Types.Mixed, required: true },
    status: { type: String, required: true },
    score: { type: Number, required: true },
    signals: { type: mongoose.Schema.Types.Mixed, default: [] },
    submittedAt: { type: Date, required: true },
    decidedAt: { type: Date, default: null },
    reason: { type: String, default: null },
    editOf: { type: String, default: null },
    assessed: { type: mongoose.Schema.Types.Mixed, required: true },
    posterEmail: { type: String },
    posterAccountId: { type: String },
    posterDomain: { type: String },
    applyHost: { type: String },
  },
  { collection: SUBMISSIONS_COLLECTION, versionKey: false, minimize: false },
);
// A decision carries the events it states (post.reviewed) in the same write.
submissionSchema.plugin(outboxPlugin);

// The review list: pending ones newest first, one equality on the leading field.
submissionSchema.index({ status: 1, submittedAt: -1 });
// A ban's cascade: one equality on the lowercase e-mail domain or apply host.
submissionSchema.index({ posterDomain: 1 }, { sparse: true });
submissionSchema.index({ applyHost: 1 }, { sparse: true });
// An employer's postings in review, read as their live ones are.
submissionSchema.index({ posterEmail: 1, submittedAt: -1 }, { sparse: true });
submissionSchema.index({ posterAccountId: 1, submittedAt: -1 }, { sparse: true });

export type SubmissionModel = Model<SubmissionRecord>;

export function submissionModel(connection: Connection): SubmissionModel {
  return modelOn(connection, 'Submission', submissionSchema);
}

/**
 * Posts and edits held for review, kept apart from the jobs so that no public read meets them.
 * Every change of a submission goes through the outbox (the model is one of its models), as the
 * one writer of the document across processes.
 */
export class MongoSubmissions implements SubmissionStore {
  constructor(
    private readonly model: SubmissionModel,
    private readonly outbox: Pick<Outbox, 'update'>,
    private readonly outgoing: Outgoing<JobsEvent>,
  ) {}

  init(): Promise<unknown> {
    return this.model.init();
  }

  async insert(submission: SubmissionRecord): Promise<void> {
    await this.model.create(submission);
  }

  byId(id: string): Promise<SubmissionRecord | null> {
    return this.model.findById(id).lean<SubmissionRecord>();
  }

  async pending(limit: number): Promise<{ items: SubmissionRecord[]; total: number }> {
    const [items, total] = await Promise.all([
      this.model
        .find({ status: 'pending' })
        .sort({ submittedAt: -1, _id: 1 })
        .limit(limit)
        .lean<SubmissionRecord[]>(),
      this.model.countDocuments({ status: 'pending' }),
    ]);
    return { items, total };
  }

  /** Only a pending submission matches: a decided one is left as it is, with no event. */
  decide(
    id: string,
    decision: { status: Exclude<ReviewStatus, 'pending'>; decidedAt: Date; reason: string | null },
    events: readonly JobsEvent[],
  ): Promise<boolean> {
    return this.outbox.update(
      this.model,
      { _id: id, status: 'pending' },
      { $set: decision },
      this.outgoing(events),
    );
  }

  async reopen(id: string): Promise<void> {
    await this.outbox.update(
      this.model,
      { _id: id },
      { $set: { status: 'pending', decidedAt: null, reason: null } },
      [],
    );
  }

  pendingBy(
    key: { posterDomain: string } | { applyHost: string },
    limit: number,
  ): Promise<SubmissionRecord[]> {
    return this.model
      .find({ ...key, status: 'pending' })
      .limit(limit)
      .lean<SubmissionRecord[]>();
  }

  async byOwner(
    owner: { email?: string | undefined; accountId?: string | undefined },
    limit: number,
  ): Promise<SubmissionRecord[]> {
    const newest = (filter: Record<string, string>) =>
      this.model.find(filter).sort({ submittedAt: -1 }).limit(limit).lean<SubmissionRecord[]>();
    const reads = await Promise.all([
      owner.email === undefined ? [] : newest({ posterEmail: owner.email }),
      owner.accountId === undefined ? [] : newest({ posterAccountId: owner.accountId }),
    ]);
    const byId = new Map(reads.flat().map((submission) => [submission._id, submission]));
    return [...byId.values()]
      .sort((a, b) => b.submittedAt.getTime() - a.submittedAt.getTime())
      .slice(0, limit);
  }

  async hasPostings(email: string): Promise<boolean> {
    return (await this.model.exists({ posterEmail: email })) !== null;
  }

  /**
   * A rejected post's job as gone (its page answers 410); null for a pending, approved or unknown
   * one, and for an edit (its posting is the live one).
   */
  async rejectedJob(id: string): Promise<JobRecord | null> {
    const found = await this.byId(id);
    if (!found || found.status !== 'rejected' || found.editOf !== null) return null;
    return { ...found.job, deletedAt: found.decidedAt ?? found.submittedAt };
  }
}
