/**
 * Throughput and latency of a trivial service called directly and through the gateway.
 * Starts everything itself, each in its own process (so the load generator does not share their
 * thread), then measures at saturating load (as many requests as 50 connections can make) and at
 * half of the gateway's saturating rate, where latency (not throughput) is what matters.
 * A bare Node proxy (bench/reference-proxy.ts) is measured at saturating load as well: it is the
 * ceiling any Node proxy hop reaches on the machine at hand. Each row also gives the CPU time the
 * answering process spent per request (Linux), which other load on the machine barely changes.
 *
 *   pnpm --filter @b2g/gateway bench
 */
import { cpus, loadavg } from 'node:os';
import type { Result } from 'autocannon';
import {
  CONNECTIONS,
  DURATION_S,
  firstLine,
  freePort,
  gatewayEnv,
  load,
  PATH,
  runBench,
  start,
  waitUntilHealthy,
  WARMUP_S,
  type Measurement,
} from './processes.js';

/** Targets (docs/benchmarks.md): CPU per request, throughput against a bare hop, the tail. */
const MAX_CPU_US = 120;
const MIN_RATIO_TO_BARE = 0.6;
const MAX_ADDED_P99_MS = 3;

interface Row {
  label: string;
  direct: Measurement;
  gateway: Measurement;
  reference?: Measurement;
}

function line(name: string, { result, cpuUsPerRequest }: Measurement, direct: Result): string {
  const ratio = (result.requests.average / direct.requests.average).toFixed(2);
  const added = result.latency.p99 - direct.latency.p99;
  const cpu = cpuUsPerRequest === undefined ? '' : `  cpu ${cpuUsPerRequest.toFixed(0)} µs/req`;
  return (
    `  ${name.padEnd(20)} ${result.requests.average.toFixed(0).padStart(6)} req/s  ${ratio}x  ` +
    `p50 ${String(result.latency.p50).padStart(3)} ms  p99 ${String(result.latency.p99).padStart(3)} ms` +
    (result === direct ? '' : ` (${added >= 0 ? '+' : ''}${added})`) +
    cpu
  );
}

function report({ label, direct, gateway, reference }: Row): string {
  return [
    label,
    line('direct', direct, direct.result),
    line('through the gateway', gateway, direct.result),
    ...(reference ? [line('bare Node proxy', reference, direct.result)] : []),
  ].join('\n');
}

async function main(): Promise<void> {
  const upstreamProcess = start('bench/upstream.ts', {}, 'pipe');
  const upstream = {
    url: `http://127.0.0.1:${await firstLine(upstreamProcess)}`,
    process: upstreamProcess,
  };
  const referenceProcess = start(
    'bench/reference-proxy.ts',
    { UPSTREAM_URL: upstream.url },
    'pipe',
  );
  const reference = {
    url: `http://127.0.0.1:${await firstLine(referenceProcess)}`,
    process: referenceProcess,
  };
  const port = await freePort();
  const gateway = {
    url: `http://127.0.0.1:${port}`,
    process: start('src/main.ts', gatewayEnv(port, upstream.url), 'ignore'),
  };
  await waitUntilHealthy(gateway.url);

  console.log(`warming up (${WARMUP_S} s each)…`);
  for (const target of [upstream, gateway, reference]) await load(target, { duration: WARMUP_S });

  console.log(`saturating load: ${CONNECTIONS} connections, ${DURATION_S} s each…`);
  const saturated = {
    label: `saturating load (${CONNECTIONS} connections)`,
    direct: await load(upstream),
    gateway: await load(gateway),
    reference: await load(reference),
  };

  const rate = Math.round(saturated.gateway.result.requests.average / 2);
  console.log(
    `half load: ${rate} req/s (half the gateway's saturating rate), ${DURATION_S} s each…`,
  );
  const half = {
    label: `half load (${rate} req/s offered)`,
    direct: await load(upstream, { overallRate: rate }),
    gateway: await load(gateway, { overallRate: rate }),
  };

  console.log(`\nGET ${PATH}: a trivial upstream called directly and through the gateway`);
  // Other work on the machine takes CPU from all three processes: read the figures with it.
  console.log(`${cpus().length} CPUs, load average ${loadavg()[0]!.toFixed(1)} at the end`);
  console.log('(p99 added to direct in brackets; cpu: the answering process only)\n');
  console.log(report(saturated));
  console.log(report(half));

  // The issue's targets, each read within this one run.
  const cpu = saturated.gateway.cpuUsPerRequest;
  const toBare =
    saturated.gateway.result.requests.average / saturated.reference.result.requests.average;
  const added = half.gateway.result.latency.p99 - half.direct.result.latency.p99;
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log('\ntargets');
  console.log(
    `  CPU per proxied request ≤ ${MAX_CPU_US} µs: ${cpu === undefined ? 'not measured' : `${cpu.toFixed(0)} µs, ${verdict(cpu <= MAX_CPU_US)}`}`,
  );
  console.log(
    `  throughput ≥ ${MIN_RATIO_TO_BARE}x the bare Node proxy's: ${toBare.toFixed(2)}x, ${verdict(toBare >= MIN_RATIO_TO_BARE)}`,
  );
  console.log(
    `  p99 added at half load ≤ ${MAX_ADDED_P99_MS} ms: ${added} ms, ${verdict(added <= MAX_ADDED_P99_MS)}`,
  );
}

await runBench(main);
