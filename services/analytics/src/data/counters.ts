import { ANALYTICS_SOURCES } from '@b2g/contracts';
import type { Model, mongo } from 'mongoose';
import {
  emptyJobCounts,
  type BoardPartial,
  type Day,
  type JobCounts,
  type JobPartial,
} from '../domain/model.js';
import type { CounterStore } from '../domain/ports.js';
import type { CounterDocument } from './models.js';

/** Documents written per bulk write. */
const WRITE_BATCH = 50;

const jobKey = (jobId: string) => `job:${jobId}`;
const boardKey = (day: Day) => `board:${day}`;

/** The order of a posting's day counts in their stored string; a field added later goes last. */
const JOB_COUNT_FIELDS = [
  'views',
  'uniqueVisitors',
  'impressions',
  'applyClicks',
  'bookmarks',
] as const satisfies ReadonlyArray<Exclude<keyof JobCounts, 'bySource'>>;

/** A posting's day as stored: its counts, then its views per source, joined by commas. */
function storedJobCounts(counts: JobCounts): string {
  return [
    ...JOB_COUNT_FIELDS.map((field) => counts[field]),
    ...ANALYTICS_SOURCES.map((source) => counts.bySource[source]),
  ].join(',');
}

function jobCountsOf(stored: string): JobCounts {
  const values = stored.split(',').map(Number);
  const at = (index: number) => values[index] || 0;
  const counts = emptyJobCounts();
  JOB_COUNT_FIELDS.forEach((field, index) => (counts[field] = at(index)));
  ANALYTICS_SOURCES.forEach(
    (source, index) => (counts.bySource[source] = at(JOB_COUNT_FIELDS.length + index)),
  );
  return counts;
}

/** Named counts as stored: the JSON of their `[name, count]` pairs. */
const storedNamedCounts = (counts: Record<string, number>): string =>
  JSON.stringify(Object.entries(counts));

const countsByName = (stored: string | undefined): Record<string, number> =>
  Object.fromEntries(stored ? (JSON.parse(stored) as Array<[string, number]>) : []);

/**
 * The partial counters in MongoDB/FerretDB. A flush sets each changed day of this instance's
 * documents to its totals (`$set`, upsert) in one bulk write, so a repeated flush changes nothing.
 * FerretDB does not isolate two concurrent updates of one document, so instances never share one;
 * on MongoDB a single document per posting and month, raised with `$inc` by every instance, would
 * do with fewer documents.
 */
export class MongoCounterStore implements CounterStore {
  constructor(private readonly model: Model<CounterDocument>) {}

  async write(jobs: readonly JobPartial[], boards: readonly BoardPartial[]): Promise<void> {
    const sets = new Map<string, Record<string, unknown>>();
    for (const partial of jobs) {
      const month = partial.day.slice(0, 7);
      const id = `${partial.instance}|${jobKey(partial.jobId)}|${month}`;
      const fields = sets.get(id) ?? {
        key: jobKey(partial.jobId),
        instance: partial.instance,
        period: month,
      };
      fields[`days.${partial.day}`] = storedJobCounts(partial.counts);
      sets.set(id, fields);
    }
    for (const { instance, day, counts } of boards)
      sets.set(`${instance}|board|${day}`, {
        key: boardKey(day),
        instance,
        period: day,
        counts: {
          pageViews: counts.pageViews,
          searches: counts.searches,
          alertEmailsSent: counts.alertEmailsSent,
          alertClicks: counts.alertClicks,
          feedClicks: counts.feedClicks,
        },
        routes: storedNamedCounts(counts.routes),
        applies: storedNamedCounts(counts.applies),
        emptySearches: storedNamedCounts(counts.emptySearches),
        posts: storedNamedCounts(counts.posts),
        outcomes: storedNamedCounts(counts.outcomes),
      });
    const updates = [...sets].map(
      ([_id, fields]): mongo.AnyBulkWriteOperation<CounterDocument> => ({
        updateOne: { filter: { _id }, update: { $set: fields }, upsert: true },
      }),
    );
    // The driver's collection: the fields are built here whole, and mongoose's casting of
    // hundreds of updates would hold the event loop. FerretDB slows down sharply on one large
    // bulk of updates: a few small ones, one after another.
    const collection = this.model.db.collection<CounterDocument>(
      this.model.collection.collectionName,
    );
    for (let at = 0; at < updates.length; at += WRITE_BATCH)
      await collection.bulkWrite(updates.slice(at, at + WRITE_BATCH), { ordered: false });
  }

  async jobPartials(jobId: string): Promise<JobPartial[]> {
    const docs = await this.model.find({ key: jobKey(jobId) }).lean();
    return docs.flatMap((doc) =>
      Object.entries(doc.days ?? {}).map(([day, counts]) => ({
        instance: doc.instance,
        jobId,
        day,
        counts: jobCountsOf(counts),
      })),
    );
  }

  async boardPartials(day: Day): Promise<BoardPartial[]> {
    const docs = await this.model.find({ key: boardKey(day) }).lean();
    return docs.map((doc) => ({
      instance: doc.instance,
      day: doc.period,
      counts: {
        pageViews: doc.counts?.pageViews ?? 0,
        searches: doc.counts?.searches ?? 0,
        alertEmailsSent: doc.counts?.alertEmailsSent ?? 0,
        alertClicks: doc.counts?.alertClicks ?? 0,
        feedClicks: doc.counts?.feedClicks ?? 0,
        routes: countsByName(doc.routes),
        applies: countsByName(doc.applies),
        emptySearches: countsByName(doc.emptySearches),
        posts: countsByName(doc.posts),
        outcomes: countsByName(doc.outcomes),
      },
    }));
  }
}
