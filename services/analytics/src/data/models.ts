import mongoose, { type Connection, type Model } from 'mongoose';

/**
 * One instance's partial counters of a posting's day (`key` = `job:<jobId>`) or of the board's day
 * (`key` = `board:<day>`). `_id` = `<instance>|<key>|<day>`: only that instance writes it. Route
 * patterns and job ids are kept as `[name, count]` pairs, not as field names (a pattern may hold
 * characters a field name may not).
 */
/** One route pattern's or job's count of a day. */
export interface NamedCount {
  name: string;
  count: number;
}

export interface CounterDocument {
  _id: string;
  key: string;
  instance: string;
  day: string;
  counts: Record<string, number>;
  /** A posting's: the day's visitor hashes this instance saw. */
  visitors?: string[];
  /** The board's: page views per route pattern, apply clicks per job. */
  routes?: NamedCount[];
  applies?: NamedCount[];
}

/** The salt of one day (`_id`): created by an `_id` insert, so every instance gets the same one. */
export interface SaltDocument {
  _id: string;
  salt: string;
}

const counterSchema = new mongoose.Schema<CounterDocument>(
  {
    _id: { type: String, required: true },
    key: { type: String, required: true, index: true },
    instance: { type: String, required: true },
    day: { type: String, required: true },
    counts: { type: mongoose.Schema.Types.Mixed, required: true },
    visitors: { type: [String], default: undefined },
    routes: { type: mongoose.Schema.Types.Mixed, default: undefined },
    applies: { type: mongoose.Schema.Types.Mixed, default: undefined },
  },
  { versionKey: false, collection: 'counters', minimize: false },
);

const saltSchema = new mongoose.Schema<SaltDocument>(
  { _id: { type: String, required: true }, salt: { type: String, required: true } },
  { versionKey: false, collection: 'salts' },
);

export interface Models {
  Counter: Model<CounterDocument>;
  Salt: Model<SaltDocument>;
}

export function modelsOf(connection: Connection): Models {
  const model = <T>(name: string, schema: mongoose.Schema<T>): Model<T> =>
    (connection.models[name] as Model<T> | undefined) ?? connection.model<T>(name, schema);
  return { Counter: model('Counter', counterSchema), Salt: model('Salt', saltSchema) };
}

export async function ensureIndexes(connection: Connection): Promise<void> {
  await Promise.all(Object.values(modelsOf(connection)).map((model) => model.init()));
}
