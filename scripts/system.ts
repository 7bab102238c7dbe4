// Starts the whole system the way `npm start` runs it: infrastructure, build when sources
// changed, the four services, the gateway and the bundles. Used by `npm start` and by e2e/.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { runPnpm } from './pnpm.mjs';
import {
  DATA_DIR,
  REPO_ROOT,
  ensureInfrastructure,
  isolatedVhost,
  provisionBrokerUsers,
  type Infrastructure,
} from '../infra/src/index.js';

export interface SystemOptions {
  gatewayPort: number;
  /** auth, jobs, user-activity, dns and analytics listen on basePort + 1 … basePort + 5. */
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
  /** Servers to run on instead of `ensureInfrastructure`'s (`pnpm chaos`'s private ones). */
  infra?: Infrastructure;
  /**
   * How many instances of jobs and of user-activity (1 each by default). Instance n > 1 of the
   * service on basePort + k listens on basePort + 10 (n - 1) + k; the gateway gets every
   * instance's URL, comma-separated, in the service's *_URL.
   */
  instances?: Partial<Record<ScalableService, number>>;
  /**
   * 'first': the gateway is told the first instance of each service only (a gateway without
   * lists of instance URLs); 'all' (default): every instance.
   */
  gatewayInstances?: 'all' | 'first';
}

export type ScalableService = 'jobs' | 'user-activity';

/** One running process of the system (its name is `jobs#2` for the second instance of jobs). */
export interface SystemProcess {
  name: string;
  pid: number | undefined;
}

export interface RunningSystem {
  url: string;
  mailDir: string;
  adminPassword: string;
  infra: Infrastructure;
  /** The processes running now (a supervised one that was restarted has a new pid). */
  processes(): SystemProcess[];
  stop(): Promise<void>;
}

const COLORS = [36, 33, 35, 32, 34, 31];
const BUILT_PACKAGES = [
  'infra',
  'packages/contracts',
  'packages/service-kit',
  'packages/event-bus',
  'packages/web-platform',
  'packages/ui',
  'services/auth',
  'services/jobs',
  'services/user-activity',
  'services/dns',
  'services/analytics',
  'gateway',
  'frontends/shell',
  'frontends/public',
  'frontends/dashboard',
  'frontends/admin',
];

function newestMtime(
  path: string,
  skip: readonly string[] = ['node_modules', 'dist'],
  folders: 'count folders' | 'files only' = 'count folders',
): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = folders === 'count folders' ? stat.mtimeMs : 0;
  for (const entry of readdirSync(path)) {
    if (skip.includes(entry)) continue;
    newest = Math.max(newest, newestMtime(join(path, entry), skip, folders));
  }
  return newest;
}

/** Folders of a package that its build does not read: its outputs and its dependencies. */
const NOT_SOURCES = ['node_modules', 'dist', 'dist-monolith', 'coverage'];

/**
 * The newest file of a package outside `src`: package.json, the build's configs and plugins, a
 * page template in `public/` (files only: the folders' times change with every build's output).
 */
/** The file in a package's `dist` that says when its last good build began. */
const BUILT_STAMP = '.built';

const newestOtherFile = (root: string) => newestMtime(root, [...NOT_SOURCES, 'src'], 'files only');

/**
 * When a package was last built: when the last good build began (its stamp), else its newest
 * output file (0: none), so a source saved while a build ran is built again. Left out: a webpack
 * bundle's `dist/types`, where the typecheck (`tsc -b`) writes declarations without building the
 * bundle (creating `dist` itself, whose folder time therefore never counts), and `.tsbuildinfo`,
 * which `tsc --noEmit` rewrites without writing any JavaScript.
 */
function builtAt(root: string): number {
  const stamp = join(root, 'dist', BUILT_STAMP);
  if (existsSync(stamp)) return statSync(stamp).mtimeMs;
  return newestMtime(join(root, 'dist'), ['types', '.tsbuildinfo', BUILT_STAMP], 'files only');
}

/** The built workspace packages `dir` depends on (its `workspace:` dependencies), as folders. */
function builtDependencies(dir: string): string[] {
  const manifest = (folder: string) =>
    JSON.parse(readFileSync(join(REPO_ROOT, folder, 'package.json'), 'utf8')) as {
      name: string;
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
  const own = manifest(dir);
  const names = new Set(Object.keys({ ...own.dependencies, ...own.devDependencies }));
  return BUILT_PACKAGES.filter((other) => other !== dir && names.has(manifest(other).name));
}

/**
 * The packages whose sources changed after their last build (or that were never built), and
 * those built before a dependency's latest build: a dependency rebuilt on its own (`tsc -b` of a
 * typecheck, say) leaves the bundles that contain it stale although their own sources are not.
 */
export function stalePackages(): string[] {
  return BUILT_PACKAGES.filter((dir) => {
    const root = join(REPO_ROOT, dir);
    const built = builtAt(root);
    return (
      built === 0 ||
      newestMtime(join(root, 'src')) > built ||
      newestOtherFile(root) > built ||
      builtDependencies(dir).some((dependency) => {
        const folder = join(REPO_ROOT, dependency);
        return Math.max(builtAt(folder), newestMtime(join(folder, 'src'))) > built;
      })
    );
  });
}

/** Builds the stale packages and what depends on them (with the pinned pnpm), nothing else. */
export async function buildIfStale(log: (line: string) => void) {
  const started = new Date();
  const stale = stalePackages();
  if (stale.length === 0) {
    log('Build is up to date');
    return;
  }
  log(`Building ${stale.join(', ')} and what depends on them`);
  const filters = stale.flatMap((dir) => ['--filter', `...{./${dir}}`]);
  const code = await runPnpm([...filters, '--workspace-concurrency=2', 'run', 'build']);
  if (code !== 0) throw new Error(`The build failed (exit ${code})`);
  // webpack leaves an output file as it was when its content did not change, so a rebuilt bundle
  // can look older than its sources: a stamp says when each package's last good build began, one
  // time for all (a dependency stamped later would make its dependents stale again).
  for (const dir of BUILT_PACKAGES) {
    const dist = join(REPO_ROOT, dir, 'dist');
    if (!existsSync(dist)) continue;
    const stamp = join(dist, BUILT_STAMP);
    writeFileSync(stamp, `${started.toISOString()}\n`);
    utimesSync(stamp, started, started);
  }
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
      // jobs answers 200 'degraded' before it has auth's revoked sessions (its search serves);
      // the system is ready once every instance has them, as before.
      const body = response.ok
        ? ((await response.json()) as { checks?: Record<string, string> })
        : {};
      if (response.ok && body.checks?.revocations !== 'down') return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${name} did not become ready at ${url} within ${timeoutMs / 1000} s`);
}

interface Supervised {
  name: string;
  child: ChildProcess;
  restartDelayMs: number;
  restart?: NodeJS.Timeout;
}

export async function startSystem(options: SystemOptions): Promise<RunningSystem> {
  const { log } = options;
  const supervised: Supervised[] = [];
  let stopping = false;
  /** Set once every process is ready: from then on one that exits is started again. */
  let supervising = false;

  const infra =
    options.infra ??
    (await ensureInfrastructure({ log: (line) => log(`    ${line}`), useDocker: false }));
  const vhost = options.amqpVhost
    ? await isolatedVhost(infra.amqpUrl, options.amqpVhost, infra.brokerNode)
    : undefined;
  const amqpUrl = vhost?.url ?? infra.amqpUrl;
  // On the local broker each service gets its own user (consumers then believe the broker, not a
  // claim in the event, about who published it); a given AMQP_URL is used as it is by all.
  // Without rabbitmqctl rights (not root, say) the system still runs, on the one shared user.
  const brokerUsers =
    infra.amqpProvider === 'rabbitmq-server'
      ? await provisionBrokerUsers(amqpUrl, options.dbPrefix, infra.brokerNode).catch(
          (error: unknown) => {
            log(`    RabbitMQ users per service not created, sharing one: ${String(error)}`);
            return undefined;
          },
        )
      : undefined;
  const amqpOf = (service: string) => ({ AMQP_URL: brokerUsers?.urls[service] ?? amqpUrl });
  const mongo = (db: string) => {
    const url = new URL(infra.mongoUrl);
    url.pathname = `/${options.dbPrefix}${db}`;
    return url.toString();
  };
  const port = (offset: number, instance = 1) =>
    options.servicesBasePort + 10 * (instance - 1) + offset;
  const count = (service: string) => options.instances?.[service as ScalableService] ?? 1;
  /** Every instance's URL of the service on port offset `offset`, comma-separated. */
  const urlsOf = (service: string, offset: number) =>
    Array.from(
      { length: options.gatewayInstances === 'first' ? 1 : count(service) },
      (_, i) => `http://127.0.0.1:${port(offset, i + 1)}`,
    ).join(',');
  /** The services call each other's first instance; the gateway balances over all of them. */
  const urls = {
    AUTH_URL: `http://127.0.0.1:${port(1)}`,
    JOBS_URL: `http://127.0.0.1:${port(2)}`,
    USER_ACTIVITY_URL: `http://127.0.0.1:${port(3)}`,
    DNS_URL: `http://127.0.0.1:${port(4)}`,
    ANALYTICS_URL: `http://127.0.0.1:${port(5)}`,
  };
  const gatewayUrls = {
    AUTH_URL: urlsOf('auth', 1),
    JOBS_URL: urlsOf('jobs', 2),
    USER_ACTIVITY_URL: urlsOf('user-activity', 3),
    DNS_URL: urlsOf('dns', 4),
    ANALYTICS_URL: urlsOf('analytics', 5),
  };
  const adminPassword = options.adminPassword ?? localAdminPassword().password;
  const challengeKey = randomBytes(32).toString('hex');
  const common = {
    NODE_ENV: 'development',
    DATA_DIR,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    EMAIL_DOMAIN: options.emailDomain ?? process.env.EMAIL_DOMAIN ?? 'example.com',
    ...urls,
    ...options.env,
  };

  /**
   * Starts one process and keeps it running: one that exits on its own once the system is up is
   * started again after a pause that doubles from 1 s up to 30 s (back to 1 s after a minute up),
   * as compose's restart policy and Kubernetes do. One that exits during start-up is not: that is
   * a fault to report, not to loop on.
   */
  const start = (
    name: string,
    dir: string,
    listenPort: number,
    env: Record<string, string>,
    index: number,
  ) => {
    const label = `\x1b[${COLORS[index % COLORS.length]}m${name.padEnd(13)}\x1b[0m|`;
    const forward = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) log(`${label} ${line}`);
    };
    const entry: Supervised = { name, child: spawnOnce(), restartDelayMs: 1_000 };
    function spawnOnce() {
      const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
        cwd: join(REPO_ROOT, dir),
        env: { ...process.env, ...common, PORT: String(listenPort), ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const startedAt = Date.now();
      log(`${label} started (pid ${child.pid})`);
      child.stdout?.on('data', forward);
      child.stderr?.on('data', forward);
      child.on('exit', (code, signal) => {
        if (stopping) return;
        if (!supervising) return log(`${label} exited (${signal ?? code})`);
        if (Date.now() - startedAt > 60_000) entry.restartDelayMs = 1_000;
        const delay = entry.restartDelayMs;
        entry.restartDelayMs = Math.min(delay * 2, 30_000);
        log(`${label} exited unexpectedly (${signal ?? code}): restarting in ${delay / 1000} s`);
        entry.restart = setTimeout(() => {
          entry.restart = undefined;
          if (!stopping) entry.child = spawnOnce();
        }, delay);
      });
      return child;
    }
    supervised.push(entry);
    return entry.child;
  };

  const stop = async () => {
    stopping = true;
    await Promise.all(
      supervised.map(
        ({ child, restart }) =>
          new Promise<void>((resolve) => {
            clearTimeout(restart);
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
          }),
      ),
    );
    await brokerUsers
      ?.remove()
      .catch((error: unknown) => log(`Could not remove the RabbitMQ users: ${String(error)}`));
    await vhost
      ?.remove()
      .catch((error: unknown) =>
        log(`Could not remove the RabbitMQ virtual host: ${String(error)}`),
      );
    if (options.stopInfrastructure !== false) await infra.stop();
  };

  try {
    const services: Array<{ name: string; dir: string; env: Record<string, string> }> = [
      {
        name: 'auth',
        dir: 'services/auth',
        env: {
          MONGO_URL: mongo('auth'),
          ...amqpOf('auth'),
          ADMIN_PASSWORD: adminPassword,
          PUBLIC_BASE_URL: `http://localhost:${options.gatewayPort}`,
          MAIL_DIR: options.mailDir,
        },
      },
      {
        name: 'jobs',
        dir: 'services/jobs',
        env: {
          MONGO_URL: mongo('jobs'),
          ...amqpOf('jobs'),
          OPENSEARCH_URL: infra.opensearchUrl,
          OPENSEARCH_INDEX: `${options.dbPrefix}jobs`.toLowerCase(),
          MAIL_DIR: options.mailDir,
          // Every jobs instance signs the post form's challenges alike, so any of them checks one.
          POST_CHALLENGE_KEY: challengeKey,
        },
      },
      {
        name: 'user-activity',
        dir: 'services/user-activity',
        env: {
          MONGO_URL: mongo('user_activity'),
          ...amqpOf('user-activity'),
          PUBLIC_BASE_URL: `http://localhost:${options.gatewayPort}`,
          MAIL_DIR: options.mailDir,
        },
      },
      { name: 'dns', dir: 'services/dns', env: {} },
      {
        name: 'analytics',
        dir: 'services/analytics',
        env: { MONGO_URL: mongo('analytics'), ...amqpOf('analytics') },
      },
    ];
    const started = services.flatMap(({ name, dir, env }, i) =>
      Array.from({ length: count(name) }, (_, n) => {
        const instance = n + 1;
        const label = instance === 1 ? name : `${name}#${instance}`;
        const listenPort = port(i + 1, instance);
        const child = start(label, dir, listenPort, env, i);
        return waitReady(label, `http://127.0.0.1:${listenPort}/readyz`, child);
      }),
    );
    await Promise.all(started);
    const gateway = start(
      'gateway',
      'gateway',
      options.gatewayPort,
      { HOST: '0.0.0.0', MONGO_URL: mongo('gateway'), ...gatewayUrls },
      services.length,
    );
    await waitReady('gateway', `http://127.0.0.1:${options.gatewayPort}/readyz`, gateway);
    supervising = true;
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url: `http://localhost:${options.gatewayPort}`,
    mailDir: options.mailDir,
    adminPassword,
    infra,
    processes: () => supervised.map(({ name, child }) => ({ name, pid: child.pid })),
    stop,
  };
}
