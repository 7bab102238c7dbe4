import { HOURS_PER_YEAR } from '@b2g/contracts';
import type { Outbox, Outgoing } from '@b2g/event-bus';
import { isDuplicateKey } from '@b2g/service-kit';
import mongoose, { type QueryFilter, type UpdateQuery } from 'mongoose';
import type { JobsEvent } from '../domain/events.js';
import { identityKey } from '../domain/job.js';
import type {
  AdminListQuery,
  JobIdentity,
  JobPage,
  JobRecord,
  JobSearchQuery,
} from '../domain/model.js';
import { DuplicateHashError, type JobStore } from '../domain/ports.js';
import { clearancesUpTo, SECTOR_MATCHES, todayOf } from '../domain/search.js';
import type { JobDocument, JobsModels } from './job-model.js';

/** Jobs read at once by the identity key backfill. */
const BACKFILL_BATCH = 1_000;
/** The backfills done once for every job stored before, each a document named by what it gave. */
export const BACKFILLS_COLLECTION = 'jobs_backfills';
const IDENTITY_BACKFILL = 'activeIdentityKey';

/** Fields a job has only while active: a soft-deleted job's are removed. */
const DUPLICATE_KEYS = ['activeHash', 'activeIdentityKey'] as const;

/**
 * The outbox writes a change with its events and relays them; every write of a job goes through
 * it (a write without events too), as the one writer of the document across processes.
 */
export type OutboxWriter = Pick<Outbox, 'insert' | 'update' | 'delete' | 'withWriteLease'>;

/**
 * The jobs collection. Every write is one single-document operation carrying its events (the
 * outbox lives in the document), selected by `_id` — the only filter FerretDB pushes down — and,
 * for changes, by the revision the change was computed from (optimistic concurrency).
 */
export class JobsRepository implements JobStore {
  constructor(
    private readonly models: JobsModels,
    private readonly outbox: OutboxWriter,
    private readonly outgoing: Outgoing<JobsEvent>,
  ) {}

  /** Every active job (what a reindex loads). */
  active(): AsyncIterable<JobRecord> {
    return activeJobs(this.models);
  }

  countActive(): Promise<number> {
    return this.models.Job.countDocuments({ deletedAt: null });
  }

  /** Active jobs passing the query's filters, newest first (the listing while search is down). */
  async newest(query: JobSearchQuery, now: Date): Promise<JobPage> {
    const filter = activeFilter(query, now);
    const [items, total] = await Promise.all([
      this.models.Job.find(filter)
        .sort({ postedAt: -1, _id: 1 })
        .skip(query.offset)
        .limit(query.limit)
        .lean<JobDocument[]>(),
      this.models.Job.countDocuments(filter),
    ]);
    return { items, total };
  }

  /** Every job (soft-deleted ones if asked), newest first, matching title, company or location. */
  async adminList(query: AdminListQuery): Promise<JobRecord[]> {
    const filter: QueryFilter<JobDocument> = query.includeDeleted ? {} : { deletedAt: null };
    if (query.search) {
      const contains = new RegExp(escapeRegex(query.search), 'i');
      filter.$or = [{ title: contains }, { company: contains }, { location: contains }];
    }
    return this.models.Job.find(filter).sort({ postedAt: -1, _id: 1 }).lean<JobDocument[]>();
  }

  async byId(id: string): Promise<JobRecord | null> {
    return this.models.Job.findById(id).lean<JobDocument>();
  }

  async activeById(id: string): Promise<JobRecord | null> {
    const record = await this.byId(id);
    return record && !record.deletedAt ? record : null;
  }

  /** The id of the active job with this hash (a scan on FerretDB; only asked after a collision). */
  async activeIdForHash(hash: string): Promise<string | undefined> {
    const found = await this.models.Job.findOne({ activeHash: hash })
      .select({ _id: 1 })
      .lean<{ _id: string }>();
    return found?._id;
  }

  /** The id of an active job with the same identity key (an indexed equality lookup). */
  async activeIdForIdentity(identity: JobIdentity): Promise<string | undefined> {
    const found = await this.models.Job.findOne({ activeIdentityKey: identityKey(identity) })
      .select({ _id: 1 })
      .lean<{ _id: string }>();
    return found?._id;
  }

  /**
   * Gives each active job stored without an identity key its key, a batch at a time, each write
   * under the document's write lease (no revision, no event: nothing a reader sees changes). Once
   * none is left that is recorded, so later starts read one document instead of scanning the
   * jobs. Returns how many jobs were keyed.
   */
  async backfillIdentityKeys(): Promise<number> {
    const done = this.models.Job.db.collection<{ _id: string; at: Date }>(BACKFILLS_COLLECTION);
    if (await done.findOne({ _id: IDENTITY_BACKFILL })) return 0;
    const unkeyed = {
      deletedAt: null,
      activeIdentityKey: mongoose.trusted({ $exists: false }),
    };
    let keyed = 0;
    for (;;) {
      const batch = await this.models.Job.find(unkeyed)
        .select({ _id: 1, title: 1, company: 1, location: 1 })
        .limit(BACKFILL_BATCH)
        .lean<Array<JobIdentity & { _id: string }>>();
      if (batch.length === 0) break;
      for (const job of batch) {
        // A job edited or deleted meanwhile no longer matches: the edit gave it its key already.
        const written = await this.outbox.withWriteLease(this.models.Job, job._id, () =>
          this.models.Job.updateOne(
            { _id: job._id, ...unkeyed },
            { $set: { activeIdentityKey: identityKey(job) } },
          ).exec(),
        );
        keyed += written.modifiedCount;
      }
    }
    // Another instance may have recorded it first: the same fact.
    await done.insertOne({ _id: IDENTITY_BACKFILL, at: new Date() }).catch((error: unknown) => {
      if (!isDuplicateKey(error)) throw error;
    });
    return keyed;
  }

  async insert(record: JobRecord, events: JobsEvent[]): Promise<void> {
    try {
      await this.outbox.insert(this.models.Job, stripUndefined(record), this.outgoing(events));
    } catch (error) {
      throw asDuplicate(error);
    }
  }

  /**
   * Stores `next` over the revision it was computed from; false when that revision is gone. The
   * bookmark count is left as stored: a change computed from an older read must not undo a count.
   */
  async replace(previous: JobRecord, next: JobRecord, events: JobsEvent[]): Promise<boolean> {
    const { _id: id, bookmarkCount: _count, ...fields } = next;
    const absent = DUPLICATE_KEYS.filter((key) => fields[key] === undefined);
    const update: UpdateQuery<JobDocument> = {
      $set: stripUndefined(fields),
      ...(absent.length > 0 && { $unset: Object.fromEntries(absent.map((key) => [key, ''])) }),
    };
    try {
      return await this.outbox.update(
        this.models.Job,
        { _id: id, revision: previous.revision },
        update,
        this.outgoing(events),
      );
    } catch (error) {
      throw asDuplicate(error);
    }
  }

  /** Removes the job for good once its events are published; false when its revision is gone. */
  async purge(previous: JobRecord, events: JobsEvent[]): Promise<boolean> {
    return this.outbox.delete(
      this.models.Job,
      { _id: previous._id, revision: previous.revision },
      this.outgoing(events),
    );
  }

  /** The count alone, whatever the revision: no event, so the relay has nothing to do. */
  async setBookmarkCount(id: string, count: number): Promise<void> {
    await this.outbox.withWriteLease(this.models.Job, id, () =>
      this.models.Job.updateOne({ _id: id }, { $set: { bookmarkCount: count } }).exec(),
    );
  }

  /** Newest active jobs of a function (any, when null) but one: similar jobs while search is down. */
  async newestOfFunction(
    jobFunction: JobRecord['jobFunction'],
    excludeId: string,
    limit: number,
    now: Date,
  ): Promise<JobRecord[]> {
    const filter = openFilter(now);
    if (jobFunction) filter.jobFunction = jobFunction;
    const newest = await this.models.Job.find(filter)
      .sort({ postedAt: -1, _id: 1 })
      .limit(limit + 1)
      .lean<JobDocument[]>();
    return newest.filter((job) => job._id !== excludeId).slice(0, limit);
  }
}

/** Every active job, read in batches. */
export async function* activeJobs(models: JobsModels): AsyncIterable<JobRecord> {
  const cursor = models.Job.find({ deletedAt: null })
    .lean<JobDocument>()
    .cursor({ batchSize: 5_000 });
  for await (const document of cursor) yield document as JobDocument;
}

/** Jobs without a closing date, or closing today or later. */
function stillOpen(now: Date): QueryFilter<JobDocument> {
  return {
    $or: [{ closingDate: null }, { closingDate: mongoose.trusted({ $gte: todayOf(now) }) }],
  };
}

/** Active jobs that are still open: what may be similar to a job. */
function openFilter(now: Date): QueryFilter<JobDocument> {
  return { deletedAt: null, ...stillOpen(now) };
}

/**
 * The MongoDB filter of the active, not yet closed jobs a search query's filters select (its
 * text aside).
 */
function activeFilter(query: JobSearchQuery, now: Date): QueryFilter<JobDocument> {
  // Operators built here from validated values: marked trusted, as the kit's sanitizeFilter would
  // otherwise take them for operators smuggled in by a request.
  const trusted = mongoose.trusted;
  const all: QueryFilter<JobDocument>[] = [stillOpen(now)];
  const filter: QueryFilter<JobDocument> = { deletedAt: null, $and: all };
  if (query.clearance)
    all.push({
      $or: [{ clearance: null }, { clearance: trusted({ $in: clearancesUpTo(query.clearance) }) }],
    });
  if (query.employmentType) filter.employmentType = query.employmentType;
  if (query.salaryMin !== undefined) all.push({ $or: payAtLeast(query.salaryMin) });
  if (query.sector) filter.sector = trusted({ $in: [...SECTOR_MATCHES[query.sector]] });
  if (query.jobFunction) filter.jobFunction = query.jobFunction;
  if (query.employerType) filter.employerType = query.employerType;
  if (query.experienceLevel) filter.experienceLevel = query.experienceLevel;
  if (query.location) filter.location = new RegExp(escapeRegex(query.location), 'i');
  if (query.postedWithin)
    filter.postedAt = trusted({ $gte: new Date(now.getTime() - query.postedWithin * 86_400_000) });
  if (query.remote === 'hybrid') filter.remoteDays = trusted({ $gte: 1, $lte: 4 });
  if (query.remote === 'remote')
    filter.$or = [{ remoteDays: 5 }, { isRemote: true, remoteDays: null }];
  if (query.remote === 'on-site') Object.assign(filter, { isRemote: false, remoteDays: null });
  return filter;
}

/** Jobs whose top of range (else minimum) a year, hourly rates annualised, is at least `amount`. */
function payAtLeast(amount: number): QueryFilter<JobDocument>[] {
  const trusted = mongoose.trusted;
  return (['year', 'hour'] as const).flatMap((salaryPeriod) => {
    const least = trusted({ $gte: salaryPeriod === 'hour' ? amount / HOURS_PER_YEAR : amount });
    return [
      { salaryPeriod, salaryMax: least },
      { salaryPeriod, salaryMax: null, salaryMin: least },
    ];
  });
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function asDuplicate(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const isDuplicate =
    isDuplicateKey(error) ||
    // FerretDB 1.24 reports a unique index violated by an update as an internal SQLite error.
    ('message' in error &&
      typeof error.message === 'string' &&
      /UNIQUE constraint failed: index '[^']*activeHash/.test(error.message));
  return isDuplicate ? new DuplicateHashError('an active job with the same hash exists') : error;
}
