import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
// infra from its sources, like scripts/system.ts: on a fresh clone nothing is built yet when this
// runs (it builds the system), so the package's dist/ entry does not exist.
import {
  DATA_DIR,
  dropDatabases,
  dropSearchIndices,
  ensureChromium,
} from '../../infra/src/index.js';
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
  const run = randomBytes(4).toString('hex');
  const runDir = join(DATA_DIR, 'e2e', run);
  mkdirSync(runDir, { recursive: true });
  // Every line the system writes, also on disk: specs read it (the routes each service serves)
  // and the teardown checks that no secret was ever logged.
  const logFile = join(runDir, 'system.log');
  const lines: string[] = [];
  const log = (line: string) => {
    lines.push(line);
    appendFileSync(logFile, `${line}\n`);
    if (process.env.E2E_VERBOSE) console.error(line);
  };
  const progress = (line: string) => console.error(`[e2e] ${line}`);
  process.env.CHROMIUM_PATH = await ensureChromium(progress);
  await buildIfStale(progress);
  const dns = await startDnsServer(
    wizardZone(EMAIL_DOMAIN, {}, ['verification', 'mx', 'spf', 'dmarc']),
  );
  const system = await startSystem({
    gatewayPort: GATEWAY_PORT,
    servicesBasePort: SERVICES_BASE_PORT,
    dbPrefix: `e2e_${run}_`,
    amqpVhost: `e2e_${run}`,
    mailDir: join(runDir, 'mail'),
    adminPassword: `e2e-admin-${run}`,
    emailDomain: EMAIL_DOMAIN,
    // TRUST_PROXY: the hostile-input spec gives each of its requests its own client address, so
    // it never spends the sign-in budgets the other specs' browser (127.0.0.1) needs.
    // ALERT_TICK_MS: instant alerts go within a second instead of a minute.
    // FLUSH_INTERVAL_MS: analytics writes its counts within half a second, so a spec that waits
    // for the databases to settle sees every count of what came before.
    env: {
      DNS_SERVERS: dns.address,
      TRUST_PROXY: 'loopback',
      FRESHNESS_CHECK_INTERVAL_MS: '0',
      ALERT_TICK_MS: '1000',
      FLUSH_INTERVAL_MS: '500',
    },
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
  process.env.E2E_SYSTEM_LOG = logFile;
  process.env.E2E_MONGO_URL = system.infra.mongoUrl;
  process.env.E2E_DB_PREFIX = `e2e_${run}_`;
  return async () => {
    await system.stop();
    await dns.close();
    await dropDatabases(system.infra.mongoUrl, `e2e_${run}_`);
    await dropSearchIndices(system.infra.opensearchUrl, `e2e_${run}_`);
  };
}
