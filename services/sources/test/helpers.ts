import { testMongoUrl } from '@b2g/infra/test-env';
import { connectMongo, createLogger } from '@b2g/service-kit';
import type { Connection } from 'mongoose';
import { ensureIndexes, modelsOf, type SourcesModels } from '../src/data/models.js';
import { MongoSourcePostings } from '../src/data/source-postings-repository.js';
import { MongoSources } from '../src/data/sources-repository.js';
import { MongoSyncLeases } from '../src/data/sync-leases.js';

export interface Store {
  connection: Connection;
  models: SourcesModels;
  sources: MongoSources;
  postings: MongoSourcePostings;
  leases: MongoSyncLeases;
  close(): Promise<void>;
}

/** The repositories on a database of this file's own, dropped when it closes. */
export async function startStore(): Promise<Store> {
  const logger = createLogger({
    name: 'sources-test',
    level: process.env.TEST_LOG_LEVEL ?? 'silent',
  });
  const connection = await connectMongo(testMongoUrl('sources'), { logger });
  await ensureIndexes(connection);
  const models = modelsOf(connection);
  return {
    connection,
    models,
    sources: new MongoSources(models),
    postings: new MongoSourcePostings(models),
    leases: new MongoSyncLeases(models),
    async close() {
      await connection.dropDatabase();
      await connection.close();
    },
  };
}
