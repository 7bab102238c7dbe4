// `node scripts/pnpm.mjs chaos`: the fault-injection run (its two-minute version is
// e2e/chaos.last.spec.ts, in `npm test`). Prints a table of the checks (docs/chaos.md); exits 1 when a target
// is missed. Settings: CHAOS_GATEWAY_PORT, CHAOS_SERVICES_BASE_PORT, CHAOS_SEEKERS, CHAOS_CALM_MS,
// CHAOS_DOWN_MS, CHAOS_THINK_MS, CHAOS_GATEWAY_INSTANCES=first (a gateway without instance
// lists), CHAOS_FAULTS=short (one fault of each kind).
import { buildIfStale } from './system.js';
import { formatReport, passed, runChaos } from './chaos/run.js';

const number = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const log = (line: string) => console.log(line);

await buildIfStale(log);
const report = await runChaos({
  gatewayPort: number('CHAOS_GATEWAY_PORT', 19_080),
  servicesBasePort: number('CHAOS_SERVICES_BASE_PORT', 19_000),
  seekers: number('CHAOS_SEEKERS', 8),
  calmMs: number('CHAOS_CALM_MS', 20_000),
  downMs: number('CHAOS_DOWN_MS', 10_000),
  thinkMs: number('CHAOS_THINK_MS', 100),
  gatewayInstances: process.env.CHAOS_GATEWAY_INSTANCES === 'first' ? 'first' : 'all',
  faults: process.env.CHAOS_FAULTS === 'short' ? 'short' : 'all',
  log,
});
console.log(`\n${formatReport(report)}`);
process.exitCode = passed(report) ? 0 : 1;
