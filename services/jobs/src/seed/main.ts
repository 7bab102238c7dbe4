import { createLogger, connectMongo, loadConfig, runMain } from '@b2g/service-kit';
import { z } from 'zod';
import { createModels } from '../data/job-model.js';
import { seedDemoJobs } from './seed.js';

/** `pnpm --filter @b2g/jobs seed`: adds the demo jobs not already posted (MONGO_URL). */
await runMain(async () => {
  const config = loadConfig(
    z.object({ MONGO_URL: z.url({ protocol: /^mongodb(\+srv)?$/ }) }),
    process.env,
  );
  const logger = createLogger({ name: 'jobs-seed' });
  const connection = await connectMongo(config.MONGO_URL, { logger, connectTimeoutMs: 15_000 });
  try {
    const models = createModels(connection);
    await models.Job.init();
    const added = await seedDemoJobs(models);
    logger.info({ added }, added > 0 ? 'demo jobs added' : 'demo jobs already present');
  } finally {
    await connection.close();
  }
});
