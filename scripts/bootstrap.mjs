// The README's two commands land here: `npm start` and `npm test`.
// Plain JavaScript on purpose: it runs on a fresh machine before any dependency (pnpm, tsx,
// TypeScript) is installed, and its only job is to get them and hand over.
import { join } from 'node:path';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNPM_VERSION, ensurePnpm, runForwardingSignals, runPnpm } from './pnpm.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [, , command, ...args] = process.argv;

function step(text) {
  console.log(`\x1b[36m▸ ${text}\x1b[0m`);
}

ensurePnpm(step);
const started = Date.now();
step(`Installing dependencies with pnpm ${PNPM_VERSION} (from the committed lockfile)`);
const installed = await runPnpm([
  'install',
  '--frozen-lockfile',
  '--prefer-offline',
  '--reporter=append-only',
]);
if (installed !== 0) process.exit(installed);
step(`Dependencies ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);

// The tools run in a node of our own rather than through `pnpm exec`: on Ctrl-C, pnpm exec ends
// its child at once, which cut `npm start` off while the services were still shutting down (they
// were left running) and vitest off before its teardown.
const runNode = (nodeArgs) => runForwardingSignals(process.execPath, nodeArgs);

if (command === 'test') {
  step('Building what changed');
  const built = await runNode(['--import', 'tsx', 'scripts/build.ts']);
  if (built !== 0) process.exit(built);
  step('Running every test (vitest)');
  process.exit(await runNode([join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...args]));
} else if (command === 'start') {
  process.exit(await runNode(['--import', 'tsx', 'scripts/start.ts', ...args]));
} else {
  console.error('usage: node scripts/bootstrap.mjs start|test');
  process.exit(2);
}
