import type { Model } from 'mongoose';
import {
  emptyJobCounts,
  type BoardPartial,
  type Day,
  type JobCounts,
  type JobPartial,
} from '../domain/model.js';
import type { CounterStore } from '../domain/ports.js';
import type { CounterDocument, NamedCount } from './models.js';

const jobKey = (jobId: string) => `job:${jobId}`;
const boardKey = (day: Day) => `board:${day}`;
const JOB_KEY_PREFIX = 'job:';

/** A posting's counts as stored flat (`views`, …, `source_search`, …) and back. */
function flatJobCounts(counts: JobCounts): Record<string, number> {
  const { bySource, ...totals } = counts;
  return {
    ...totals,
    ...Object.fromEntries(Object.entries(bySource).map(([source, n]) => [`source_${source}`, n])),
  };
}

function jobCountsOf(flat: Record<string, number>): JobCounts {
  const counts = emptyJobCounts();
  counts.views = flat.views ?? 0;
  counts.impressions = flat.impressions ?? 0;
  counts.applyClicks = flat.applyClicks ?? 0;
  counts.bookmarks = flat.bookmarks ?? 0;
  for (const source of Object.keys(counts.bySource) as Array<keyof JobCounts['bySource']>)
    counts.bySource[source] = flat[`source_${source}`] ?? 0;
  return counts;
}

const namedCounts = (counts: Record<string, number>): NamedCount[] =>
  Object.entries(counts).map(([name, count]) => ({ name, count }));

const countsByName = (items: NamedCount[] = []): Record<string, number> =>
  Object.fromEntries(items.map(({ name, count }) => [name, count]));

/**
 * The partial counters in MongoDB/FerretDB. A flush replaces each changed document of this
 * instance with its totals (`$set`, upsert) in one bulk write. FerretDB does not isolate two
 * concurrent updates of one document, so instances never share one; on MongoDB a single document
 * per posting and day, raised with `$inc` by every instance, would do with fewer documents.
 */
export class MongoCounterStore implements CounterStore {
  constructor(private readonly model: Model<CounterDocument>) {}

  async write(jobs: readonly JobPartial[], boards: readonly BoardPartial[]): Promise<void> {
    const docs: CounterDocument[] = [
      ...jobs.map((partial) => ({
        _id: `${partial.instance}|${jobKey(partial.jobId)}|${partial.day}`,
        key: jobKey(partial.jobId),
        instance: partial.instance,
        day: partial.day,
        counts: flatJobCounts(partial.counts),
        visitors: partial.visitors,
      })),
      ...boards.map(({ instance, day, counts }) => ({
        _id: `${instance}|board|${day}`,
        key: boardKey(day),
        instance,
        day,
        counts: {
          pageViews: counts.pageViews,
          alertClicks: counts.alertClicks,
          feedClicks: counts.feedClicks,
        },
        routes: namedCounts(counts.routes),
        applies: namedCounts(counts.applies),
      })),
    ];
    if (docs.length === 0) return;
    await this.model.bulkWrite(
      docs.map(({ _id, ...fields }) => ({
        updateOne: { filter: { _id }, update: { $set: fields }, upsert: true },
      })),
      { ordered: false },
    );
  }

  async jobPartials(jobId: string): Promise<JobPartial[]> {
    const docs = await this.model.find({ key: jobKey(jobId) }).lean();
    return docs.map((doc) => ({
      instance: doc.instance,
      jobId: doc.key.slice(JOB_KEY_PREFIX.length),
      day: doc.day,
      counts: jobCountsOf(doc.counts),
      visitors: doc.visitors ?? [],
    }));
  }

  async boardPartials(day: Day): Promise<BoardPartial[]> {
    const docs = await this.model.find({ key: boardKey(day) }).lean();
    return docs.map((doc) => ({
      instance: doc.instance,
      day: doc.day,
      counts: {
        pageViews: doc.counts.pageViews ?? 0,
        alertClicks: doc.counts.alertClicks ?? 0,
        feedClicks: doc.counts.feedClicks ?? 0,
        routes: countsByName(doc.routes),
        applies: countsByName(doc.applies),
      },
    }));
  }
}
