/**
 * What the benches share: their processes (each started with tsx from this package, and all
 * stopped at the end), the gateway's environment under load, and one load with its CPU count.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import autocannon, { type Options, type Result } from 'autocannon';

export const GATEWAY_DIR = fileURLToPath(new URL('..', import.meta.url));

export const DURATION_S = 8;
export const WARMUP_S = 2;
export const CONNECTIONS = 50;
export const PATH = '/api/jobs';

/** USER_HZ: the unit of utime and stime in /proc/<pid>/stat on Linux. */
const CLOCK_TICKS_PER_S = 100;

const children: ChildProcess[] = [];

/** Runs `script` (a path from this package, or an absolute one) in a process of its own. */
export function start(
  script: string,
  env: Record<string, string>,
  stdout: 'pipe' | 'ignore',
): ChildProcess {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', script], {
    cwd: GATEWAY_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', stdout, 'inherit'],
  });
  children.push(child);
  return child;
}

/** Stops a process started here, and waits until it has gone. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGKILL');
  await once(child, 'exit');
}

export async function firstLine(child: ChildProcess): Promise<string> {
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  return chunk.toString().trim();
}

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export async function waitUntilHealthy(url: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      if (Date.now() > deadline) throw new Error('the gateway did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** CPU seconds (user + system) a process has used so far; undefined where /proc is missing. */
export function cpuSeconds(pid: number | undefined): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_S;
  } catch {
    return undefined;
  }
}

/**
 * The gateway's environment under load, in front of `upstreamUrl`. Its access lines are written,
 * as in production (that cost is real), to where the caller sends its stdout: /dev/null, since a
 * pipe to the busy bench process would stall the gateway on a full pipe and measure that instead.
 */
export function gatewayEnv(port: number, upstreamUrl: string): Record<string, string> {
  return {
    HOST: '127.0.0.1',
    PORT: String(port),
    JOBS_URL: upstreamUrl,
    LOG_LEVEL: 'info',
    RATE_LIMIT_MAX: '1000000000',
    READ_RATE_LIMIT_MAX: '1000000000',
  };
}

export interface Target {
  url: string;
  /** The process that answers at this URL, whose CPU time is counted. */
  process: ChildProcess;
}

export interface Measurement {
  result: Result;
  cpuUsPerRequest: number | undefined;
}

/** `GET PATH` at `target` (50 connections, DURATION_S, unless `options` say otherwise). */
export async function load(target: Target, options: Partial<Options> = {}): Promise<Measurement> {
  const cpuBefore = cpuSeconds(target.process.pid);
  const result = await autocannon({
    url: `${target.url}${PATH}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    ...options,
  });
  const cpuAfter = cpuSeconds(target.process.pid);
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0) throw new Error(`${failed} failed requests against ${target.url}`);
  const cpuUsPerRequest =
    cpuBefore === undefined || cpuAfter === undefined
      ? undefined
      : ((cpuAfter - cpuBefore) * 1e6) / result.requests.total;
  return { result, cpuUsPerRequest };
}

/** Runs a bench, and stops every process it started however it ends. */
export async function runBench(main: () => Promise<void>): Promise<void> {
  const stopChildren = () => {
    for (const child of children) child.kill('SIGTERM');
  };
  process.once('SIGINT', () => {
    stopChildren();
    process.exit(130);
  });
  try {
    await main();
  } finally {
    stopChildren();
  }
}
