import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  DATA_DIR,
  InfrastructureError,
  ensureFerretdbBinary,
  openSearchTools,
  pingAmqp,
  pingMongo,
  rabbitmqctlNode,
  waitFor,
  which,
  type Infrastructure,
} from './index.js';
import {
  ensureOpenSearchDistribution,
  ensureServiceUser,
  nodeConfig,
  pingOpenSearch,
} from './opensearch.js';

const run = promisify(execFile);

/** One server of a private set: started, stopped, killed and started again on demand. */
export interface PrivateServer {
  readonly name: 'FerretDB' | 'RabbitMQ' | 'OpenSearch';
  readonly url: string;
  /** Starts it (again) and waits until it answers. */
  start(): Promise<void>;
  /** Stops it the way an operator would (SIGTERM, `rabbitmqctl stop`) and waits until it is gone. */
  stop(): Promise<void>;
  /** SIGKILL to its main process, then waits until it is gone. */
  kill(): Promise<void>;
  answers(): Promise<boolean>;
}

export interface PrivateInfrastructure extends Infrastructure {
  mongo: PrivateServer;
  rabbit: PrivateServer;
  opensearch: PrivateServer;
  /** Where the servers keep their data and logs (deleted by `stop`). */
  dir: string;
}

export interface PrivateOptions {
  log?: (line: string) => void;
  /** Ports (each picked among the free ones when unset). */
  ports?: Partial<Record<'mongo' | 'amqp' | 'amqpDist' | 'http' | 'transport', number>>;
}

/** A port nothing listens on now (the kernel's pick). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/**
 * A FerretDB, a RabbitMQ node and an OpenSearch node of their own (own ports, folders, node
 * name), for a run that stops, kills and restarts servers (`pnpm chaos`) without touching the
 * shared servers other test files and engineers use. `stop()` stops all three and deletes their
 * folders. RabbitMQ is Debian's rabbitmq-server as a second node; OpenSearch reuses the
 * distribution `ensureInfrastructure` prepares, with a configuration folder of its own.
 */
export async function startPrivateInfrastructure(
  options: PrivateOptions = {},
): Promise<PrivateInfrastructure> {
  const log = options.log ?? (() => undefined);
  const port = async (key: keyof NonNullable<PrivateOptions['ports']>) =>
    options.ports?.[key] ?? (await freePort());
  const ports = {
    mongo: await port('mongo'),
    amqp: await port('amqp'),
    amqpDist: await port('amqpDist'),
    http: await port('http'),
    transport: await port('transport'),
  };
  // Under /tmp: RabbitMQ and OpenSearch run as their own users, who must reach these folders.
  const dir = mkdtempSync('/tmp/b2g-private-');
  chmodSync(dir, 0o755);
  const servers: PrivateServer[] = [];
  const removeAll = async () => {
    for (const server of servers.reverse()) await server.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const mongo = await ferretdb(dir, ports.mongo, log);
    servers.push(mongo);
    const rabbit = await rabbitNode(dir, ports.amqp, ports.amqpDist, log);
    servers.push(rabbit.server);
    const opensearch = await openSearchNode(dir, ports.http, ports.transport, log);
    servers.push(opensearch);
    for (const server of servers) await server.start();
    return {
      mongoUrl: mongo.url,
      amqpUrl: rabbit.server.url,
      opensearchUrl: opensearch.url,
      mongoProvider: 'ferretdb',
      amqpProvider: 'rabbitmq-server',
      opensearchProvider: 'opensearch',
      brokerNode: rabbit.node,
      mongo,
      rabbit: rabbit.server,
      opensearch,
      dir,
      stop: removeAll,
    };
  } catch (error) {
    await removeAll();
    throw error;
  }
}

/** A child process started detached (its own group) with its output appended to `logFile`. */
function launch(
  command: string,
  args: string[],
  logFile: string,
  extra: { env?: NodeJS.ProcessEnv; uid?: number; gid?: number; cwd?: string } = {},
): ChildProcess {
  const out = openSync(logFile, 'a');
  const child = spawn(command, args, {
    detached: true,
    stdio: ['ignore', out, out],
    env: { ...process.env, ...extra.env },
    cwd: extra.cwd,
    ...(extra.uid === undefined ? {} : { uid: extra.uid, gid: extra.gid }),
  });
  // Not unref'd: a caller awaiting its exit must keep running until it comes.
  if (!child.pid)
    throw new InfrastructureError(`Could not start ${command}`, `run ${command} by hand`);
  return child;
}

const running = (child: ChildProcess | undefined): child is ChildProcess =>
  child !== undefined && child.exitCode === null && child.signalCode === null;

/** Sends `signal` and waits for the exit (SIGKILL to the whole group after `graceMs`). */
async function ended(child: ChildProcess | undefined, signal: NodeJS.Signals, graceMs = 30_000) {
  if (!running(child)) return;
  const exit = once(child, 'exit');
  child.kill(signal);
  const timer = setTimeout(() => {
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  }, graceMs);
  await exit;
  clearTimeout(timer);
}

/**
 * A server that is one child process: started by launching it and waiting until it answers,
 * stopped and killed by signalling it.
 */
function childServer(spec: {
  name: PrivateServer['name'];
  url: string;
  answers: () => Promise<boolean>;
  launch: () => ChildProcess;
  answersWithinMs: number;
}): PrivateServer {
  let child: ChildProcess | undefined;
  return {
    name: spec.name,
    url: spec.url,
    answers: spec.answers,
    async start() {
      child = spec.launch();
      await waitFor(spec.name, spec.answers, spec.answersWithinMs);
    },
    stop: () => ended(child, 'SIGTERM'),
    kill: () => ended(child, 'SIGKILL'),
  };
}

async function ferretdb(dir: string, port: number, log: (line: string) => void) {
  const binary = await ensureFerretdbBinary(log);
  const dataPath = join(dir, 'ferretdb');
  mkdirSync(dataPath, { recursive: true });
  const url = `mongodb://127.0.0.1:${port}/`;
  const server = childServer({
    name: 'FerretDB',
    url,
    answers: () => pingMongo(url),
    launch: () =>
      launch(
        binary,
        ['--listen-addr', `127.0.0.1:${port}`, '--sqlite-url', `file:${dataPath}/`],
        join(dir, 'ferretdb.log'),
      ),
    answersWithinMs: 60_000,
  });
  log(`Private FerretDB on port ${port} (data in ${dataPath})`);
  return server;
}

async function rabbitNode(
  dir: string,
  port: number,
  distPort: number,
  log: (line: string) => void,
) {
  if (!(await which('rabbitmq-server')))
    throw new InfrastructureError(
      'RabbitMQ is not installed.',
      'sudo apt-get install -y rabbitmq-server',
    );
  const base = join(dir, 'rabbitmq');
  const node = `b2g-${dir.split('-').at(-1)?.toLowerCase()}@${hostname().split('.')[0]}`;
  mkdirSync(join(base, 'mnesia'), { recursive: true });
  mkdirSync(join(base, 'log'), { recursive: true });
  writeFileSync(
    join(base, 'rabbitmq.conf'),
    [
      `listeners.tcp.default = 127.0.0.1:${port}`,
      // A nearly full disk must not block publishers here: the run is about other faults.
      'disk_free_limit.absolute = 10MB',
      '',
    ].join('\n'),
  );
  // No plugins (the shared node's management listener would clash).
  writeFileSync(join(base, 'enabled_plugins'), '[].\n');
  const pidFile = join(base, 'rabbit.pid');
  // Debian's scripts run the node as the rabbitmq user when started by root.
  if (process.getuid?.() === 0) await run('chown', ['-R', 'rabbitmq:', base]);
  const env = {
    RABBITMQ_NODENAME: node,
    RABBITMQ_NODE_PORT: String(port),
    RABBITMQ_DIST_PORT: String(distPort),
    RABBITMQ_MNESIA_BASE: join(base, 'mnesia'),
    RABBITMQ_LOG_BASE: join(base, 'log'),
    RABBITMQ_CONFIG_FILE: join(base, 'rabbitmq.conf'),
    RABBITMQ_ENABLED_PLUGINS_FILE: join(base, 'enabled_plugins'),
    RABBITMQ_PID_FILE: pidFile,
  };
  const ctl = (args: string[], timeout = 60_000) =>
    run('rabbitmqctl', [...rabbitmqctlNode(node), ...args], { timeout });
  const url = `amqp://guest:guest@127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  /** The Erlang VM's pid (the started process is a wrapper that runs it as another user). */
  const beamPid = () => Number(readFileSync(pidFile, 'utf8').trim());
  const server: PrivateServer = {
    name: 'RabbitMQ',
    url,
    answers: () => pingAmqp(url),
    async start() {
      child = launch('rabbitmq-server', [], join(dir, 'rabbitmq.log'), { env });
      await ctl(['await_startup', '--timeout', '120'], 130_000).catch(() => undefined);
      await waitFor('RabbitMQ', () => pingAmqp(url), 120_000);
    },
    async stop() {
      if (!running(child)) return;
      const exit = once(child, 'exit');
      await ctl(['stop']).catch(() => undefined);
      await ended(child, 'SIGTERM');
      await exit;
    },
    async kill() {
      if (!running(child)) return;
      const exit = once(child, 'exit');
      process.kill(beamPid(), 'SIGKILL');
      await exit;
    },
  };
  log(`Private RabbitMQ node ${node} on port ${port} (dist port ${distPort}, data in ${base})`);
  return { server, node };
}

async function openSearchNode(
  dir: string,
  httpPort: number,
  transportPort: number,
  log: (line: string) => void,
) {
  const tools = openSearchTools(log);
  const { javaHome, home } = await ensureOpenSearchDistribution(DATA_DIR, tools);
  const base = join(dir, 'opensearch');
  const config = join(base, 'config');
  const dataPath = join(base, 'data');
  const logsPath = join(base, 'logs');
  for (const folder of [config, dataPath, logsPath]) mkdirSync(folder, { recursive: true });
  for (const file of ['jvm.options', 'log4j2.properties'])
    copyFileSync(join(home, 'config', file), join(config, file));
  mkdirSync(join(config, 'jvm.options.d'), { recursive: true });
  writeFileSync(
    join(config, 'opensearch.yml'),
    nodeConfig({
      cluster: base.split('/').at(-2) ?? 'b2g-private',
      node: 'private-1',
      dataPath,
      logsPath,
      httpPort,
      transportPort,
    }),
  );
  const account =
    process.getuid?.() === 0 ? await ensureServiceUser(tools, [home, base]) : undefined;
  const url = `http://127.0.0.1:${httpPort}`;
  const server = childServer({
    name: 'OpenSearch',
    url,
    answers: () => pingOpenSearch(url),
    launch: () =>
      launch(join(home, 'bin', 'opensearch'), [], join(dir, 'opensearch.log'), {
        env: {
          OPENSEARCH_JAVA_HOME: javaHome,
          OPENSEARCH_JAVA_OPTS: '-Xms384m -Xmx384m',
          OPENSEARCH_PATH_CONF: config,
        },
        // jvm.options names its GC log relative to the working folder.
        cwd: base,
        ...account,
      }),
    answersWithinMs: 180_000,
  });
  log(`Private OpenSearch on port ${httpPort} (transport ${transportPort}, data in ${dataPath})`);
  return server;
}
