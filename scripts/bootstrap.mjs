// The README's two commands land here: `npm start` and `npm test`.
// Plain JavaScript on purpose: it runs on a fresh machine before any dependency (pnpm, tsx,
// TypeScript) is installed, and its only job is to get them and hand over.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [, , command, ...args] = process.argv;
const wantedPnpm = JSON.parse(
  readFileSync(join(root, 'package.json'), 'utf8'),
).packageManager.split('@')[1];

function step(text) {
  console.log(`\x1b[36m▸ ${text}\x1b[0m`);
}

function pnpmCommand() {
  try {
    const version = execFileSync('pnpm', ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    if (version === wantedPnpm) return ['pnpm'];
  } catch {
    // not installed: fall through to npx
  }
  return ['npx', '--yes', `pnpm@${wantedPnpm}`];
}

/** Runs a command in the repository, passing Ctrl-C and SIGTERM on, and resolves to its exit code. */
function run(bin, commandArgs) {
  return new Promise((resolve) => {
    const child = spawn(bin, commandArgs, { cwd: root, stdio: 'inherit' });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

function runPnpm(pnpmArgs) {
  const [bin, ...pre] = pnpmCommand();
  return run(bin, [...pre, ...pnpmArgs]);
}

// The tools run in a node of our own rather than through `pnpm exec`: on Ctrl-C, pnpm exec ends
// its child at once, which cut `npm start` off while the services were still shutting down (they
// were left running) and vitest off before its teardown.
const runNode = (nodeArgs) => run(process.execPath, nodeArgs);

step(`Installing dependencies with pnpm ${wantedPnpm} (from the committed lockfile)`);
const installed = await runPnpm([
  'install',
  '--frozen-lockfile',
  '--prefer-offline',
  '--reporter=append-only',
]);
if (installed !== 0) process.exit(installed);

if (command === 'test') {
  step('Running every test (vitest)');
  process.exit(await runNode([join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...args]));
} else if (command === 'start') {
  process.exit(await runNode(['--import', 'tsx', 'scripts/start.ts', ...args]));
} else {
  console.error('usage: node scripts/bootstrap.mjs start|test');
  process.exit(2);
}
