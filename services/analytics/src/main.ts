import { EventBus } from '@b2g/event-bus';
import { authTokenVerifier, connectServiceMongo, runService, serveService } from '@b2g/service-kit';
import { configSchema } from './config.js';
import { SERVICE_NAME } from './events/handlers.js';
import { createAnalyticsInstance } from './instance.js';

await runService(SERVICE_NAME, configSchema, async (config, logger) => {
  const connection = await connectServiceMongo(config.MONGO_URL, logger);
  const bus = new EventBus({ url: config.AMQP_URL, service: SERVICE_NAME, logger });
  const instance = createAnalyticsInstance({
    connection,
    bus,
    logger,
    verifier: authTokenVerifier(config.AUTH_URL),
    auth: { authUrl: config.AUTH_URL },
    flushIntervalMs: config.FLUSH_INTERVAL_MS,
    eventsRateLimit: {
      limit: config.EVENTS_RATE_LIMIT,
      windowMs: config.EVENTS_RATE_WINDOW_MS,
      store: config.EVENTS_RATE_LIMIT_STORE,
    },
    trustProxy: config.TRUST_PROXY,
  });
  // Until RabbitMQ answers, /readyz reports it; the bus keeps connecting in the background.
  await instance.start();

  await serveService(instance.app, config, logger, async () => {
    await instance.stop();
    await connection.close();
  });
});
