import { runService, serveService } from '@b2g/service-kit';
import { configSchema } from './config.js';
import { createDnsInstance } from './instance.js';

await runService('dns', configSchema, async (config, logger) => {
  const { app, lookup } = createDnsInstance({ config, logger });
  logger.info({ domain: config.EMAIL_DOMAIN, dnsServers: lookup.servers() }, 'checking email DNS');
  await serveService(app, config, logger);
});
