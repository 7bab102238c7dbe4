// `npm start`: the whole system on http://localhost:8080 with demo data. Ctrl-C stops it all.
import { join } from 'node:path';
import { DATA_DIR } from '../infra/src/index.js';
import { buildIfStale, localAdminPassword, startSystem, type RunningSystem } from './system.js';

const gatewayPort = Number(process.env.PORT ?? 8080);
/** auth, jobs, user-activity and dns listen on the next four ports. */
const servicesBasePort = Number(process.env.SERVICES_BASE_PORT ?? 4000);
let step = 0;
let stepStarted = Date.now();
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
/** Closes the running step with its elapsed time and opens the next. */
const progress = (text: string) => {
  if (step > 0) console.log(`\x1b[2m    step ${step} took ${seconds(stepStarted)}\x1b[0m`);
  stepStarted = Date.now();
  console.log(`\x1b[1m[${++step}/3] ${text}\x1b[0m`);
};
const startedAt = Date.now();
const log = (line: string) => console.log(line);

let system: RunningSystem | undefined;
let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping services, gateway and the servers this run started…');
  await system?.stop();
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

try {
  progress('Building what changed (services, gateway, bundles)');
  await buildIfStale(log);
  progress(
    'Infrastructure, then auth, jobs, user-activity, dns and the gateway (demo jobs are seeded into an empty database)',
  );
  const admin = localAdminPassword();
  system = await startSystem({
    gatewayPort,
    servicesBasePort,
    dbPrefix: process.env.DB_PREFIX ?? 'b2g_',
    mailDir: process.env.MAIL_DIR ?? join(DATA_DIR, 'mail'),
    adminPassword: admin.password,
    log,
  });
  progress('Ready');
  console.log(`    ready ${seconds(startedAt)} after the build step began`);
  console.log(`
\x1b[32m✔ The B2G Job Board is running: ${system.url}\x1b[0m
  Mail folder (password-reset e-mails as .eml files): ${system.mailDir}
  Admin password (${admin.source === 'ADMIN_PASSWORD' ? 'from ADMIN_PASSWORD' : `generated once, kept in ${admin.source}`}): ${admin.password}
  Press Ctrl-C to stop everything.
`);
} catch (error) {
  console.error(`\x1b[31m✖ ${error instanceof Error ? error.message : String(error)}\x1b[0m`);
  await stop(1);
}
