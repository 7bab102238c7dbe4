import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isolatedVhost } from '@b2g/infra';
import { testAmqpUrl, testMongoUrl, uniqueName } from '@b2g/infra/test-env';
import { authTokenVerifier, connectMongo, REVOCATIONS_UNKNOWN_MESSAGE } from '@b2g/service-kit';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  logger,
  newWorld,
  removeSearchIndices,
  startInstance,
  tokens,
  type RunningInstance,
} from './support.js';

/** The real auth service, run from its sources as `npm start` runs it. */
const AUTH_DIR = fileURLToPath(new URL('../../auth/', import.meta.url));
const ADMIN_PASSWORD = 'Quartz-Lantern-Orbit-7291';
const AUTH_START_MS = 60_000;

/** A loopback port nothing listens on (yet): auth is down until it is started there. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const world = newWorld();
const authMongoUrl = testMongoUrl('auth');
let vhost: Awaited<ReturnType<typeof isolatedVhost>>;
let authUrl: string;
let authPort: number;
let dataDir: string;
let jobs: RunningInstance;
let auth: ChildProcess | undefined;

beforeAll(async () => {
  vhost = await isolatedVhost(testAmqpUrl(), uniqueName('jobs_auth_down'));
  authPort = await freePort();
  authUrl = `http://127.0.0.1:${authPort}`;
  dataDir = await mkdtemp(join(tmpdir(), 'jobs-auth-down-'));
  jobs = await startInstance(
    world,
    {},
    {
      amqpUrl: vhost.url,
      verifier: authTokenVerifier(authUrl),
      auth: { authUrl, backoff: { initialMs: 50, maxMs: 250 } },
    },
  );
}, 60_000);

afterAll(async () => {
  if (auth && auth.exitCode === null) {
    const exited = new Promise((resolve) => auth?.once('exit', resolve));
    auth.kill('SIGTERM');
    await exited;
  }
  await jobs.connection.dropDatabase();
  await jobs.close();
  const authDb = await connectMongo(authMongoUrl, { logger });
  await authDb.dropDatabase();
  await authDb.close();
  await removeSearchIndices(world);
  await vhost.remove();
  await rm(dataDir, { recursive: true, force: true });
}, 60_000);

describe('jobs while auth is down at start', () => {
  it('when auth has not answered yet, then jobs is degraded, search serves and admin calls answer 503 with a message', async () => {
    const ready = await request(jobs.app).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({
      status: 'degraded',
      checks: { revocations: 'down' },
      message: 'Degraded: revocations unreachable',
    });

    const search = await request(jobs.app).get('/api/jobs');
    expect(search.status).toBe(200);
    expect(Array.isArray(search.body)).toBe(true);

    const admin = await request(jobs.app)
      .get('/api/admin/jobs')
      .set('Cookie', tokens.adminCookie());
    expect(admin.status).toBe(503);
    expect(admin.body).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: REVOCATIONS_UNKNOWN_MESSAGE },
    });
    // Without a cookie it stays the ordinary 401: nothing to check against the list.
    expect((await request(jobs.app).get('/api/admin/jobs')).status).toBe(401);
  });

  it(
    'when auth comes up, then jobs becomes ready by itself and the admin signed in at auth is served',
    async () => {
      auth = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
        cwd: AUTH_DIR,
        env: {
          PATH: process.env.PATH,
          HOST: '127.0.0.1',
          PORT: String(authPort),
          MONGO_URL: authMongoUrl,
          AMQP_URL: vhost.url,
          ADMIN_PASSWORD,
          DATA_DIR: dataDir,
          MAIL_DIR: join(dataDir, 'mail'),
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });

      const ready = await eventually(async () => {
        const res = await request(jobs.app).get('/readyz');
        if (res.body.status !== 'ready') throw new Error(`jobs is ${String(res.body.status)}`);
        return res;
      }, AUTH_START_MS);
      expect(ready.status).toBe(200);
      expect(ready.body.checks).toMatchObject({ revocations: 'up' });

      const login = await fetch(`${authUrl}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password: ADMIN_PASSWORD }),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers.getSetCookie()[0]?.split(';')[0];
      if (!cookie) throw new Error('auth set no admin cookie');
      const admin = await request(jobs.app).get('/api/admin/jobs').set('Cookie', cookie);
      expect(admin.status).toBe(200);
      expect(Array.isArray(admin.body)).toBe(true);
    },
    AUTH_START_MS + 10_000,
  );
});
