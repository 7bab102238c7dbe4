import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import {
  dropDatabases,
  dropSearchIndices,
  ensureInfrastructure,
  isolatedVhost,
  REPO_ROOT,
} from '@b2g/infra';
import { describe, expect, it } from 'vitest';

const PORT = Number(process.env.E2E_START_PORT ?? 18_180);
const SERVICES_BASE_PORT = Number(process.env.E2E_START_SERVICES_BASE_PORT ?? 18_100);
const SERVICES = ['auth', 'jobs', 'user-activity', 'dns', 'analytics'];

/** A call to the running system that cannot hang the test: 10 s at most. */
const get = (url: string) => fetch(url, { signal: AbortSignal.timeout(10_000) });

/** True while any process of the group runs. */
function groupAlive(pgid: number) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm start', () => {
  it('when it runs on a machine where `pnpm` does not resolve, then the whole system answers with demo data, a service killed with SIGKILL is started again, and Ctrl-C stops every process it started', async () => {
    const infra = await ensureInfrastructure();
    const run = randomBytes(4).toString('hex');
    const vhost = await isolatedVhost(infra.amqpUrl, `start_${run}`);
    const mailDir = await mkdtemp(join(tmpdir(), 'b2g-start-mail-'));
    // A newcomer's machine has no pnpm: a `pnpm` first on PATH that fails proves nothing calls it.
    const noPnpm = await mkdtemp(join(tmpdir(), 'b2g-no-pnpm-'));
    await writeFile(
      join(noPnpm, 'pnpm'),
      '#!/bin/sh\necho "pnpm is not installed" >&2\nexit 127\n',
    );
    await chmod(join(noPnpm, 'pnpm'), 0o755);
    // Its own process group, as a terminal runs it, so Ctrl-C can reach the whole group.
    const child = spawn('npm', ['start'], {
      cwd: REPO_ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PATH: [noPnpm, process.env.PATH ?? ''].join(delimiter),
        PORT: String(PORT),
        SERVICES_BASE_PORT: String(SERVICES_BASE_PORT),
        DB_PREFIX: `start_${run}_`,
        MONGO_URL: infra.mongoUrl,
        AMQP_URL: vhost.url,
        OPENSEARCH_URL: infra.opensearchUrl,
        MAIL_DIR: mailDir,
        ADMIN_PASSWORD: `start-admin-${run}`,
      },
    });
    const pgid = child.pid as number;
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = once(child, 'exit');
    try {
      await expect
        .poll(() => output, { timeout: 240_000, interval: 500 })
        .toContain(`The B2G Job Board is running: http://localhost:${PORT}`);
      const base = `http://127.0.0.1:${PORT}`;

      const page = await get(`${base}/jobs`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      await page.body?.cancel();
      const jobs = await get(`${base}/api/jobs`);
      expect(jobs.status).toBe(200);
      expect(Number(jobs.headers.get('x-total-count'))).toBeGreaterThanOrEqual(60);
      expect(((await jobs.json()) as unknown[]).length).toBe(50);
      expect(output).not.toContain('pnpm is not installed');
      expect(output).toMatch(/step 1 took \d+\.\d s/);
      expect(output).toMatch(/step 2 took \d+\.\d s/);
      expect(await (await get(`${base}/readyz`)).json()).toEqual({
        status: 'ready',
        services: Object.fromEntries(SERVICES.map((name) => [name, 'ready'])),
        instances: Object.fromEntries(SERVICES.map((name) => [name, ['ready']])),
      });

      // A service killed with SIGKILL is started again by npm start, which says so in its log.
      const pidOf = (name: string) =>
        Number(
          [
            ...output.matchAll(
              new RegExp(`${name}\\s*\\x1b\\[0m\\| started \\(pid (\\d+)\\)`, 'g'),
            ),
          ].at(-1)?.[1],
        );
      const killed = pidOf('user-activity');
      expect(killed).toBeGreaterThan(0);
      process.kill(killed, 'SIGKILL');
      await expect
        .poll(() => output, { timeout: 10_000 })
        .toMatch(/user-activity.*exited unexpectedly \(SIGKILL\): restarting in 1 s/);
      await expect.poll(() => pidOf('user-activity'), { timeout: 10_000 }).not.toBe(killed);
      await expect
        .poll(
          async () => {
            const ready = (await (await get(`${base}/readyz`)).json()) as { status: string };
            return ready.status;
          },
          { timeout: 60_000, interval: 500 },
        )
        .toBe('ready');

      process.kill(-pgid, 'SIGINT');
      let stopTimer: NodeJS.Timeout | undefined;
      await Promise.race([
        exited,
        new Promise((_, reject) => {
          stopTimer = setTimeout(
            () => reject(new Error('npm start did not exit 60 s after Ctrl-C')),
            60_000,
          );
        }),
      ]).finally(() => clearTimeout(stopTimer));
      await expect.poll(() => groupAlive(pgid), { timeout: 30_000 }).toBe(false);
      for (const name of SERVICES) {
        expect(output).toMatch(new RegExp(`"service":"${name}".*"msg":"stopped"`));
      }
      expect(output).toContain('"msg":"gateway stopped"');
      await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    } catch (error) {
      // What npm start printed is the only record of why a run of it failed.
      throw new Error(
        `${String(error)}\n--- npm start printed (last 6,000 characters):\n${output.slice(-6_000)}`,
      );
    } finally {
      if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
      await vhost.remove();
      await rm(mailDir, { recursive: true, force: true });
      await rm(noPnpm, { recursive: true, force: true });
      await dropDatabases(infra.mongoUrl, `start_${run}_`);
      await dropSearchIndices(infra.opensearchUrl, `start_${run}_`);
    }
  }, 330_000);
});
