import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { testAmqpUrl, testMongoUrl } from '@b2g/infra/test-env';
import mongoose from 'mongoose';
import { afterEach, describe, expect, it } from 'vitest';
import { BROWSER_UA } from './helpers.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const START_TIMEOUT_MS = 30_000;

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

/** What auth answers the service: no revoked session, no key. */
async function startAuth() {
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(req.url?.startsWith('/internal/revoked-sessions') ? '{"sessions":[]}' : '{"keys":[]}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) };
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('main', () => {
  it(
    'when started with a valid environment, then it is ready, counts a view, and on SIGTERM writes the count before it exits',
    async () => {
      const auth = await startAuth();
      const mongoUrl = testMongoUrl('analytics_main');
      const mongo = await mongoose.createConnection(mongoUrl).asPromise();
      try {
        const child = startMain({
          MONGO_URL: mongoUrl,
          AMQP_URL: testAmqpUrl(),
          AUTH_URL: auth.url,
          PORT: '0',
          FLUSH_INTERVAL_MS: '10000',
        });
        children.push(child);
        const base = `http://127.0.0.1:${await listeningPort(child)}`;
        await expect
          .poll(async () => (await fetch(`${base}/readyz`)).status, { timeout: 15_000 })
          .toBe(200);
        const jobId = randomUUID();
        const sent = await fetch(`${base}/api/analytics/events`, {
          method: 'POST',
          headers: { 'content-type': 'text/plain', 'user-agent': BROWSER_UA },
          body: JSON.stringify({ events: [{ type: 'job_view', jobId }] }),
        });
        expect(sent.status).toBe(202);

        child.kill('SIGTERM');
        const [code] = await once(child, 'exit');
        expect(code).toBe(0);
        // A day is stored as its counts joined by commas, views first.
        const counters = mongo.collection<{ days: Record<string, string> }>('counters');
        const written = await counters.find({ key: `job:${jobId}` }).toArray();
        expect(
          written.flatMap((doc) => Object.values(doc.days).map((day) => day.split(',')[0])),
        ).toEqual(['1']);
      } finally {
        await mongo.dropDatabase();
        await mongo.close();
        await auth.close();
      }
    },
    START_TIMEOUT_MS,
  );

  it(
    'when FLUSH_INTERVAL_MS is over 10 s, then it exits non-zero naming the variable',
    async () => {
      const child = startMain({
        MONGO_URL: 'mongodb://127.0.0.1:1/analytics',
        AMQP_URL: 'amqp://127.0.0.1:1',
        FLUSH_INTERVAL_MS: '60000',
      });
      children.push(child);
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const [code] = await once(child, 'exit');
      expect(code).toBe(1);
      expect(stderr).toContain('FLUSH_INTERVAL_MS');
    },
    START_TIMEOUT_MS,
  );
});
