import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks a second, the unit of /proc's CPU times. */
const TICKS_PER_SECOND =
  Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** User + system CPU of one process so far, in ms (0 once it is gone). */
function ownCpuMs(pid: number): number {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0;
  }
  // The command name is in parentheses and may hold spaces: fields are counted after it, from
  // the state (field 3), so utime (14) and stime (15) are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** The process's children, read from each of its threads. */
function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8')
        .split(' ')
        .filter(Boolean)
        .map(Number),
    );
  } catch {
    return [];
  }
}

/** CPU of a process and every process under it so far, in ms. */
function treeCpuMs(pid: number): number {
  return ownCpuMs(pid) + childrenOf(pid).reduce((sum, child) => sum + treeCpuMs(child), 0);
}

/** The pid of the OpenSearch node at `url` (a process on this machine). */
export async function openSearchPid(url: string): Promise<number> {
  const res = await fetch(`${url}/_nodes/_local/process?filter_path=nodes.*.process.id`);
  const body = (await res.json()) as { nodes: Record<string, { process: { id: number } }> };
  const node = Object.values(body.nodes)[0];
  if (!node) throw new Error(`no OpenSearch node answered at ${url}`);
  return node.process.id;
}

/** CPU in ms that each named process (with its children) spent while `run` ran. */
export async function cpuDuring<T>(
  pids: Record<string, number>,
  run: () => Promise<T>,
): Promise<{ result: T; cpuMs: Record<string, number> }> {
  const sample = () =>
    Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, treeCpuMs(pid)]));
  const before = sample();
  const result = await run();
  const after = sample();
  return {
    result,
    cpuMs: Object.fromEntries(
      Object.entries(after).map(([name, ms]) => [name, ms - (before[name] ?? 0)]),
    ),
  };
}

/** `cpuMs` divided by `count`, each to 0.01 ms, with their sum as `total`. */
export function perRequest(cpuMs: Record<string, number>, count: number) {
  const round = (ms: number) => Math.round((ms / Math.max(count, 1)) * 100) / 100;
  const each = Object.fromEntries(Object.entries(cpuMs).map(([name, ms]) => [name, round(ms)]));
  const total = round(Object.values(cpuMs).reduce((sum, ms) => sum + ms, 0));
  return { total, each };
}
