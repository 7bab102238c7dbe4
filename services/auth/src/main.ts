import { EventBus, Outbox } from '@b2g/event-bus';
import {
  connectMongo,
  watchMongo,
  createLogger,
  loadConfig,
  runMain,
  serve,
  TokenIssuer,
} from '@b2g/service-kit';
import { createApp, type AuthDeps } from './app.js';
import { BackgroundTasks } from './background.js';
import { authConfigSchema } from './config.js';
import { prepareDatabase } from './data/models.js';
import { ResetTokenRepository } from './data/reset-tokens.js';
import { SessionRepository } from './data/sessions.js';
import { purgeExpired } from './domain/housekeeping.js';
import { authEventHandlers } from './events/consumed.js';
import { createMailer } from '@b2g/service-kit';
import { loadSigningKey } from './signing-key.js';

const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

await runMain(async () => {
  const config = loadConfig(authConfigSchema, process.env);
  const logger = createLogger({ name: 'auth', level: config.LOG_LEVEL });
  const issuer = new TokenIssuer(await loadSigningKey(config, logger));

  const connection = await connectMongo(config.MONGO_URL, { logger });
  // A driver that stays disconnected while the server answers: a fresh process reconnects.
  watchMongo(connection, config.MONGO_URL, { logger, onStuck: () => process.exit(1) });
  const models = await prepareDatabase(connection);
  const bus = new EventBus({ url: config.AMQP_URL, service: 'auth', logger });
  await bus.start();
  const outbox = new Outbox({ connection, bus, logger });

  const deps: AuthDeps = {
    config,
    logger,
    connection,
    bus,
    outbox,
    issuer,
    mailer: createMailer({
      from: config.MAIL_FROM,
      mailDir: config.MAIL_DIR,
      logger,
      ...(config.SMTP_URL ? { smtpUrl: config.SMTP_URL } : {}),
    }),
    background: new BackgroundTasks(logger),
  };
  const app = createApp(deps);
  const sessions = new SessionRepository(models.Session, outbox);
  const resetTokens = new ResetTokenRepository(models.ResetToken);
  outbox.start();
  await bus.subscribe('service', authEventHandlers(sessions));
  if (!config.SMTP_URL)
    logger.info(
      { mailDir: config.MAIL_DIR },
      'no SMTP_URL: e-mails are written to the mail folder',
    );

  const purge = () =>
    purgeExpired({ sessions, resetTokens }, new Date()).then(
      (removed) => logger.info(removed, 'expired sessions and reset tokens removed'),
      (error: unknown) => logger.error({ err: error }, 'housekeeping failed'),
    );
  void purge();
  const housekeeping = setInterval(() => void purge(), HOUSEKEEPING_INTERVAL_MS);
  housekeeping.unref();

  await serve(app, {
    port: config.PORT,
    host: config.HOST,
    logger,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    onShutdown: async () => {
      clearInterval(housekeeping);
      await deps.background.drain();
      await outbox.stop();
      await bus.close();
      await connection.close();
    },
  });
});
