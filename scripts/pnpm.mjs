// The one way this repository calls pnpm: the version pinned in package.json's `packageManager`,
// installed once into the ignored `.data/tools` folder with the npm that comes with Node. Whatever
// `pnpm` is on PATH (none, another version, a broken one) is never used. Plain JavaScript: it runs
// on a fresh machine before any dependency is installed.
//
//   node scripts/pnpm.mjs <pnpm arguments>     runs the pinned pnpm, exit code passed through
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const PNPM_VERSION = JSON.parse(
  readFileSync(join(root, 'package.json'), 'utf8'),
).packageManager.split('@')[1];

const toolDir = join(root, '.data', 'tools', `pnpm-${PNPM_VERSION}`);
/** Holds a `pnpm` executable: put first on PATH so package scripts that call `pnpm` get this one. */
const binDir = join(toolDir, 'node_modules', '.bin');
const entry = join(toolDir, 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** Installs the pinned pnpm when absent (one progress line and its time) and returns its entry. */
export function ensurePnpm(log = (line) => console.log(line)) {
  if (existsSync(entry)) return entry;
  const started = Date.now();
  log(`Installing pnpm ${PNPM_VERSION} into .data/tools (once) with npm…`);
  const staging = `${toolDir}.${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  execFileSync(
    'npm',
    [
      'install',
      '--prefix',
      staging,
      '--no-save',
      '--no-package-lock',
      '--no-fund',
      '--no-audit',
      '--loglevel=error',
      `pnpm@${PNPM_VERSION}`,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  // Another process may have finished the same install meanwhile: either copy is good.
  if (existsSync(entry)) rmSync(staging, { recursive: true, force: true });
  else renameSync(staging, toolDir);
  log(`pnpm ${PNPM_VERSION} installed in ${seconds(started)}`);
  return entry;
}

/** The environment for anything pnpm runs: the pinned pnpm first on PATH. */
export function pnpmEnv(env = process.env) {
  return { ...env, PATH: [binDir, env.PATH ?? ''].join(delimiter) };
}

/**
 * Runs a command in the repository (stdio inherited, the pinned pnpm first on PATH), passing
 * Ctrl-C and SIGTERM on, and resolves to its exit code.
 */
export function runForwardingSignals(bin, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(bin, args, {
      cwd: options.cwd ?? root,
      env: pnpmEnv(options.env),
      stdio: 'inherit',
    });
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

/** Runs the pinned pnpm with the given arguments (see runForwardingSignals). */
export function runPnpm(args, options = {}) {
  return runForwardingSignals(process.execPath, [ensurePnpm(), ...args], options);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit(await runPnpm(process.argv.slice(2)));
}
