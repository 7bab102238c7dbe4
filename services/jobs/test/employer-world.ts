import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EMPLOYER_SESSION_COOKIE, type Job } from '@b2g/contracts';
import { createLogger, createMailer } from '@b2g/service-kit';
import request from 'supertest';
import { afterAll, beforeAll, expect } from 'vitest';
import type { InstanceSettings } from '../src/instance.js';
import {
  eventually,
  logger,
  newWorld,
  publicPost,
  removeWorld,
  startInstance,
  type RunningInstance,
} from './support.js';

export const HOUR_MS = 60 * 60 * 1000;

/** An .eml as its text, quoted-printable undone. */
const decoded = (eml: string) =>
  eml
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * A jobs instance for a file of employer tests, started before its tests and removed after them,
 * with its own mail folder, a log that the tests read, and clocks the tests move instead of
 * sleeping (the employer's links and sessions, and the rate limits). `settings` adds to its own.
 */
export function employerInstanceForFile(settings: Partial<InstanceSettings> = {}) {
  const clocks = { employer: Date.now(), limits: Date.parse('2031-03-04T05:30:00Z') };
  /** Every line the instance logs (the service's own logger and redaction, written here). */
  const logLines: string[] = [];
  const capturingLogger = createLogger({
    name: 'jobs',
    level: 'info',
    hooks: {
      streamWrite: (line) => {
        logLines.push(line);
        return '';
      },
    },
  });
  const world = newWorld();
  let jobs: RunningInstance | undefined;
  let mailDir = '';

  beforeAll(async () => {
    mailDir = await mkdtemp(join(tmpdir(), 'jobs-employer-mail-'));
    jobs = await startInstance(
      world,
      {
        publicUrl: 'https://board.example',
        rateLimitNow: () => clocks.limits,
        employer: {
          now: () => new Date(clocks.employer),
          rateLimits: {
            linkPerEmail: { limit: 2, windowMs: HOUR_MS },
            linkPerClient: { limit: 4, windowMs: HOUR_MS },
            signInPerClient: { limit: 1_000, windowMs: HOUR_MS },
          },
        },
        ...settings,
      },
      {
        mailer: mailer(),
        logger: capturingLogger,
      },
    );
  });

  afterAll(async () => {
    if (jobs) await removeWorld(jobs, world);
    await rm(mailDir, { recursive: true, force: true });
  });

  const instance = (): RunningInstance => {
    if (!jobs) throw new Error('the employer instance starts in beforeAll');
    return jobs;
  };

  /** The messages to `to` so far, decoded. */
  async function mailsTo(to: string): Promise<string[]> {
    const files = (await readdir(mailDir)).sort();
    const texts = await Promise.all(files.map((file) => readFile(join(mailDir, file), 'utf8')));
    return texts.map(decoded).filter((text) => new RegExp(`^To: ${to}$`, 'm').test(text));
  }

  /** Waits for the `count`-th message to `to` and returns the token of its sign-in link. */
  async function linkToken(to: string, count = 1): Promise<string> {
    const mails = await eventually(async () => {
      const found = await mailsTo(to);
      expect(found.length).toBeGreaterThanOrEqual(count);
      return found;
    });
    const token = /\/employer\/sign-in#token=([\w-]+)/.exec(mails[count - 1] as string)?.[1];
    if (!token) throw new Error('no sign-in link in the e-mail');
    return token;
  }

  const signIn = (token: string) =>
    request(instance().app).post('/api/employer/sign-in').send({ token });

  /** The session cookie of a signed-in employer. */
  async function sessionOf(email: string, count = 1): Promise<string> {
    const res = await signIn(await linkToken(email, count)).expect(200);
    const cookie = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((value) => value.startsWith(`${EMPLOYER_SESSION_COOKIE}=`));
    if (!cookie) throw new Error('no session cookie');
    return cookie.split(';')[0] as string;
  }

  async function postAs(email: string, overrides: Parameters<typeof publicPost>[0] = {}) {
    const res = await request(instance().app)
      .post('/api/jobs')
      .send(publicPost({ posterEmail: email, ...overrides }))
      .expect(201);
    return res.body as Job;
  }

  /** Another instance's mailer into the same folder. */
  const mailer = () => createMailer({ from: 'Board <jobs@board.example>', mailDir, logger });

  let address = 0;
  const newAddress = () => `Hiring.Manager${(address += 1)}@Acme.example`;

  return {
    clocks,
    logLines,
    world,
    instance,
    mailsTo,
    linkToken,
    signIn,
    sessionOf,
    postAs,
    newAddress,
    mailer,
  };
}
