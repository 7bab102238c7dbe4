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

function runPnpm(pnpmArgs) {
  const [bin, ...pre] = pnpmCommand();
  return new Promise((resolve) => {
    const child = spawn(bin, [...pre, ...pnpmArgs], { cwd: root, stdio: 'inherit' });
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
  process.exit(await runPnpm(['exec', 'vitest', 'run', ...args]));
} else if (command === 'start') {
  process.exit(await runPnpm(['exec', 'tsx', 'scripts/start.ts', ...args]));
} else {
  console.error('usage: node scripts/bootstrap.mjs start|test');
  process.exit(2);
}
