import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const JOBS_DIR = fileURLToPath(new URL('../', import.meta.url));
const GATEWAY_DIR = fileURLToPath(new URL('../../../gateway/', import.meta.url));
const AUTH_DIR = fileURLToPath(new URL('../../auth/', import.meta.url));

/** Every process the bench started: stopped when the bench exits, however it ends. */
const children: ChildProcess[] = [];
process.on('exit', () => {
  for (const child of children) child.kill('SIGTERM');
});

/** Stops every process the bench started (auth too) and waits until each has exited. */
export async function stopServices(): Promise<void> {
  const running = children.filter((child) => child.exitCode === null && !child.signalCode);
  for (const child of running) child.kill('SIGTERM');
  await Promise.all(running.map((child) => once(child, 'exit')));
}

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  return port;
}

async function waitUntil(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    const up = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return;
    if (Date.now() > deadline) throw new Error(`${url} not ready within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A service as its own process: jobs from its built `dist/main.js` when present, else tsx. */
function node(dir: string, env: Record<string, string>): ChildProcess {
  const built = existsSync(`${dir}dist/main.js`) && dir === JOBS_DIR;
  const args = built ? ['dist/main.js'] : ['--conditions=source', '--import', 'tsx', 'src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: dir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

export interface Services {
  jobsUrl: string;
  jobsProcess: ChildProcess;
  /** From the jobs process's spawn to its /readyz answering 200. */
  readyMs: number;
  gatewayUrl: string;
  gatewayProcess: ChildProcess;
}

/**
 * auth, a new jobs instance on `mongoUrl` and the search index `alias`, and the gateway (access
 * log on) in front of it, each a process of its own on a free port, once each answers.
 */
export async function startServices(options: {
  mongoUrl: string;
  amqpUrl: string;
  opensearchUrl: string;
  alias: string;
}): Promise<Services> {
  // auth first: a jobs instance is ready once it has read auth's revoked sessions.
  const authPort = await freePort();
  const authUrl = `http://127.0.0.1:${authPort}`;
  const authDb = new URL(options.mongoUrl);
  authDb.pathname = '/jobs_bench_auth';
  const authProcess = node(AUTH_DIR, {
    HOST: '127.0.0.1',
    PORT: String(authPort),
    MONGO_URL: authDb.toString(),
    AMQP_URL: options.amqpUrl,
    LOG_LEVEL: 'warn',
  });
  await waitUntil(`${authUrl}/readyz`, authProcess, 60_000);

  const jobsPort = await freePort();
  const jobsUrl = `http://127.0.0.1:${jobsPort}`;
  const spawned = performance.now();
  const jobsProcess = node(JOBS_DIR, {
    HOST: '127.0.0.1',
    PORT: String(jobsPort),
    MONGO_URL: options.mongoUrl,
    AMQP_URL: options.amqpUrl,
    OPENSEARCH_URL: options.opensearchUrl,
    OPENSEARCH_INDEX: options.alias,
    AUTH_URL: authUrl,
    SEED_DEMO_DATA: 'false',
    JOB_POST_RATE_LIMIT: String(10_000),
    LOG_LEVEL: 'warn',
  });
  await waitUntil(`${jobsUrl}/readyz`, jobsProcess, 60_000);
  const readyMs = Math.round(performance.now() - spawned);
  console.log(
    `\nNew jobs instance ready in ${readyMs} ms (${existsSync(`${JOBS_DIR}dist/main.js`) ? 'dist/main.js' : 'tsx'})`,
  );

  const gatewayPort = await freePort();
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  const gatewayProcess = node(GATEWAY_DIR, {
    HOST: '127.0.0.1',
    PORT: String(gatewayPort),
    LOG_LEVEL: 'info',
    JOBS_URL: jobsUrl,
    RATE_LIMIT_MAX: String(1_000_000_000),
    READ_RATE_LIMIT_MAX: String(1_000_000_000),
    STRICT_RATE_LIMIT_MAX: String(1_000_000_000),
  });
  await waitUntil(`${gatewayUrl}/healthz`, gatewayProcess, 60_000);
  return { jobsUrl, jobsProcess, readyMs, gatewayUrl, gatewayProcess };
}
