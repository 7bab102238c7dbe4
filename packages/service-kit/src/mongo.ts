import mongoose, { type Connection } from 'mongoose';
import type { Logger } from 'pino';

mongoose.set('strictQuery', true);
mongoose.set('sanitizeFilter', true);

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

const DUPLICATE_KEY = 11000;

/** The server refused a write because a unique index already holds its key. */
export function isDuplicateKey(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && 'code' in error && error.code === DUPLICATE_KEY
  );
}
