import { createLogger, loadConfig, runMain, serveService } from '@b2g/service-kit';
import { configSchema } from './config.js';
import { createDnsInstance } from './instance.js';

await runMain(async () => {
  const config = loadConfig(configSchema, process.env);
  const logger = createLogger({ name: 'dns', level: config.LOG_LEVEL });
  const { app, lookup } = createDnsInstance({ config, logger });
  logger.info({ domain: config.EMAIL_DOMAIN, dnsServers: lookup.servers() }, 'checking email DNS');
  await serveService(app, config, logger);
});
