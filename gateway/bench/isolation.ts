/**
 * A healthy service's latency through the gateway while another service hangs with requests in
 * flight and a third refuses connections, as a ratio to its latency with nothing else in flight,
 * both measured in this one run (the machine's other load weighs on both alike). The gateway
 * runs in this process with its real app, in front of three small servers.
 *
 *   pnpm --filter @b2g/gateway bench:isolation
 */
import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGatewayServer } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/logging.js';
import { createUpstreamPools } from '../src/upstream-pool.js';
import { freePort } from './processes.js';

const SAMPLES = 300;
const HUNG_REQUESTS = 50;
const REFUSED_REQUESTS = 20;

async function listen(server: ReturnType<typeof createServer>): Promise<string> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Latencies in ms of `count` requests made one after another, sorted. */
async function latencies(url: string, count: number): Promise<number[]> {
  const measured: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    measured.push(performance.now() - started);
  }
  return measured.sort((a, b) => a - b);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function main(): Promise<void> {
  const healthy = createServer((_req, res) => res.writeHead(200).end('{}'));
  const held: ServerResponse[] = [];
  const hung = createServer((_req, res) => held.push(res));
  const config = loadConfig({
    AUTH_URL: await listen(healthy),
    JOBS_URL: await listen(hung),
    DNS_URL: `http://127.0.0.1:${await freePort()}`,
    UPSTREAM_TIMEOUT_MS: '60000',
    LOG_LEVEL: 'silent',
  });
  const pools = createUpstreamPools(config);
  const gateway = createGatewayServer(config, { logger: createLogger('silent'), pools });
  const url = await listen(gateway);
  try {
    const verify = `${url}/api/auth/verify`;
    await latencies(verify, 50);
    const quiet = await latencies(verify, SAMPLES);

    const stuck = Array.from({ length: HUNG_REQUESTS }, () => fetch(`${url}/api/jobs`));
    const refused = Array.from({ length: REFUSED_REQUESTS }, () =>
      fetch(`${url}/api/dns/check-email`),
    );
    while (held.length < HUNG_REQUESTS) await new Promise((resolve) => setTimeout(resolve, 10));
    const beside = await latencies(verify, SAMPLES);
    for (const res of held) res.writeHead(200).end('{}');
    await Promise.all([...stuck, ...refused]);

    const row = (name: string, sorted: number[]) =>
      `  ${name.padEnd(44)} p50 ${percentile(sorted, 50).toFixed(2)} ms  p99 ${percentile(sorted, 99).toFixed(2)} ms`;
    console.log(`GET /api/auth/verify through the gateway, ${SAMPLES} requests one after another`);
    console.log(row('nothing else in flight', quiet));
    console.log(row(`${HUNG_REQUESTS} hung and ${REFUSED_REQUESTS} refused beside it`, beside));
    const ratio = (p: number) => (percentile(beside, p) / percentile(quiet, p)).toFixed(2);
    console.log(`  ratio beside/quiet: p50 ${ratio(50)}x, p99 ${ratio(99)}x (1x: not held at all)`);
  } finally {
    gateway.closeAllConnections();
    gateway.close();
    pools.destroy();
    healthy.closeAllConnections();
    healthy.close();
    hung.closeAllConnections();
    hung.close();
  }
}

await main();
