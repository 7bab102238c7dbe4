import { modelOn } from '@b2g/service-kit';
import mongoose, { type Connection, type Model } from 'mongoose';

/**
 * One instance's partial counters; only that instance writes it. A posting's month
 * (`key` = `job:<jobId>`, `_id` = `<instance>|job:<jobId>|<YYYY-MM>`) holds each day's counts in
 * `days`, so a 90-day read fetches a few small documents per instance rather than one per day.
 * The board's day (`key` = `board:<day>`, `_id` = `<instance>|board|<day>`) holds the counts, and
 * route patterns, job ids, search terms, job sources and review outcomes as JSON strings of
 * `[name, count]` pairs (a pattern or a term may hold characters a field name may not). Each day
 * and list is one string value: FerretDB's reads cost about the number of values stored, so 90
 * days as 90 strings read several times faster than as their thousand numbers.
 */
export interface CounterDocument {
  _id: string;
  key: string;
  instance: string;
  /** The month of a posting's document, the day of the board's. */
  period: string;
  /** A day's counts joined by commas (see the counter store). */
  days?: Record<string, string>;
  counts?: Record<string, number>;
  routes?: string;
  applies?: string;
  emptySearches?: string;
  posts?: string;
  outcomes?: string;
}

/** The salt of one day (`_id`): created by an `_id` insert, so every instance gets the same one. */
export interface SaltDocument {
  _id: string;
  salt: string;
}

/**
 * A visitor's first view of a posting on a day (`_id` = `<day>|<jobId>|<visitor hash>`), inserted
 * by whichever instance sees it first; the day's documents are deleted once its counting is over.
 */
export interface VisitDocument {
  _id: string;
  day: string;
}

const counterSchema = new mongoose.Schema<CounterDocument>(
  {
    _id: { type: String, required: true },
    key: { type: String, required: true, index: true },
    instance: { type: String, required: true },
    period: { type: String, required: true },
    days: { type: mongoose.Schema.Types.Mixed, default: undefined },
    counts: { type: mongoose.Schema.Types.Mixed, default: undefined },
    routes: { type: String, default: undefined },
    applies: { type: String, default: undefined },
    emptySearches: { type: String, default: undefined },
    posts: { type: String, default: undefined },
    outcomes: { type: String, default: undefined },
  },
  { versionKey: false, collection: 'counters', minimize: false },
);

const saltSchema = new mongoose.Schema<SaltDocument>(
  { _id: { type: String, required: true }, salt: { type: String, required: true } },
  { versionKey: false, collection: 'salts' },
);

const visitSchema = new mongoose.Schema<VisitDocument>(
  {
    _id: { type: String, required: true },
    day: { type: String, required: true, index: true },
  },
  { versionKey: false, collection: 'visits' },
);

export interface Models {
  Counter: Model<CounterDocument>;
  Salt: Model<SaltDocument>;
  Visit: Model<VisitDocument>;
}

export function modelsOf(connection: Connection): Models {
  const model = <T>(name: string, schema: mongoose.Schema<T>): Model<T> =>
    modelOn<T>(connection, name, schema);
  return {
    Counter: model('Counter', counterSchema),
    Salt: model('Salt', saltSchema),
    Visit: model('Visit', visitSchema),
  };
}

export async function ensureIndexes(connection: Connection): Promise<void> {
  await Promise.all(Object.values(modelsOf(connection)).map((model) => model.init()));
}
