import { EventBus, Outbox } from '@b2g/event-bus';
import {
  connectMongo,
  createLogger,
  loadConfig,
  mongoReadiness,
  RevocationSync,
  runMain,
  serve,
  TokenVerifier,
} from '@b2g/service-kit';
import { createApp, createUserActivity } from './app.js';
import { configSchema } from './config.js';
import { JobsApi } from './data/jobs-api.js';
import { ensureIndexes } from './data/models.js';
import { instanceHandlers, serviceHandlers } from './events/consumers.js';
import { SERVICE_NAME } from './events/publish.js';

await runMain(async () => {
  const config = loadConfig(configSchema, process.env);
  const logger = createLogger({ name: SERVICE_NAME, level: config.LOG_LEVEL });

  const connection = await connectMongo(config.MONGO_URL, { logger });
  await ensureIndexes(connection);
  const bus = new EventBus({
    url: config.AMQP_URL,
    service: SERVICE_NAME,
    prefetch: config.EVENT_PREFETCH,
    logger,
  });
  const outbox = new Outbox({ connection, bus, logger });
  const jobsApi = new JobsApi({ baseUrl: config.JOBS_URL, timeoutMs: config.JOBS_TIMEOUT_MS });
  const verifier = new TokenVerifier({
    jwksUrl: `${config.AUTH_URL}/api/auth/.well-known/jwks.json`,
  });
  const service = createUserActivity({ connection, outbox, jobsApi, logger });
  const revocations = new RevocationSync({ authUrl: config.AUTH_URL, verifier, logger, bus });

  await bus.subscribe('instance', instanceHandlers(verifier));
  await bus.subscribe('service', serviceHandlers(service));
  // Until RabbitMQ answers, /readyz reports it; the bus keeps connecting in the background.
  bus.start().catch((error: unknown) => logger.error({ err: error }, 'event bus stopped'));
  outbox.start();
  revocations.start();

  const app = createApp({
    logger,
    verifier,
    service,
    readiness: [
      mongoReadiness(connection),
      { name: 'rabbitmq', isReady: () => bus.connected },
      revocations.readiness,
    ],
  });
  await serve(app, {
    port: config.PORT,
    host: config.HOST,
    logger,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    onShutdown: async () => {
      revocations.stop();
      await outbox.stop();
      await bus.close();
      await jobsApi.close();
      await connection.close();
    },
  });
});
