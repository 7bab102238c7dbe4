import { EventBus } from '@b2g/event-bus';
import {
  authTokenVerifier,
  connectServiceMongo,
  createMailer,
  runService,
  serveService,
} from '@b2g/service-kit';
import { Client } from '@opensearch-project/opensearch';
import { configSchema } from './config.js';
import { SERVICE_NAME } from './events/outgoing.js';
import { EXPIRY_SWEEP_INTERVAL_MS } from './domain/expiry.js';
import { SUMMARY_SWEEP_INTERVAL_MS } from './domain/weekly-summary.js';
import { createJobsInstance } from './instance.js';
import { seedIfEmpty } from './seed/seed.js';

await runService(SERVICE_NAME, configSchema, async (config, logger) => {
  const connection = await connectServiceMongo(config.MONGO_URL, logger);
  const bus = new EventBus({ url: config.AMQP_URL, service: SERVICE_NAME, logger });
  const verifier = authTokenVerifier(config.AUTH_URL);
  // Two attempts of 4 s at most: a request that needs the index answers 503 within the gateway's
  // 10 s, never a 504 (one retry, for a kept-alive connection the server closed while restarting).
  const search = new Client({ node: config.OPENSEARCH_URL, requestTimeout: 4_000, maxRetries: 1 });
  const instance = createJobsInstance({
    connection,
    bus,
    search,
    logger,
    verifier,
    auth: { authUrl: config.AUTH_URL },
    mailer: createMailer({
      from: config.MAIL_FROM,
      ...(config.SMTP_URL && { smtpUrl: config.SMTP_URL }),
      mailDir: config.MAIL_DIR,
      logger,
    }),
    settings: {
      extractAllowedHosts: config.EXTRACT_ALLOWED_HOSTS,
      postRateLimit: {
        limit: config.JOB_POST_RATE_LIMIT,
        windowMs: config.JOB_POST_RATE_WINDOW_MS,
      },
      extractRateLimit: {
        limit: config.EXTRACT_RATE_LIMIT,
        windowMs: config.EXTRACT_RATE_WINDOW_MS,
      },
      trustProxy: config.TRUST_PROXY,
      publicUrl: config.PUBLIC_URL,
      freshness: {
        intervalMs: config.FRESHNESS_CHECK_INTERVAL_MS,
        batchSize: config.FRESHNESS_BATCH_SIZE,
        hostDelayMs: config.FRESHNESS_HOST_DELAY_MS,
        hostConcurrency: config.FRESHNESS_HOST_CONCURRENCY,
      },
      searchIndex: { alias: config.OPENSEARCH_INDEX, replicas: config.OPENSEARCH_REPLICAS },
      review: { policy: config.POSTING_REVIEW, challengeKey: config.POST_CHALLENGE_KEY },
      expiry: {
        publicTtlDays: config.PUBLIC_POSTING_TTL_DAYS,
        reminderDays: config.EXPIRY_REMINDER_DAYS,
        intervalMs: EXPIRY_SWEEP_INTERVAL_MS,
        extendLinkRateLimit: {
          limit: config.EMPLOYER_SIGN_IN_RATE_LIMIT_PER_IP,
          windowMs: config.EMPLOYER_RATE_WINDOW_MS,
        },
      },
      stats: { analyticsUrl: config.ANALYTICS_URL, summaryIntervalMs: SUMMARY_SWEEP_INTERVAL_MS },
      employer: {
        linkTtlMs: config.EMPLOYER_LINK_TTL_MS,
        sessionTtlMs: config.EMPLOYER_SESSION_TTL_MS,
        rateLimits: {
          linkPerEmail: {
            limit: config.EMPLOYER_LINK_RATE_LIMIT_PER_EMAIL,
            windowMs: config.EMPLOYER_RATE_WINDOW_MS,
          },
          linkPerClient: {
            limit: config.EMPLOYER_LINK_RATE_LIMIT_PER_IP,
            windowMs: config.EMPLOYER_RATE_WINDOW_MS,
          },
          signInPerClient: {
            limit: config.EMPLOYER_SIGN_IN_RATE_LIMIT_PER_IP,
            windowMs: config.EMPLOYER_RATE_WINDOW_MS,
          },
        },
      },
    },
  });
  if (config.SEED_DEMO_DATA) {
    const seeded = await seedIfEmpty(instance.models);
    if (seeded > 0)
      logger.info({ jobs: seeded }, 'demo jobs loaded into the empty jobs collection');
  }
  await serveService(instance.app, config, logger, async () => {
    await instance.stop();
    await connection.close();
    await search.close();
  });
  await instance.start();
  logger.info('ready');
});
