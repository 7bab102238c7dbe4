import { createLogger, loadConfig, runMain, serve } from '@b2g/service-kit';
import { createApp } from './app.js';
import { configSchema } from './config.js';
import { createResolverLookup } from './data/dns-resolver.js';

await runMain(async () => {
  const config = loadConfig(configSchema, process.env);
  const logger = createLogger({ name: 'dns', level: config.LOG_LEVEL });
  const lookup = createResolverLookup({
    servers: config.DNS_SERVERS,
    timeoutMs: config.DNS_TIMEOUT_MS,
    tries: config.DNS_TRIES,
  });
  logger.info({ domain: config.EMAIL_DOMAIN, dnsServers: lookup.servers() }, 'checking email DNS');
  await serve(createApp({ config, logger, lookup }), {
    port: config.PORT,
    host: config.HOST,
    logger,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  });
});
