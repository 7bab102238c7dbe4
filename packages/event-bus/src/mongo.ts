import type { Collection, Model } from 'mongoose';

/**
 * A mongoose model (without query helpers) whose raw documents are `T`. Model has seven type
 * parameters; methods, virtuals, hydrated, schema and lean types differ from model to model and play
 * no part in these helpers, so they are left open.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-empty-object-type
export type ModelOf<T> = Model<T, {}, any, any, any, any, any>;

const DUPLICATE_KEY = 11000;

/** The server refused a write because a unique index already holds its key. */
export function isDuplicateKey(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && 'code' in error && error.code === DUPLICATE_KEY
  );
}

/** Names one document across databases: `<db>.<collection>/<_id>`. */
export function documentKey(collection: Collection, id: unknown): string {
  return `${collection.conn.name}.${collection.collectionName}/${String(id)}`;
}

const lockTails = new Map<string, Promise<void>>();

/**
 * Runs `write` after every earlier write of this process to the same document has finished.
 *
 * FerretDB 1.x on SQLite applies an update as read, modify, write-back without isolation, so two
 * concurrent updates of one document lose one of them (MongoDB does not). Writers of one process
 * queue here; across processes, `Leases.withWriteLease` takes this lock first, then the
 * document's write lease.
 */
export async function withDocumentLock<R>(key: string, write: () => Promise<R>): Promise<R> {
  const previous = lockTails.get(key) ?? Promise.resolve();
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  const tail = previous.then(() => done);
  lockTails.set(key, tail);
  await previous;
  try {
    return await write();
  } finally {
    release();
    if (lockTails.get(key) === tail) lockTails.delete(key);
  }
}
