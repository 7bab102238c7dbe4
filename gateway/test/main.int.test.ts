import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hold, startUpstream, waitFor } from './support.js';

const GATEWAY_DIR = fileURLToPath(new URL('..', import.meta.url));

interface RunningMain {
  child: ChildProcess;
  stdout: string[];
  stderr: string[];
  exited: Promise<number | null>;
}

/** The real entry point, as `pnpm dev` runs it, with only the given environment. */
function runMain(env: Record<string, string>): RunningMain {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
    cwd: GATEWAY_DIR,
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  child.stdout.on('data', (chunk: Buffer) =>
    stdout.push(...chunk.toString().split('\n').filter(Boolean)),
  );
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, stdout, stderr, exited };
}

function listeningPort(stdout: string[]): number | undefined {
  const line = stdout.find((entry) => entry.includes('gateway listening'));
  return line === undefined ? undefined : (JSON.parse(line) as { port: number }).port;
}

describe('main', () => {
  it('when a variable is invalid, then the process says which and exits non-zero', async () => {
    const main = runMain({ JOBS_URL: 'jobs:4002', BODY_LIMIT_BYTES: 'lots' });

    expect(await main.exited).toBe(1);
    const stderr = main.stderr.join('');
    expect(stderr).toContain('JOBS_URL');
    expect(stderr).toContain('BODY_LIMIT_BYTES');
  });

  it('when SIGTERM arrives during a request, then the request completes and the process exits cleanly', async () => {
    const hung = hold();
    const upstream = await startUpstream(hung.handler);
    const main = runMain({ PORT: '0', HOST: '127.0.0.1', JOBS_URL: upstream.url });
    try {
      await waitFor(() => listeningPort(main.stdout) !== undefined, 15_000);
      const inFlight = fetch(`http://127.0.0.1:${listeningPort(main.stdout)}/api/jobs`);
      await waitFor(() => hung.pending.length === 1);

      main.child.kill('SIGTERM');
      await waitFor(() => main.stdout.some((line) => line.includes('gateway shutting down')));
      hung.release();

      expect((await inFlight).status).toBe(200);
      expect(await main.exited).toBe(0);
      expect(main.stdout.some((line) => line.includes('gateway stopped'))).toBe(true);
    } finally {
      main.child.kill('SIGKILL');
      await upstream.close();
    }
  }, 30_000);
});
