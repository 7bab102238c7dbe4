import { isDuplicateKey } from '@b2g/event-bus';
import mongoose, { type Connection, type Model, type mongo, type Schema } from 'mongoose';
import type { Logger } from 'pino';

mongoose.set('strictQuery', true);
mongoose.set('sanitizeFilter', true);
// An operation waiting for a database that is down gives up after 5 s, below the gateway's 10 s
// upstream timeout: the caller gets the service's 503 (try again), not the gateway's 504.
mongoose.set('bufferTimeoutMS', 5_000);

export interface MongoOptions {
  logger: Logger;
  /** Give up after this long (the process exits and its supervisor restarts it). */
  connectTimeoutMs?: number;
}

/**
 * Opens the service's own database connection, retrying with backoff until it answers.
 * Queries are strict and request data cannot smuggle operators (`sanitizeFilter`).
 */
export async function connectMongo(url: string, options: MongoOptions): Promise<Connection> {
  const deadline = Date.now() + (options.connectTimeoutMs ?? 120_000);
  let delay = 250;
  for (;;) {
    const connection = mongoose.createConnection(url, {
      serverSelectionTimeoutMS: 5_000,
      maxPoolSize: 20,
      autoIndex: true,
    });
    try {
      await connection.asPromise();
      connection.on('disconnected', () => options.logger.warn('MongoDB disconnected'));
      connection.on('reconnected', () => options.logger.info('MongoDB reconnected'));
      options.logger.info({ db: connection.name }, 'MongoDB connected');
      return connection;
    } catch (error) {
      await connection.close().catch(() => undefined);
      if (Date.now() + delay > deadline) throw error;
      options.logger.warn({ err: error, retryInMs: delay }, 'MongoDB not reachable yet');
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 5_000);
    }
  }
}

/** Ready when the driver holds a live connection. */
export const mongoReadiness = (connection: Connection) => ({
  name: 'mongodb',
  isReady: () => connection.readyState === mongoose.ConnectionStates.connected,
});

/** Up to this many ids are read one `_id` lookup each; more in one `$in` query. */
const LOOKUPS_MAX = 100;

/**
 * The documents with these ids (any order, missing ones left out). FerretDB answers equality
 * from an index (`_id`, or an index's leading field set to a string) and scans the whole
 * collection for anything else, `$in` on `_id` included: a few ids are
 * read one lookup each (`one`), in parallel; many in one scan (`many`), which is then the
 * cheaper. On MongoDB both ways use the `_id` index.
 */
export async function findEachId<T>(
  ids: readonly string[],
  one: (id: string) => Promise<T | null>,
  many: (ids: string[]) => Promise<T[]>,
): Promise<T[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  if (unique.length > LOOKUPS_MAX) return many(unique);
  const found = await Promise.all(unique.map(one));
  return found.filter((document): document is NonNullable<typeof document> => document !== null);
}

/** `findEachId` on a mongoose model, as plain objects. */
export function findByIds<T>(model: Model<T>, ids: readonly string[]): Promise<T[]> {
  return findEachId(
    ids,
    (id) => model.findById(id).lean<T>().exec(),
    (unique) =>
      model
        .find({ _id: mongoose.trusted({ $in: unique }) })
        .lean<T[]>()
        .exec(),
  );
}

/** The model `name` on `connection`, compiled from `schema` the first time (compiling twice throws). */
export function modelOn<T>(connection: Connection, name: string, schema: Schema<T>): Model<T> {
  return (connection.models[name] as Model<T> | undefined) ?? connection.model<T>(name, schema);
}

/**
 * Inserts each document whose `_id` is new, in one unordered request, and returns the ids it
 * inserted: a duplicate `_id` means the document exists already (another instance, a repeat).
 * Any other failure is thrown, also when some documents went in. `raw` inserts the documents as
 * given, without mongoose's casting and defaults: for many small documents of a fixed shape, where
 * casting thousands would hold the event loop.
 */
export async function insertNew<T extends { _id: string }>(
  model: Model<T>,
  documents: readonly T[],
  options: { raw?: boolean } = {},
): Promise<string[]> {
  if (documents.length === 0) return [];
  try {
    if (options.raw) {
      // The driver's own collection, typed by the documents: their `_id` is a string.
      const collection = model.db.collection<T>(model.collection.collectionName);
      await collection.insertMany(documents as mongo.OptionalUnlessRequiredId<T>[], {
        ordered: false,
      });
    } else await model.insertMany(documents, { ordered: false });
    return documents.map((document) => document._id);
  } catch (error) {
    // One write error or many; mongoose may copy them, keeping the driver's entry in `err`.
    const found = (error as { writeErrors?: unknown }).writeErrors;
    const failed = (Array.isArray(found) ? found : found ? [found] : []) as Array<{
      index: number;
      code?: number;
      err?: unknown;
    }>;
    const duplicate = (entry: (typeof failed)[number]) =>
      isDuplicateKey(entry.code === undefined ? entry.err : entry);
    if (failed.length === 0 || !failed.every(duplicate)) throw error;
    const existing = new Set(failed.map((entry) => entry.index));
    return documents.filter((_, index) => !existing.has(index)).map((document) => document._id);
  }
}

/** The server refused a write because a unique index already holds its key (one check, the bus's). */
export { isDuplicateKey } from '@b2g/event-bus';

export interface MongoWatchOptions {
  logger: Logger;
  /**
   * How long the connection may stay down while the server answers a fresh client (default
   * 6 s; a driver that works reconnects within a second of the server coming back).
   */
  stuckAfterMs?: number;
  /** How often a connection that is down is compared with a fresh client (default 2 s). */
  checkEveryMs?: number;
  /** Runs once when the connection is stuck (main.ts exits: its supervisor starts a fresh process). */
  onStuck: () => void;
}

/** Whether a fresh client reaches the server at `url` now. */
async function serverAnswers(url: string): Promise<boolean> {
  const probe = mongoose.createConnection(url, { serverSelectionTimeoutMS: 2_000 });
  try {
    await probe.asPromise();
    await probe.db?.admin().ping();
    return true;
  } catch {
    return false;
  } finally {
    await probe.close().catch(() => undefined);
  }
}

/**
 * Watches a connection the driver re-establishes by itself once the server is back. After a
 * FerretDB restart one instance's driver stayed on "connection closed" for minutes while the
 * server answered every other process (the chaos runs), and the others reconnected within a
 * second: while the connection is down, a fresh client tries the server every `checkEveryMs`;
 * when it has reached the server for `stuckAfterMs` and the connection is still down, `onStuck`
 * runs once. A server that is really down never counts. Returns a function that stops watching.
 */
export function watchMongo(
  connection: Pick<Connection, 'readyState'>,
  url: string,
  options: MongoWatchOptions,
): () => void {
  const stuckAfterMs = options.stuckAfterMs ?? 6_000;
  const isUp = () => connection.readyState === mongoose.ConnectionStates.connected;
  /** Since when a fresh client has reached the server while this connection stayed down. */
  let answeringSince: number | undefined;
  let checking = false;
  const timer = setInterval(() => {
    if (isUp()) answeringSince = undefined;
    if (isUp() || checking) return;
    checking = true;
    void serverAnswers(url).then((answers) => {
      checking = false;
      if (!answers || isUp()) {
        answeringSince = undefined;
        return;
      }
      answeringSince ??= Date.now();
      if (Date.now() - answeringSince < stuckAfterMs) return;
      clearInterval(timer);
      options.logger.error(
        { answeringForMs: Date.now() - answeringSince },
        'MongoDB connection stuck although the server answers: restarting the process',
      );
      options.onStuck();
    });
  }, options.checkEveryMs ?? 2_000);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * The exit code of a process that ends itself to be started afresh (sysexits' EX_TEMPFAIL), so a
 * supervisor or a log reader can tell it from a crash.
 */
export const RESTART_EXIT_CODE = 75;

/**
 * A service process's database connection: opened with `connectMongo`, then watched with
 * `watchMongo` so that a driver stuck disconnected while the server answers ends the process
 * (a fresh process reconnects).
 */
export async function connectServiceMongo(url: string, logger: Logger): Promise<Connection> {
  const connection = await connectMongo(url, { logger });
  watchMongo(connection, url, { logger, onStuck: () => process.exit(RESTART_EXIT_CODE) });
  return connection;
}
