import { connectMongo, createLogger, loadConfig, runMain } from '@b2g/service-kit';
import { Client } from '@opensearch-project/opensearch';
import { configSchema } from './config.js';
import { createModels } from './data/job-model.js';
import { activeJobs } from './data/jobs-repository.js';
import { OpenSearchJobIndex } from './data/search/index.js';

/**
 * `pnpm --filter @b2g/jobs reindex`: builds a fresh search index from MongoDB and moves the alias
 * to it atomically; running services keep answering (from the old index until the switch) and
 * their changes meanwhile reach the new index too.
 */
await runMain(async () => {
  const config = loadConfig(
    configSchema.pick({
      MONGO_URL: true,
      OPENSEARCH_URL: true,
      OPENSEARCH_INDEX: true,
      OPENSEARCH_REPLICAS: true,
      LOG_LEVEL: true,
    }),
    process.env,
  );
  const logger = createLogger({ name: 'jobs-reindex', level: config.LOG_LEVEL });
  const connection = await connectMongo(config.MONGO_URL, { logger, connectTimeoutMs: 15_000 });
  const client = new Client({ node: config.OPENSEARCH_URL, requestTimeout: 60_000 });
  try {
    const index = new OpenSearchJobIndex({
      client,
      alias: config.OPENSEARCH_INDEX,
      replicas: config.OPENSEARCH_REPLICAS,
      logger,
    });
    const stats = await index.rebuild(activeJobs(createModels(connection)));
    logger.info(stats, 'reindexed');
  } finally {
    await connection.close();
    await client.close();
  }
});
