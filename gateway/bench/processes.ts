/** The benches' processes: each started with tsx from this package, and all stopped at the end. */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const GATEWAY_DIR = fileURLToPath(new URL('..', import.meta.url));

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
