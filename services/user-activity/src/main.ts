import { randomBytes } from 'node:crypto';
import { EventBus } from '@b2g/event-bus';
import {
  authTokenVerifier,
  connectServiceMongo,
  createMailer,
  runService,
  serveService,
} from '@b2g/service-kit';
import { configSchema } from './config.js';
import { AuthApi } from './data/auth-api.js';
import { JobsApi } from './data/jobs-api.js';
import { SERVICE_NAME } from './events/outgoing.js';
import { createUserActivityInstance } from './instance.js';

await runService(SERVICE_NAME, configSchema, async (config, logger) => {
  const connection = await connectServiceMongo(config.MONGO_URL, logger);
  const bus = new EventBus({
    url: config.AMQP_URL,
    service: SERVICE_NAME,
    prefetch: config.EVENT_PREFETCH,
    logger,
  });
  const jobsApi = new JobsApi({ baseUrl: config.JOBS_URL, timeoutMs: config.JOBS_TIMEOUT_MS });
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
  const instance = createUserActivityInstance({
    connection,
    bus,
    logger,
    verifier: authTokenVerifier(config.AUTH_URL),
    jobsApi,
    userEmails: authApi,
    auth: { authUrl: config.AUTH_URL },
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
    alertTickMs: config.ALERT_TICK_MS,
    subscribeRateLimit: {
      limit: config.ALERT_SUBSCRIBE_RATE_LIMIT,
      windowMs: config.ALERT_SUBSCRIBE_RATE_WINDOW_MS,
    },
    trustProxy: config.TRUST_PROXY,
  });
  // Until RabbitMQ answers, /readyz reports it; the bus keeps connecting in the background.
  await instance.start();

  await serveService(instance.app, config, logger, async () => {
    await instance.stop();
    await jobsApi.close();
    await authApi.close();
    await connection.close();
  });
});
