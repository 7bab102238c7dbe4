import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect as tcpConnect } from 'node:net';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import amqp from 'amqplib';
import { MongoClient } from 'mongodb';
import { ensureOpenSearch, pingOpenSearch, type OpenSearchTools } from './opensearch.js';

export { dropSearchIndices } from './opensearch.js';
export { provisionBrokerUsers, rabbitmqctlNode, type BrokerUsers } from './broker-users.js';
import { rabbitmqctlNode } from './broker-users.js';

const run = promisify(execFile);

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DATA_DIR = process.env.B2G_DATA_DIR ?? join(REPO_ROOT, '.data');
/**
 * RabbitMQ's database, logs and pid: this checkout's own, so no earlier run's state reaches it.
 * When root, Debian's scripts run the node as the rabbitmq user, which may not enter a checkout
 * below a private folder: then a folder of that user's, one per data folder.
 */
const RABBIT_DIR =
  process.getuid?.() === 0
    ? join(
        '/var/lib/rabbitmq',
        `b2g-${createHash('sha256').update(DATA_DIR).digest('hex').slice(0, 16)}`,
      )
    : join(DATA_DIR, 'rabbitmq');
const RABBIT_PID_FILE = join(RABBIT_DIR, 'rabbit.pid');

const FERRETDB_DIR = join(REPO_ROOT, 'infra', 'ferretdb');
const NATIVE_MONGO_PORT = Number(process.env.B2G_MONGO_PORT ?? 27017);
const NATIVE_AMQP_PORT = 5672;

export type Provider =
  'environment' | 'docker' | 'mongod' | 'ferretdb' | 'rabbitmq-server' | 'opensearch';

export interface Infrastructure {
  mongoUrl: string;
  amqpUrl: string;
  mongoProvider: Provider;
  amqpProvider: Provider;
  opensearchUrl: string;
  opensearchProvider: Provider;
  /** The RabbitMQ node `rabbitmqctl` must address for this broker (unset: the local default node). */
  brokerNode?: string;
  /** Stops what this call started (servers it found running are left alone). */
  stop(): Promise<void>;
}

export interface EnsureOptions {
  /** Progress lines for a person watching. */
  log?: (line: string) => void;
  /** Prefer testcontainers when a Docker engine answers (tests); otherwise compose is the caller's job. */
  useDocker?: boolean;
}

export class InfrastructureError extends Error {
  constructor(
    message: string,
    readonly fix: string,
  ) {
    super(`${message}\nTo fix it: ${fix}`);
    this.name = 'InfrastructureError';
  }
}

/** Makes a MongoDB-compatible server and RabbitMQ available and reports their URLs. Idempotent. */
export async function ensureInfrastructure(options: EnsureOptions = {}): Promise<Infrastructure> {
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const each of stops.reverse()) await each();
  };
  try {
    return { ...(await startInfrastructure(options, stops)), stop };
  } catch (error) {
    // A server that never answered is not left running: it would outlive the failed run.
    await stop();
    throw error;
  }
}

async function startInfrastructure(
  options: EnsureOptions,
  stops: Array<() => Promise<void>>,
): Promise<Omit<Infrastructure, 'stop'>> {
  const log = options.log ?? (() => undefined);
  const envMongo = process.env.MONGO_URL;
  const envAmqp = process.env.AMQP_URL;

  let docker: DockerInfra | undefined;
  if ((!envMongo || !envAmqp) && options.useDocker !== false && (await dockerAnswers())) {
    log('Docker engine found: starting MongoDB and RabbitMQ containers');
    docker = await startDockerInfra({ mongo: !envMongo, amqp: !envAmqp });
    stops.push(docker.stop);
  }

  const mongo = envMongo
    ? { url: envMongo, provider: 'environment' as const }
    : docker?.mongoUrl
      ? { url: docker.mongoUrl, provider: 'docker' as const }
      : await ensureNativeMongo(log, stops);
  const rabbit = envAmqp
    ? { url: envAmqp, provider: 'environment' as const }
    : docker?.amqpUrl
      ? { url: docker.amqpUrl, provider: 'docker' as const }
      : await ensureNativeRabbit(log, stops);

  await waitFor('MongoDB', () => pingMongo(mongo.url), 60_000);
  await waitFor('RabbitMQ', () => pingAmqp(rabbit.url), 120_000);
  const search = await ensureOpenSearch(DATA_DIR, openSearchTools(log));
  const searchAnswers = () => waitFor('OpenSearch', () => pingOpenSearch(search.url), 120_000);
  if (search.pid) {
    const pid = search.pid;
    writeState({ ...readState(), opensearchPid: pid });
    stops.push(async () => killQuietly(pid));
    await timed(log, 'Waiting for OpenSearch to answer', searchAnswers);
  } else await searchAnswers();

  return {
    mongoUrl: mongo.url,
    amqpUrl: rabbit.url,
    mongoProvider: mongo.provider,
    amqpProvider: rabbit.provider,
    opensearchUrl: search.url,
    opensearchProvider: search.provider,
  };
}

/** What opensearch.ts needs of this module: progress, lookups, installs and readable failures. */
export function openSearchTools(log: (line: string) => void): OpenSearchTools {
  return {
    log,
    which,
    fail: (message, fix) => new InfrastructureError(message, fix),
    install: (packages, what, alternative) => aptInstall(packages, what, log, alternative),
    timed: (doing, work) => timed(log, doing, work),
  };
}

/** Stops the native servers a previous `ensureInfrastructure` started (recorded in the data folder). */
export async function stopNativeInfrastructure(log: (line: string) => void = () => undefined) {
  const state = readState();
  if (state.ferretdbPid) {
    log(`Stopping FerretDB (pid ${state.ferretdbPid})`);
    killQuietly(state.ferretdbPid);
  }
  if (state.opensearchPid) {
    log(`Stopping OpenSearch (pid ${state.opensearchPid})`);
    killQuietly(state.opensearchPid);
  }
  if (state.rabbitStartedByUs) {
    log('Stopping RabbitMQ');
    await stopOwnRabbit();
  }
  writeState({});
}

// ---------------------------------------------------------------- native MongoDB-compatible server

async function ensureNativeMongo(log: (line: string) => void, stops: Array<() => Promise<void>>) {
  const url = `mongodb://127.0.0.1:${NATIVE_MONGO_PORT}/`;
  if (await pingMongo(url)) {
    log(`MongoDB-compatible server already running on port ${NATIVE_MONGO_PORT}`);
    return { url, provider: 'ferretdb' as const };
  }
  const mongod = await which('mongod');
  const server = mongod
    ? {
        provider: 'mongod' as const,
        command: mongod,
        dataPath: join(DATA_DIR, 'mongod'),
        args: (data: string) => [
          '--dbpath',
          data,
          '--bind_ip',
          '127.0.0.1',
          '--port',
          String(NATIVE_MONGO_PORT),
        ],
      }
    : {
        provider: 'ferretdb' as const,
        command: await ensureFerretdbBinary(log),
        dataPath: join(DATA_DIR, 'ferretdb'),
        args: (data: string) => [
          '--listen-addr',
          `127.0.0.1:${NATIVE_MONGO_PORT}`,
          '--sqlite-url',
          `file:${data}/`,
        ],
      };
  mkdirSync(server.dataPath, { recursive: true });
  await timed(
    log,
    `Starting ${server.provider} on port ${NATIVE_MONGO_PORT} (data in ${server.dataPath})`,
    async () => {
      const pid = startDetached(
        server.command,
        server.args(server.dataPath),
        `${server.provider}.log`,
      );
      writeState({ ...readState(), ferretdbPid: pid });
      stops.push(async () => killQuietly(pid));
      await waitFor('MongoDB', () => pingMongo(url), 60_000);
    },
  );
  return { url, provider: server.provider };
}

/**
 * Three patches to FerretDB 1.24's SQLite backend, applied to a copy of the pinned module (Go lets no
 * overlay touch its module cache) that the build is pointed at:
 * 1. It looks `_id` up with `->'$._id'` but builds its unique `_id` index on `->"_id"`: SQLite never
 *    matches the two, so every lookup, update and delete by id scanned the whole table (upstream's
 *    FerretDB#4646 is the same mismatch on PostgreSQL). The lookup now uses the index's expression.
 * 2. It reads by `_id` only when the filter is `_id` alone; `{ _id, revision }` (a conditional
 *    update) scanned. It now reads by `_id` whenever the filter has a plain `_id`: its handlers
 *    apply the whole filter to what the backend returns anyway (a pushdown only narrows).
 * 3. It builds the secondary indexes a collection declares but never reads through them: every
 *    per-user read (`{ userId }`), sign-in (`{ usernameKey }`) and bookmark count (`{ jobId }`)
 *    scanned its whole collection, and writes queued behind those scans. A filter with no `_id` now reads through the first index
 *    whose leading field it sets to a plain string (`sqlite-indexed-equality.go.in`), as
 *    MongoDB's planner would. Explain reports that pushdown too.
 * The binary's name carries the patches: a machine holding an older build makes a new one.
 */
const FERRETDB_PATCHES = [
  {
    file: 'internal/backends/sqlite/metadata/metadata.go',
    from: `IDColumn = DefaultColumn + "->'$._id'"`,
    to: `IDColumn = DefaultColumn + "->'_id'"`,
    times: 1,
  },
  {
    file: 'internal/backends/sqlite/collection.go',
    from: 'if params.Filter.Len() == 1 {',
    to: 'if params.Filter.Len() > 0 {',
    times: 2,
  },
  {
    file: 'internal/backends/sqlite/collection.go',
    from: '\tq += whereClause\n',
    to: '\tif whereClause == "" {\n\t\twhereClause, args = indexedEquality(meta, params.Filter)\n\t}\n\n\tq += whereClause\n',
    times: 1,
  },
  {
    file: 'internal/backends/sqlite/collection.go',
    from: '\torderByClause := prepareOrderByClause(params.Sort)\n',
    to: '\tif whereClause == "" {\n\t\twhereClause, args = indexedEquality(meta, params.Filter)\n\t\tfilterPushdown = whereClause != ""\n\t}\n\n\torderByClause := prepareOrderByClause(params.Sort)\n',
    times: 1,
  },
];

/** Source files the patches call, added to the copy's SQLite backend (they are not FerretDB's). */
const FERRETDB_ADDED_FILES = [
  {
    from: 'sqlite-indexed-equality.go.in',
    to: 'internal/backends/sqlite/indexed_equality.go',
  },
];

/** The FerretDB binary built from infra/ferretdb (go.mod pins the release), built once when absent. */
export async function ensureFerretdbBinary(log: (line: string) => void = () => undefined) {
  const binary = join(DATA_DIR, 'bin', 'ferretdb-1.24.2-index-lookups');
  if (existsSync(binary)) return binary;
  const go = await which('go');
  if (!go) {
    throw new InfrastructureError(
      'No MongoDB-compatible server: MONGO_URL is unset, no Docker engine answers, mongod is not installed and Go is missing to build FerretDB.',
      'install Go (https://go.dev/dl/) or MongoDB, or set MONGO_URL=mongodb://host:27017/',
    );
  }
  mkdirSync(dirname(binary), { recursive: true });
  const build = join(DATA_DIR, 'ferretdb-build');
  const options = {
    cwd: join(build, 'command'),
    env: { ...process.env, GOFLAGS: '-mod=mod' },
    maxBuffer: 16 * 1024 * 1024,
  };
  try {
    await timed(
      log,
      'Building FerretDB v1.24.2 from the Go module proxy (once, about two minutes)',
      async () => {
        rmSync(build, { recursive: true, force: true });
        cpSync(FERRETDB_DIR, options.cwd, { recursive: true });
        const { stdout } = await run(
          go,
          ['mod', 'download', '-json', 'github.com/FerretDB/FerretDB'],
          options,
        );
        patchFerretdb((JSON.parse(stdout) as { Dir: string }).Dir, join(build, 'FerretDB'));
        await run(
          go,
          ['mod', 'edit', '-replace', 'github.com/FerretDB/FerretDB=../FerretDB'],
          options,
        );
        await run(go, ['build', '-o', binary, '.'], options);
      },
    );
  } catch (error) {
    throw new InfrastructureError(
      `Building FerretDB failed: ${(error as Error).message}`,
      `see ${build}; unpatched: cd ${FERRETDB_DIR} && go build -o ${binary} .`,
    );
  }
  return binary;
}

/** Copies the module and patches it (the copy is writable; the cache is not). */
function patchFerretdb(moduleDir: string, copy: string): void {
  cpSync(moduleDir, copy, { recursive: true });
  // The cache's files and folders are read-only: the copy is made writable (and removable).
  chmodSync(copy, 0o755);
  for (const entry of readdirSync(copy, { recursive: true, withFileTypes: true }))
    chmodSync(join(entry.parentPath, entry.name), entry.isDirectory() ? 0o755 : 0o644);
  for (const patch of FERRETDB_PATCHES) {
    const file = join(copy, patch.file);
    const source = readFileSync(file, 'utf8');
    if (source.split(patch.from).length !== patch.times + 1)
      throw new Error(`${file} no longer holds ${patch.from} ${patch.times}x: review the patch`);
    writeFileSync(file, source.replaceAll(patch.from, patch.to));
  }
  for (const added of FERRETDB_ADDED_FILES)
    cpSync(join(FERRETDB_DIR, added.from), join(copy, added.to));
}

// ---------------------------------------------------------------- native RabbitMQ

async function ensureNativeRabbit(log: (line: string) => void, stops: Array<() => Promise<void>>) {
  const url = `amqp://guest:guest@127.0.0.1:${NATIVE_AMQP_PORT}`;
  if (await pingAmqp(url)) {
    log('RabbitMQ already running on port 5672');
    return { url, provider: 'rabbitmq-server' as const };
  }
  if (!(await which('rabbitmq-server'))) await installRabbit(log);
  const awaitStartup = () =>
    run('rabbitmqctl', ['await_startup', '--timeout', '120'], { timeout: 130_000 }).catch(
      () => undefined,
    );
  if (await portOpen(NATIVE_AMQP_PORT)) await awaitStartup();
  else
    await timed(log, `Starting RabbitMQ (data in ${RABBIT_DIR})`, async () => {
      await run('rabbitmq-server', ['-detached'], { env: await ownRabbitEnv() });
      writeState({ ...readState(), rabbitStartedByUs: true });
      stops.push(stopOwnRabbit);
      await awaitStartup();
    });
  return { url, provider: 'rabbitmq-server' as const };
}

/**
 * The broker runs as the machine's default node but keeps its database, logs and pid in
 * RABBIT_DIR: the machine's shared /var/lib/rabbitmq/mnesia collects every earlier run's queues
 * and, after a hard stop mid-boot, can hang the next start for good.
 */
async function ownRabbitEnv() {
  for (const folder of ['mnesia', 'log']) mkdirSync(join(RABBIT_DIR, folder), { recursive: true });
  if (process.getuid?.() === 0) await run('chown', ['-R', 'rabbitmq:', RABBIT_DIR]);
  return {
    ...process.env,
    RABBITMQ_MNESIA_BASE: join(RABBIT_DIR, 'mnesia'),
    RABBITMQ_LOG_BASE: join(RABBIT_DIR, 'log'),
    RABBITMQ_PID_FILE: RABBIT_PID_FILE,
  };
}

/** `rabbitmqctl stop`, bounded: a node stuck in its boot never answers it, so it is killed. */
async function stopOwnRabbit() {
  const stopped = await run('rabbitmqctl', ['stop'], { timeout: 30_000 }).then(
    () => true,
    () => false,
  );
  if (stopped || !existsSync(RABBIT_PID_FILE)) return;
  killQuietly(Number(readFileSync(RABBIT_PID_FILE, 'utf8').trim()), 'SIGKILL');
}

async function installRabbit(log: (line: string) => void) {
  await aptInstall(
    ['rabbitmq-server'],
    'RabbitMQ',
    log,
    'or set AMQP_URL=amqp://user:pass@host:5672',
  );
  // Debian's package starts the broker through its service scripts where an init system runs.
}

/**
 * Installs Debian packages with apt-get when this process is root on a Debian-like machine (one
 * progress line, then its time; waits for another apt-get to finish instead of failing on its
 * lock); anywhere else it stops with one line naming the command to run.
 */
export async function aptInstall(
  packages: string[],
  what: string,
  log: (line: string) => void,
  alternative?: string,
) {
  const command = `sudo apt-get install -y ${packages.join(' ')}`;
  if (process.getuid?.() !== 0 || !(await which('apt-get'))) {
    throw new InfrastructureError(
      `${what} is not installed.`,
      alternative ? `${command} (${alternative})` : command,
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const options = { env, maxBuffer: 64 * 1024 * 1024 };
  const lockWait = ['-o', 'DPkg::Lock::Timeout=600'];
  await timed(log, `Installing ${what} with apt-get (once)`, async () => {
    await run('apt-get', [...lockWait, 'update', '-q'], options);
    await run('apt-get', [...lockWait, 'install', '-y', '-q', ...packages], options);
  });
}

/** Debian's Chromium for the browser tests (CHROMIUM_PATH if set), installed when missing. */
export async function ensureChromium(log: (line: string) => void = () => undefined) {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) await aptInstall(['chromium'], 'Chromium (for the browser tests)', log);
  return path;
}

/**
 * A virtual host of its own on the local RabbitMQ, so a second system on the same broker (the
 * browser tests next to `npm start`, two test runs) shares no exchange or queue with the first:
 * otherwise their services would take turns consuming each other's events.
 */
export async function isolatedVhost(amqpUrl: string, name: string, brokerNode?: string) {
  const url = new URL(amqpUrl);
  const user = decodeURIComponent(url.username || 'guest');
  const node = rabbitmqctlNode(brokerNode);
  try {
    await run('rabbitmqctl', [...node, 'add_vhost', name]);
    await run('rabbitmqctl', [...node, 'set_permissions', '-p', name, user, '.*', '.*', '.*']);
  } catch (error) {
    throw new InfrastructureError(
      `Cannot create the RabbitMQ virtual host ${name}: ${(error as Error).message}`,
      'run the tests where rabbitmqctl reaches the broker (the local rabbitmq-server)',
    );
  }
  url.pathname = `/${encodeURIComponent(name)}`;
  return {
    url: url.toString(),
    remove: () => run('rabbitmqctl', [...node, 'delete_vhost', name]).then(() => undefined),
  };
}

/**
 * Drops every database whose name starts with `prefix` (a test run's `e2e_<run>_`): a whole
 * system started for one run leaves four databases behind otherwise, and on a developer's machine
 * they pile up in the data folder.
 */
export async function dropDatabases(mongoUrl: string, prefix: string): Promise<string[]> {
  if (!prefix) throw new Error('dropDatabases needs a prefix');
  const client = new MongoClient(mongoUrl, { serverSelectionTimeoutMS: 5_000 });
  try {
    await client.connect();
    const { databases } = await client.db('admin').admin().listDatabases({ nameOnly: true });
    const names = databases.map((db) => db.name).filter((name) => name.startsWith(prefix));
    for (const name of names) await client.db(name).dropDatabase();
    return names;
  } finally {
    await client.close();
  }
}

// ---------------------------------------------------------------- Docker (testcontainers)

interface DockerInfra {
  mongoUrl?: string;
  amqpUrl?: string;
  stop(): Promise<void>;
}

async function dockerAnswers() {
  if (!(await which('docker'))) return false;
  try {
    await run('docker', ['info', '--format', '{{.ServerVersion}}'], { timeout: 5_000 });
    return true;
  } catch {
    return false;
  }
}

async function startDockerInfra(want: { mongo: boolean; amqp: boolean }): Promise<DockerInfra> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const started: Array<{ stop(): Promise<unknown> }> = [];
  const result: DockerInfra = {
    async stop() {
      await Promise.all(started.map((c) => c.stop()));
    },
  };
  /** Starts `image`, ready once it logs `ready`; answers the host and port `port` is mapped to. */
  const startContainer = async (image: string, port: number, ready: RegExp) => {
    const container = await new GenericContainer(image)
      .withExposedPorts(port)
      .withWaitStrategy(Wait.forLogMessage(ready))
      .start();
    started.push(container);
    return `${container.getHost()}:${container.getMappedPort(port)}`;
  };
  if (want.mongo) {
    const address = await startContainer('mongo:7', 27017, /Waiting for connections/);
    result.mongoUrl = `mongodb://${address}/`;
  }
  if (want.amqp) {
    const address = await startContainer(
      'rabbitmq:3.13-management',
      5672,
      /Server startup complete/,
    );
    result.amqpUrl = `amqp://guest:guest@${address}`;
  }
  return result;
}

// ---------------------------------------------------------------- helpers

interface State {
  ferretdbPid?: number;
  rabbitStartedByUs?: boolean;
  opensearchPid?: number;
}

const statePath = () => join(DATA_DIR, 'infra-state.json');

function readState(): State {
  try {
    return JSON.parse(readFileSync(statePath(), 'utf8')) as State;
  } catch {
    return {};
  }
}

function writeState(state: State) {
  mkdirSync(DATA_DIR, { recursive: true });
  if (Object.keys(state).length === 0) rmSync(statePath(), { force: true });
  else writeFileSync(statePath(), JSON.stringify(state));
}

function startDetached(command: string, args: string[], logName: string) {
  const logDir = join(DATA_DIR, 'logs');
  mkdirSync(logDir, { recursive: true });
  const out = openSync(join(logDir, logName), 'a');
  const child = spawn(command, args, { detached: true, stdio: ['ignore', out, out] });
  child.unref();
  if (!child.pid)
    throw new InfrastructureError(
      `Could not start ${command}`,
      `run ${command} by hand to see why`,
    );
  return child.pid;
}

function killQuietly(pid: number, signal: NodeJS.Signals = 'SIGTERM') {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

export async function which(command: string) {
  const extra = [join(homedir(), 'go', 'bin'), '/usr/local/go/bin', '/usr/sbin', '/sbin'];
  const path = [process.env.PATH ?? '', ...extra].join(':');
  try {
    const { stdout } = await run('sh', ['-c', `command -v ${command}`], {
      env: { ...process.env, PATH: path },
    });
    return stdout.trim() || undefined;
  } catch {
    return undefined;
  }
}

export function portOpen(port: number, host = '127.0.0.1') {
  return new Promise<boolean>((resolvePort) => {
    const socket = tcpConnect({ port, host });
    socket.setTimeout(1_000);
    socket.once('connect', () => {
      socket.destroy();
      resolvePort(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolvePort(false);
    });
    socket.once('error', () => resolvePort(false));
  });
}

export async function pingMongo(url: string) {
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 1_000, connectTimeoutMS: 1_000 });
  try {
    await client.connect();
    await client.db('admin').command({ ping: 1 });
    return true;
  } catch {
    return false;
  } finally {
    await client.close().catch(() => undefined);
  }
}

export async function pingAmqp(url: string) {
  try {
    const connection = await amqp.connect(url, { timeout: 2_000 });
    await connection.close();
    return true;
  } catch {
    return false;
  }
}

/** Runs one slow step between a progress line saying what it does and one saying how long it took. */
export async function timed<T>(log: (line: string) => void, doing: string, work: () => Promise<T>) {
  const started = Date.now();
  log(`${doing}…`);
  const result = await work();
  log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new InfrastructureError(
    `${what} did not answer within ${timeoutMs / 1000} s.`,
    `look at the logs in ${join(DATA_DIR, 'logs')} (RabbitMQ's in ${join(RABBIT_DIR, 'log')}; rabbitmqctl status)`,
  );
}
