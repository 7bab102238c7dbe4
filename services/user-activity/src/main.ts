import { randomBytes } from 'node:crypto';
import { EventBus, Outbox } from '@b2g/event-bus';
import {
  connectMongo,
  watchMongo,
  createMailer,
  createLogger,
  loadConfig,
  mongoReadiness,
  RevocationSync,
  runMain,
  serve,
  TokenVerifier,
} from '@b2g/service-kit';
import { createApp, createUserActivity, startAlertTicks } from './app.js';
import { configSchema } from './config.js';
import { AuthApi } from './data/auth-api.js';
import { JobsApi } from './data/jobs-api.js';
import { ensureIndexes } from './data/models.js';
import { subscriptions } from './events/handlers.js';
import { SERVICE_NAME } from './events/outgoing.js';

await runMain(async () => {
  const config = loadConfig(configSchema, process.env);
  const logger = createLogger({ name: SERVICE_NAME, level: config.LOG_LEVEL });

  const connection = await connectMongo(config.MONGO_URL, { logger });
  // A driver that stays disconnected while the server answers: a fresh process reconnects.
  watchMongo(connection, config.MONGO_URL, { logger, onStuck: () => process.exit(1) });
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
  const authApi = new AuthApi({ baseUrl: config.AUTH_URL, timeoutMs: config.JOBS_TIMEOUT_MS });
  if (!config.ALERT_LINK_SECRET)
    logger.warn(
      'no ALERT_LINK_SECRET: alert e-mail links are signed with a key of this process only',
    );
  if (!config.SMTP_URL)
    logger.info(
      { mailDir: config.MAIL_DIR },
      'no SMTP_URL: alert e-mails are written to the mail folder',
    );
  const service = createUserActivity({
    connection,
    outbox,
    jobsApi,
    logger,
    alerts: {
      publicBaseUrl: config.PUBLIC_BASE_URL,
      linkSecret: config.ALERT_LINK_SECRET ?? randomBytes(32).toString('base64url'),
      confirmMailsPerAddress: config.ALERT_CONFIRM_MAILS_PER_ADDRESS,
      mailer: createMailer({
        from: config.MAIL_FROM,
        mailDir: config.MAIL_DIR,
        logger,
        ...(config.SMTP_URL ? { smtpUrl: config.SMTP_URL } : {}),
      }),
    },
  });
  const revocations = new RevocationSync({ authUrl: config.AUTH_URL, verifier, logger, bus });

  const subscribed = subscriptions({ ...service, verifier });
  await bus.subscribe('instance', subscribed.instance);
  await bus.subscribe('service', subscribed.service);
  // Until RabbitMQ answers, /readyz reports it; the bus keeps connecting in the background.
  bus.start().catch((error: unknown) => logger.error({ err: error }, 'event bus stopped'));
  outbox.start();
  revocations.start();
  const stopAlerts = startAlertTicks(service, config.ALERT_TICK_MS, logger);

  const app = createApp({
    logger,
    verifier,
    service,
    userEmails: authApi,
    subscribeRateLimit: config.ALERT_SUBSCRIBE_RATE_LIMIT,
    trustProxy: config.TRUST_PROXY,
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
      stopAlerts();
      await outbox.stop();
      await bus.close();
      await jobsApi.close();
      await authApi.close();
      await connection.close();
    },
  });
});
