// Starts the whole system the way `npm start` runs it: infrastructure, build when sources
// changed, the four services, the gateway and the bundles. Used by `npm start` and by e2e/.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DATA_DIR,
  REPO_ROOT,
  ensureInfrastructure,
  isolatedVhost,
  type Infrastructure,
} from '../infra/src/index.js';

export interface SystemOptions {
  gatewayPort: number;
  /** auth, jobs, user-activity and dns listen on basePort + 1 … basePort + 4. */
  servicesBasePort: number;
  /** Database names are `${dbPrefix}auth`, `${dbPrefix}jobs`, … */
  dbPrefix: string;
  mailDir: string;
  adminPassword?: string;
  log: (line: string) => void;
  /** The mail domain the DNS check and the /email-setup wizard are about. */
  emailDomain?: string;
  /** Extra environment for every service, e.g. DNS_SERVERS for tests. */
  env?: Record<string, string>;
  /**
   * A RabbitMQ virtual host of this name for this system alone, removed at stop (the browser tests:
   * a copy started by `npm start` on the same broker must not consume their events, nor they its).
   */
  amqpVhost?: string;
  /** Keep servers running after stop (npm start leaves nothing behind; e2e stops infra too). */
  stopInfrastructure?: boolean;
}

export interface RunningSystem {
  url: string;
  mailDir: string;
  adminPassword: string;
  infra: Infrastructure;
  stop(): Promise<void>;
}

const COLORS = [36, 33, 35, 32, 34, 31];
const BUILT_PACKAGES = [
  'packages/contracts',
  'packages/service-kit',
  'packages/event-bus',
  'packages/web-platform',
  'packages/ui',
  'services/auth',
  'services/jobs',
  'services/user-activity',
  'services/dns',
  'gateway',
  'frontends/shell',
  'frontends/public',
  'frontends/dashboard',
  'frontends/admin',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** True when a package's sources changed after its last build (or it was never built). */
export function buildIsStale(): boolean {
  return BUILT_PACKAGES.some((dir) => {
    const root = join(REPO_ROOT, dir);
    const built = newestMtime(join(root, 'dist'));
    return (
      built === 0 ||
      newestMtime(join(root, 'src')) > built ||
      newestMtime(join(root, 'package.json')) > built
    );
  });
}

export function runCommand(command: string, args: string[]) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, stdio: 'inherit' });
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} failed (exit ${code})`)),
    );
  });
}

export async function buildIfStale(log: (line: string) => void) {
  if (!buildIsStale()) {
    log('Build is up to date');
    return;
  }
  await runCommand('pnpm', ['build']);
}

/** ADMIN_PASSWORD if set, else one generated once and kept in the ignored data folder. */
export function localAdminPassword(): { password: string; source: string } {
  if (process.env.ADMIN_PASSWORD)
    return { password: process.env.ADMIN_PASSWORD, source: 'ADMIN_PASSWORD' };
  const file = join(DATA_DIR, 'admin-password');
  if (!existsSync(file)) {
    mkdirSync(DATA_DIR, { recursive: true });
    writeFileSync(file, randomBytes(12).toString('base64url'), { mode: 0o600 });
  }
  return { password: readFileSync(file, 'utf8').trim(), source: file };
}

async function waitReady(name: string, url: string, child: ChildProcess, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`${name} exited during start-up (code ${child.exitCode})`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${name} did not become ready at ${url} within ${timeoutMs / 1000} s`);
}

export async function startSystem(options: SystemOptions): Promise<RunningSystem> {
  const { log } = options;
  const children: ChildProcess[] = [];
  let stopping = false;

  const infra = await ensureInfrastructure({ log: (line) => log(`    ${line}`), useDocker: false });
  const vhost = options.amqpVhost
    ? await isolatedVhost(infra.amqpUrl, options.amqpVhost)
    : undefined;
  const mongo = (db: string) => {
    const url = new URL(infra.mongoUrl);
    url.pathname = `/${options.dbPrefix}${db}`;
    return url.toString();
  };
  const port = (offset: number) => options.servicesBasePort + offset;
  const urls = {
    AUTH_URL: `http://127.0.0.1:${port(1)}`,
    JOBS_URL: `http://127.0.0.1:${port(2)}`,
    USER_ACTIVITY_URL: `http://127.0.0.1:${port(3)}`,
    DNS_URL: `http://127.0.0.1:${port(4)}`,
  };
  const adminPassword = options.adminPassword ?? localAdminPassword().password;
  const common = {
    NODE_ENV: 'development',
    AMQP_URL: vhost?.url ?? infra.amqpUrl,
    DATA_DIR,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    EMAIL_DOMAIN: options.emailDomain ?? process.env.EMAIL_DOMAIN ?? 'example.com',
    ...urls,
    ...options.env,
  };

  const start = (
    name: string,
    dir: string,
    listenPort: number,
    env: Record<string, string>,
    index: number,
  ) => {
    const label = `\x1b[${COLORS[index % COLORS.length]}m${name.padEnd(13)}\x1b[0m|`;
    const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
      cwd: join(REPO_ROOT, dir),
      env: { ...process.env, ...common, PORT: String(listenPort), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const forward = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) log(`${label} ${line}`);
    };
    child.stdout?.on('data', forward);
    child.stderr?.on('data', forward);
    child.on('exit', (code, signal) => {
      if (!stopping) log(`${label} exited (${signal ?? code})`);
    });
    children.push(child);
    return child;
  };

  const stop = async () => {
    stopping = true;
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
          }),
      ),
    );
    await vhost
      ?.remove()
      .catch((error: unknown) =>
        log(`Could not remove the RabbitMQ virtual host: ${String(error)}`),
      );
    if (options.stopInfrastructure !== false) await infra.stop();
  };

  try {
    const services = [
      start(
        'auth',
        'services/auth',
        port(1),
        {
          MONGO_URL: mongo('auth'),
          ADMIN_PASSWORD: adminPassword,
          PUBLIC_BASE_URL: `http://localhost:${options.gatewayPort}`,
          MAIL_DIR: options.mailDir,
        },
        0,
      ),
      start(
        'jobs',
        'services/jobs',
        port(2),
        {
          MONGO_URL: mongo('jobs'),
          OPENSEARCH_URL: infra.opensearchUrl,
          OPENSEARCH_INDEX: `${options.dbPrefix}jobs`.toLowerCase(),
        },
        1,
      ),
      start(
        'user-activity',
        'services/user-activity',
        port(3),
        { MONGO_URL: mongo('user_activity') },
        2,
      ),
      start('dns', 'services/dns', port(4), {}, 3),
    ];
    const names = ['auth', 'jobs', 'user-activity', 'dns'];
    await Promise.all(
      services.map((child, i) =>
        waitReady(names[i] as string, `http://127.0.0.1:${port(i + 1)}/readyz`, child),
      ),
    );
    const gateway = start('gateway', 'gateway', options.gatewayPort, { HOST: '0.0.0.0' }, 4);
    await waitReady('gateway', `http://127.0.0.1:${options.gatewayPort}/readyz`, gateway);
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url: `http://localhost:${options.gatewayPort}`,
    mailDir: options.mailDir,
    adminPassword,
    infra,
    stop,
  };
}
