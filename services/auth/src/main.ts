import { EventBus } from '@b2g/event-bus';
import {
  connectServiceMongo,
  createMailer,
  runService,
  serveService,
  TokenIssuer,
} from '@b2g/service-kit';
import { authConfigSchema } from './config.js';
import { createAuthInstance } from './instance.js';
import { deviceCookieKey, loadSigningKey } from './signing-key.js';

const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

await runService('auth', authConfigSchema, async (config, logger) => {
  const signingKey = await loadSigningKey(config, logger);
  const issuer = new TokenIssuer(signingKey);
  const connection = await connectServiceMongo(config.MONGO_URL, logger);
  const bus = new EventBus({ url: config.AMQP_URL, service: 'auth', logger });
  const instance = createAuthInstance({
    config,
    logger,
    connection,
    bus,
    issuer,
    deviceCookieKey: deviceCookieKey(config.DEVICE_COOKIE_SECRET, signingKey),
    mailer: createMailer({
      from: config.MAIL_FROM,
      mailDir: config.MAIL_DIR,
      logger,
      ...(config.SMTP_URL ? { smtpUrl: config.SMTP_URL } : {}),
    }),
    housekeepingIntervalMs: HOUSEKEEPING_INTERVAL_MS,
  });
  await instance.start();
  if (!config.SMTP_URL)
    logger.info(
      { mailDir: config.MAIL_DIR },
      'no SMTP_URL: e-mails are written to the mail folder',
    );

  await serveService(instance.app, config, logger, async () => {
    await instance.stop();
    await connection.close();
  });
});
