/**
 * What a change to the gateway bought: the gateway at a git revision against the working tree's,
 * in alternated rounds of one run, so that the machine's other work falls on both alike. Each
 * round starts each gateway afresh in front of the same trivial upstream, warms it, loads it at
 * saturation and reads the CPU time it spent per request (Linux /proc), the unit the target counts.
 * The bare Node proxy (bench/reference-proxy.ts) runs in each round too, for the ratio.
 *
 *   pnpm --filter @b2g/gateway bench:compare <revision> [rounds]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CONNECTIONS,
  firstLine,
  freePort,
  GATEWAY_DIR,
  gatewayEnv,
  load,
  runBench,
  start,
  stop,
  waitUntilHealthy,
  WARMUP_S,
  type Target,
} from './processes.js';

const [revision, roundsArgument = '5'] = process.argv.slice(2);
const rounds = Number(roundsArgument);
if (revision === undefined || !Number.isInteger(rounds) || rounds < 1) {
  console.error('usage: bench:compare <revision> [rounds]');
  process.exit(2);
}

/** The gateway's src at `revision`, in a temporary folder that resolves this package's modules. */
function checkOut(revision: string): { main: string; remove: () => void } {
  const folder = mkdtempSync(join(tmpdir(), 'gateway-compare-'));
  const archive = execFileSync('git', ['archive', '--format=tar', `${revision}:gateway`, 'src'], {
    // From the repository's root: the tree `<revision>:gateway` has no path in the work tree.
    cwd: join(GATEWAY_DIR, '..'),
    maxBuffer: 64 * 1024 * 1024,
  });
  execFileSync('tar', ['-x', '-C', folder], { input: archive });
  symlinkSync(join(GATEWAY_DIR, 'node_modules'), join(folder, 'node_modules'), 'dir');
  return { main: join(folder, 'src/main.ts'), remove: () => rmSync(folder, { recursive: true }) };
}

/** CPU µs per request of the process answering at `target`, warmed up, at saturation. */
async function cpuPerRequest(target: Target): Promise<number> {
  await load(target, { duration: WARMUP_S });
  const { cpuUsPerRequest } = await load(target);
  if (cpuUsPerRequest === undefined) throw new Error('no /proc to read CPU from');
  return cpuUsPerRequest;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function main(): Promise<void> {
  const baseline = checkOut(revision!);
  try {
    const upstream = start('bench/upstream.ts', {}, 'pipe');
    const upstreamUrl = `http://127.0.0.1:${await firstLine(upstream)}`;
    const gateways = { [revision!]: baseline.main, 'working tree': 'src/main.ts' };
    const figures: Record<string, number[]> = { 'bare Node proxy': [] };
    for (const name of Object.keys(gateways)) figures[name] = [];
    for (let round = 1; round <= rounds; round++) {
      for (const [name, main] of Object.entries(gateways)) {
        const port = await freePort();
        const url = `http://127.0.0.1:${port}`;
        const gateway = start(main, gatewayEnv(port, upstreamUrl), 'ignore');
        await waitUntilHealthy(url);
        figures[name]!.push(await cpuPerRequest({ url, process: gateway }));
        await stop(gateway);
      }
      const reference = start('bench/reference-proxy.ts', { UPSTREAM_URL: upstreamUrl }, 'pipe');
      const referenceUrl = `http://127.0.0.1:${await firstLine(reference)}`;
      figures['bare Node proxy']!.push(
        await cpuPerRequest({ url: referenceUrl, process: reference }),
      );
      await stop(reference);
      console.log(
        `round ${round}: ` +
          Object.entries(figures)
            .map(([name, values]) => `${name} ${values.at(-1)!.toFixed(0)} µs`)
            .join(', '),
      );
    }
    const bare = median(figures['bare Node proxy']!);
    console.log(
      `\nCPU per request at saturation (${CONNECTIONS} connections), median of ${rounds}`,
    );
    console.log(
      "(in brackets: the bare proxy's CPU over the gateway's, its throughput ratio at saturation)",
    );
    for (const [name, values] of Object.entries(figures)) {
      const ratio = name === 'bare Node proxy' ? '' : ` (${(bare / median(values)).toFixed(2)}x)`;
      console.log(`  ${name.padEnd(20)} ${median(values).toFixed(0).padStart(4)} µs${ratio}`);
    }
  } finally {
    baseline.remove();
  }
}

await runBench(main);
