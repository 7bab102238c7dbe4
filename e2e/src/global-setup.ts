import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { DATA_DIR, dropDatabases, dropSearchIndices } from '@b2g/infra';
import { buildIfStale, startSystem } from '../../scripts/system.js';
import { startDnsServer, wizardZone } from '../../services/dns/test/dns-server.js';

const GATEWAY_PORT = Number(process.env.E2E_GATEWAY_PORT ?? 18_080);
const SERVICES_BASE_PORT = Number(process.env.E2E_SERVICES_BASE_PORT ?? 18_000);
/** The /email-setup wizard's domain: its zone publishes every record but DKIM's. */
const EMAIL_DOMAIN = 'e2e-agency.test';

/**
 * Starts the whole system the way `npm start` does (built bundles, the four services, the
 * gateway), on its own ports, databases and RabbitMQ virtual host so it never touches a developer's
 * running copy, with a DNS server on loopback as the dns service's only resolver.
 */
export default async function setup() {
  const lines: string[] = [];
  const log = (line: string) => {
    lines.push(line);
    if (process.env.E2E_VERBOSE) console.error(line);
  };
  await buildIfStale((line) => console.error(`[e2e] ${line}`));
  const run = randomBytes(4).toString('hex');
  const dns = await startDnsServer(
    wizardZone(EMAIL_DOMAIN, {}, ['verification', 'mx', 'spf', 'dmarc']),
  );
  const system = await startSystem({
    gatewayPort: GATEWAY_PORT,
    servicesBasePort: SERVICES_BASE_PORT,
    dbPrefix: `e2e_${run}_`,
    amqpVhost: `e2e_${run}`,
    mailDir: join(DATA_DIR, 'e2e', run, 'mail'),
    adminPassword: `e2e-admin-${run}`,
    emailDomain: EMAIL_DOMAIN,
    env: { DNS_SERVERS: dns.address },
    log,
    stopInfrastructure: false,
  }).catch(async (error: unknown) => {
    console.error(lines.slice(-60).join('\n'));
    await dns.close();
    throw error;
  });
  process.env.E2E_BASE_URL = `http://127.0.0.1:${GATEWAY_PORT}`;
  process.env.E2E_MAIL_DIR = system.mailDir;
  process.env.E2E_ADMIN_PASSWORD = system.adminPassword;
  process.env.E2E_EMAIL_DOMAIN = EMAIL_DOMAIN;
  return async () => {
    await system.stop();
    await dns.close();
    await dropDatabases(system.infra.mongoUrl, `e2e_${run}_`);
    await dropSearchIndices(system.infra.opensearchUrl, `e2e_${run}_`);
  };
}
