import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const OPENSEARCH_VERSION = '2.19.1';
const NATIVE_OPENSEARCH_PORT = Number(process.env.B2G_OPENSEARCH_PORT ?? 9200);
/** OpenSearch refuses to run as root: when we are root it runs as this system user. */
const SERVICE_USER = 'b2g-opensearch';
/** Its folders when it runs as SERVICE_USER (see openSearchDir). */
const SERVICE_ROOT = '/var/lib/b2g-opensearch';
const MAVEN_GROUP = 'org.opensearch';
/**
 * The integ-test distribution ships only the transport module; these are the modules the jobs
 * service needs, assembled from their Maven Central jars (neither has dependencies of its own).
 */
const MODULES = [
  {
    name: 'analysis-common',
    description:
      'Adds "built in" analyzers to OpenSearch (english analyzer, stemmers, synonym_graph).',
    classname: 'org.opensearch.analysis.common.CommonAnalysisPlugin',
  },
  {
    name: 'percolator-client',
    description: 'Percolator module adds capability to index queries and query these queries.',
    classname: 'org.opensearch.percolator.PercolatorPlugin',
  },
] as const;

export type OpenSearchProvider = 'environment' | 'opensearch';

export interface OpenSearchTools {
  log: (line: string) => void;
  which: (command: string) => Promise<string | undefined>;
  /** Thrown with the command that would fix the problem. */
  fail: (message: string, fix: string) => Error;
  /** Installs Debian packages (infra's aptInstall), or fails naming the command to run. */
  install: (packages: string[], what: string, alternative: string) => Promise<void>;
  /** Runs a slow step between a line saying what it does and one saying how long it took. */
  timed: <T>(doing: string, work: () => Promise<T>) => Promise<T>;
}

/** http://127.0.0.1:9200 answers (or the URL given): any HTTP answer from the root counts. */
export async function pingOpenSearch(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return response.status < 500;
  } catch {
    return false;
  }
}

/**
 * Makes an OpenSearch available: `OPENSEARCH_URL` if set, else one answering on 127.0.0.1:9200,
 * else a local single node installed from Maven Central under `dataDir` and started in the
 * background (its pid is returned so the caller can stop it).
 */
export async function ensureOpenSearch(
  dataDir: string,
  tools: OpenSearchTools,
): Promise<{ url: string; provider: OpenSearchProvider; pid?: number }> {
  const fromEnv = process.env.OPENSEARCH_URL;
  if (fromEnv) return { url: fromEnv, provider: 'environment' };
  const url = `http://127.0.0.1:${NATIVE_OPENSEARCH_PORT}`;
  if (await pingOpenSearch(url)) {
    tools.log(`OpenSearch already running on port ${NATIVE_OPENSEARCH_PORT}`);
    return { url, provider: 'opensearch' };
  }
  const { javaHome, serverDir, home } = await ensureOpenSearchDistribution(dataDir, tools);
  const dataPath = join(serverDir, 'opensearch-data');
  const logsPath = join(serverDir, 'logs', 'opensearch');
  mkdirSync(dataPath, { recursive: true });
  mkdirSync(logsPath, { recursive: true });
  writeFileSync(
    join(home, 'config', 'opensearch.yml'),
    nodeConfig({
      cluster: 'b2g-local',
      node: 'b2g-local-1',
      dataPath,
      logsPath,
      httpPort: NATIVE_OPENSEARCH_PORT,
    }),
  );
  const account =
    process.getuid?.() === 0
      ? await ensureServiceUser(tools, [home, dataPath, logsPath])
      : undefined;
  tools.log(
    `Starting OpenSearch ${OPENSEARCH_VERSION} on port ${NATIVE_OPENSEARCH_PORT} (data in ${dataPath}, 512 MB heap)`,
  );
  const out = openSync(join(dataDir, 'logs', 'opensearch.log'), 'a');
  const child = spawn(join(home, 'bin', 'opensearch'), [], {
    detached: true,
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      OPENSEARCH_JAVA_HOME: javaHome,
      OPENSEARCH_JAVA_OPTS: '-Xms512m -Xmx512m',
      OPENSEARCH_PATH_CONF: join(home, 'config'),
    },
    ...account,
  });
  child.unref();
  if (!child.pid)
    throw tools.fail(
      'Could not start OpenSearch',
      `run ${join(home, 'bin', 'opensearch')} by hand to see why`,
    );
  return { url, provider: 'opensearch', pid: child.pid };
}

/** opensearch.yml of a single local node (a transport port of its own for a second node). */
export function nodeConfig(node: {
  cluster: string;
  node: string;
  dataPath: string;
  logsPath: string;
  httpPort: number;
  transportPort?: number;
}): string {
  return [
    `cluster.name: ${node.cluster}`,
    `node.name: ${node.node}`,
    `path.data: ${node.dataPath}`,
    `path.logs: ${node.logsPath}`,
    'network.host: 127.0.0.1',
    `http.port: ${node.httpPort}`,
    ...(node.transportPort ? [`transport.port: ${node.transportPort}`] : []),
    'discovery.type: single-node',
    // A developer's nearly full disk must not turn every index read-only.
    'cluster.routing.allocation.disk.threshold_enabled: false',
    'action.auto_create_index: false',
    '',
  ].join('\n');
}

/**
 * The OpenSearch distribution this data folder uses (fetched and assembled once), the folder it
 * lives in and the JDK that runs it: what a node of its own (infra's private servers) reuses.
 */
export async function ensureOpenSearchDistribution(dataDir: string, tools: OpenSearchTools) {
  const javaHome = await ensureJavaAndMaven(tools);
  const serverDir = openSearchDir(dataDir);
  const home = await ensureOpenSearchInstall(serverDir, tools);
  return { javaHome, serverDir, home };
}

/** The JDK's home; installs Maven and a JDK 17 with apt-get when root, else says what to run. */
async function ensureJavaAndMaven(tools: OpenSearchTools): Promise<string> {
  if (!(await tools.which('java')) || !(await tools.which('mvn'))) {
    await tools.install(
      ['maven', 'openjdk-17-jre-headless'],
      'Maven and a Java 17 runtime (to fetch and run OpenSearch)',
      'or set OPENSEARCH_URL=http://host:9200',
    );
  }
  const java = await tools.which('java');
  if (!java)
    throw tools.fail(
      'java is still missing after installing it.',
      'apt-get install -y openjdk-17-jre-headless',
    );
  const { stdout } = await run('readlink', ['-f', java]);
  return dirname(dirname(stdout.trim()));
}

/**
 * Where OpenSearch's install, data and logs live: the data folder, or, when we are root and it
 * runs as SERVICE_USER, a folder of that user's under /var/lib (one per data folder). A checkout
 * often sits below a private folder (a home folder, a mktemp folder) that the user cannot enter.
 */
function openSearchDir(dataDir: string): string {
  if (process.getuid?.() !== 0) return dataDir;
  const key = createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
  return join(SERVICE_ROOT, key);
}

/** OpenSearch's home under `dataDir`, fetched from Maven Central and assembled once. */
async function ensureOpenSearchInstall(dataDir: string, tools: OpenSearchTools): Promise<string> {
  const home = join(dataDir, `opensearch-${OPENSEARCH_VERSION}`);
  const assembled = MODULES.every((module) =>
    existsSync(join(home, 'modules', module.name, 'plugin-descriptor.properties')),
  );
  if (assembled) return home;
  const staging = join(dataDir, `opensearch-${OPENSEARCH_VERSION}.partial`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  await tools.timed(
    `Fetching OpenSearch ${OPENSEARCH_VERSION} from Maven Central (mvn dependency:unpack, once, about 80 MB)`,
    () =>
      maven(tools, staging, [
        'dependency:unpack',
        `-Dartifact=${MAVEN_GROUP}.distribution.integ-test-zip:opensearch:${OPENSEARCH_VERSION}:zip`,
        `-DoutputDirectory=${staging}`,
      ]),
  );
  const unpacked = join(staging, `opensearch-${OPENSEARCH_VERSION}`);
  if (!existsSync(join(unpacked, 'bin', 'opensearch')))
    throw tools.fail(
      `Maven did not unpack OpenSearch into ${staging}.`,
      `mvn dependency:unpack -Dartifact=${MAVEN_GROUP}.distribution.integ-test-zip:opensearch:${OPENSEARCH_VERSION}:zip -DoutputDirectory=${staging}`,
    );
  for (const module of MODULES) {
    const dir = join(unpacked, 'modules', module.name);
    tools.log(`Adding the ${module.name} module from Maven Central (mvn dependency:copy, once)`);
    await maven(tools, staging, [
      'dependency:copy',
      `-Dartifact=${MAVEN_GROUP}.plugin:${module.name}:${OPENSEARCH_VERSION}`,
      `-DoutputDirectory=${dir}`,
    ]);
    writeFileSync(
      join(dir, 'plugin-descriptor.properties'),
      [
        `name=${module.name}`,
        `description=${module.description}`,
        `classname=${module.classname}`,
        `version=${OPENSEARCH_VERSION}`,
        `opensearch.version=${OPENSEARCH_VERSION}`,
        'java.version=11',
        'extended.plugins=',
        'has.native.controller=false',
        '',
      ].join('\n'),
    );
  }
  rmSync(home, { recursive: true, force: true });
  renameSync(unpacked, home);
  rmSync(staging, { recursive: true, force: true });
  return home;
}

/**
 * Runs Maven in `cwd`, the install's staging folder: outside a project Maven keeps the markers of
 * what it unpacked under the working folder, and markers left in a lasting place (the home folder)
 * made every later install, a second clone's, skip the unpack and come out empty.
 */
async function maven(tools: OpenSearchTools, cwd: string, args: string[]) {
  try {
    await run('mvn', ['-q', '-B', ...args], { cwd, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    throw tools.fail(
      `Maven could not fetch OpenSearch: ${(error as Error).message}`,
      `mvn ${args.join(' ')}`,
    );
  }
}

/** Creates the unprivileged system user once and gives it the install, data and log folders. */
export async function ensureServiceUser(tools: OpenSearchTools, dirs: string[]) {
  const id = async (flag: '-u' | '-g') =>
    Number((await run('id', [flag, SERVICE_USER])).stdout.trim());
  try {
    await id('-u');
  } catch {
    tools.log(
      `Creating the system user ${SERVICE_USER} to run OpenSearch (it refuses to run as root)`,
    );
    try {
      await run('useradd', [
        '--system',
        '--no-create-home',
        '--shell',
        '/usr/sbin/nologin',
        SERVICE_USER,
      ]);
    } catch (error) {
      throw tools.fail(
        `Cannot create the user ${SERVICE_USER}: ${(error as Error).message}`,
        `useradd --system --no-create-home ${SERVICE_USER}`,
      );
    }
  }
  for (const dir of dirs) {
    await run('chown', ['-R', `${SERVICE_USER}:`, dir]);
    // chown is not enough when a parent folder is private (a checkout under /root, say).
    try {
      await run('su', ['-s', '/bin/sh', '-c', 'test -x "$0" && test -w "$0"', SERVICE_USER, dir]);
    } catch {
      throw tools.fail(
        `OpenSearch runs as the system user ${SERVICE_USER}, which cannot enter ${dir}: one of its parent folders is private.`,
        `clone the repository under a folder other users can enter (e.g. /srv or /work), or set OPENSEARCH_URL=http://host:9200`,
      );
    }
  }
  return { uid: await id('-u'), gid: await id('-g') };
}

/**
 * Deletes every index whose name starts with `prefix` (a browser-test run's `e2e_<run>_`), as
 * `dropDatabases` does for its databases. Returns the names deleted.
 */
export async function dropSearchIndices(opensearchUrl: string, prefix: string): Promise<string[]> {
  if (!prefix) throw new Error('dropSearchIndices needs a prefix');
  const listing = await fetch(
    `${opensearchUrl}/_cat/indices/${encodeURIComponent(`${prefix}*`)}?format=json&h=index`,
  );
  if (!listing.ok) throw new Error(`OpenSearch answered ${listing.status} listing ${prefix}*`);
  const names = ((await listing.json()) as Array<{ index: string }>).map((entry) => entry.index);
  for (const name of names) {
    const deleted = await fetch(`${opensearchUrl}/${encodeURIComponent(name)}`, {
      method: 'DELETE',
    });
    if (!deleted.ok) throw new Error(`OpenSearch answered ${deleted.status} deleting ${name}`);
  }
  return names;
}
