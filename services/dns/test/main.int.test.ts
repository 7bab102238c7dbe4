import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startDnsServer } from './dns-server.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const START_TIMEOUT_MS = 15_000;

/** Runs src/main.ts as the start command does, with workspace packages from their sources. */
function startMain(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
    cwd: packageDir,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Waits for the log line saying the server listens, and returns its port. */
async function listeningPort(child: ChildProcess): Promise<number> {
  if (!child.stdout) throw new Error('no stdout');
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`service exited with ${String(code)} before listening`);
  });
  const listening = (async () => {
    for await (const line of createInterface({ input: child.stdout as NodeJS.ReadableStream })) {
      const entry = JSON.parse(line) as { msg?: string; port?: number };
      if (entry.msg === 'listening' && entry.port) return entry.port;
    }
    throw new Error('stdout closed before listening');
  })();
  return Promise.race([listening, exited]);
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('main', () => {
  it(
    'when started with a valid environment, then it answers the check and stops cleanly on SIGTERM',
    async () => {
      const dns = await startDnsServer([]);
      try {
        const child = startMain({
          EMAIL_DOMAIN: 'agency.test',
          DNS_SERVERS: dns.address,
          PORT: '0',
        });
        children.push(child);
        const port = await listeningPort(child);
        const res = await fetch(`http://127.0.0.1:${port}/api/dns/check-email`);
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({
          verification: false,
          mx: [],
          spf: false,
          dkim: false,
          dmarc: false,
        });
        child.kill('SIGTERM');
        const [code] = await once(child, 'exit');
        expect(code).toBe(0);
      } finally {
        await dns.close();
      }
    },
    START_TIMEOUT_MS,
  );

  it(
    'when DNS_SERVERS is not a list of addresses, then it exits non-zero naming the variable',
    async () => {
      const child = startMain({ EMAIL_DOMAIN: 'agency.test', DNS_SERVERS: 'dns.google' });
      children.push(child);
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const [code] = await once(child, 'exit');
      expect(code).toBe(1);
      expect(stderr).toContain('DNS_SERVERS: must be a comma-separated list');
    },
    START_TIMEOUT_MS,
  );
});
