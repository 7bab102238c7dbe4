import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  EMPLOYER_MESSAGES,
  EMPLOYER_SESSION_COOKIE,
  employerJobListResponseSchema,
  employerJobSchema,
  type Job,
} from '@b2g/contracts';
import { createLogger, createMailer } from '@b2g/service-kit';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  listJobs,
  logger,
  newWorld,
  publicPost,
  removeWorld,
  startInstance,
  tokens,
  type RunningInstance,
} from './support.js';

const HOUR_MS = 60 * 60 * 1000;
/** The employer clock (links and sessions) and the limits' clock: tests move them, never sleep. */
let employerNow = Date.now();
let limitsNow = Date.parse('2031-03-04T05:30:00Z');

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
let jobs: RunningInstance;
let mailDir: string;

beforeAll(async () => {
  mailDir = await mkdtemp(join(tmpdir(), 'jobs-employer-mail-'));
  jobs = await startInstance(
    world,
    {
      publicUrl: 'https://board.example',
      rateLimitNow: () => limitsNow,
      employer: {
        now: () => new Date(employerNow),
        rateLimits: {
          linkPerEmail: { limit: 2, windowMs: HOUR_MS },
          linkPerClient: { limit: 4, windowMs: HOUR_MS },
          signInPerClient: { limit: 1_000, windowMs: HOUR_MS },
        },
      },
    },
    {
      mailer: createMailer({ from: 'Board <jobs@board.example>', mailDir, logger }),
      logger: capturingLogger,
    },
  );
});

afterAll(async () => {
  await removeWorld(jobs, world);
  await rm(mailDir, { recursive: true, force: true });
});

/** An .eml as its text, quoted-printable undone. */
const decoded = (eml: string) =>
  eml
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)));

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

const signIn = (token: string) => request(jobs.app).post('/api/employer/sign-in').send({ token });

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
  const res = await request(jobs.app)
    .post('/api/jobs')
    .send(publicPost({ posterEmail: email, ...overrides }))
    .expect(201);
  return res.body as Job;
}

let address = 0;
const newAddress = () => `Hiring.Manager${(address += 1)}@Acme.example`;

describe('employer sign-in', () => {
  it('when a visitor posts with an e-mail, then it gets a link that opens a strict, httpOnly session once', async () => {
    const email = newAddress();
    const job = await postAs(email);
    expect(job).not.toHaveProperty('posterEmail');

    const lower = email.toLowerCase();
    const [mail] = await eventually(async () => {
      const found = await mailsTo(lower);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(mail).toContain(`https://board.example/jobs/${job.id}`);
    expect(mail).toContain('https://board.example/employer');
    expect(mail).toContain('You are receiving this because');

    const token = await linkToken(lower);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);
    const first = await signIn(token).expect(200);
    expect(first.body.email).toBe(lower);
    const cookie = ([] as string[]).concat(first.headers['set-cookie'] ?? [])[0] ?? '';
    expect(cookie).toMatch(new RegExp(`^${EMPLOYER_SESSION_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/employer/);

    const session = cookie.split(';')[0] as string;
    const who = await request(jobs.app).get('/api/employer/session').set('Cookie', session);
    expect(who.status).toBe(200);
    expect(who.body.email).toBe(lower);

    const again = await signIn(token);
    expect(again.status).toBe(401);
    expect(again.body.error.message).toBe(EMPLOYER_MESSAGES.tokenInvalid);
    expect(again.headers['set-cookie']).toBeUndefined();

    await request(jobs.app).delete('/api/employer/session').set('Cookie', session).expect(204);
    await request(jobs.app).get('/api/employer/session').set('Cookie', session).expect(401);

    // Logged, but neither the link's token nor the session's secret.
    const logged = logLines.join('');
    expect(logged).toContain('/api/employer/sign-in');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(session.split('=')[1]);
  });

  it("when a signed-in user posts, then the posting belongs to the account's e-mail address", async () => {
    const account = newAddress();
    const bearer = tokens.bearer({ ...tokens.newUser(), email: account });
    const job = (
      await request(jobs.app)
        .post('/api/jobs')
        .set('Authorization', bearer)
        .send(publicPost({ posterEmail: 'typed@elsewhere.example' }))
        .expect(201)
    ).body as Job;

    const session = await sessionOf(account.toLowerCase());
    const list = await request(jobs.app).get('/api/employer/jobs').set('Cookie', session);
    expect((list.body as Job[]).map((item) => item.id)).toEqual([job.id]);
    expect(await mailsTo('typed@elsewhere.example')).toEqual([]);
  });

  it('when a token is forged or has expired, then 401 and no cookie', async () => {
    const forged = await signIn('A'.repeat(43));
    expect(forged.status).toBe(401);
    expect(forged.headers['set-cookie']).toBeUndefined();

    const email = newAddress().toLowerCase();
    await postAs(email);
    const token = await linkToken(email);
    employerNow += 24 * HOUR_MS + 1;
    try {
      const expired = await signIn(token);
      expect(expired.status).toBe(401);
      expect(expired.headers['set-cookie']).toBeUndefined();
    } finally {
      employerNow -= 24 * HOUR_MS + 1;
    }
  });

  it('when a session is older than 12 hours, then it is refused', async () => {
    const email = newAddress().toLowerCase();
    await postAs(email);
    const session = await sessionOf(email);
    employerNow += 12 * HOUR_MS + 1;
    try {
      await request(jobs.app).get('/api/employer/jobs').set('Cookie', session).expect(401);
    } finally {
      employerNow -= 12 * HOUR_MS + 1;
    }
  });

  it('when a link is asked for, then the answer is the same for an unknown address, and only a known one gets mail', async () => {
    const known = newAddress().toLowerCase();
    await postAs(known);
    const unknown = 'nobody@nowhere.example';
    const ask = (email: string, client: string) =>
      request(jobs.app)
        .post('/api/employer/sign-in-link')
        .set('X-Forwarded-For', client)
        .send({ email });

    const forKnown = await ask(known.toUpperCase(), '203.0.113.10');
    const forUnknown = await ask(unknown, '203.0.113.11');
    expect(forKnown.status).toBe(202);
    expect(forUnknown.status).toBe(202);
    expect(forUnknown.body).toEqual(forKnown.body);
    expect(forKnown.body).toEqual({ message: EMPLOYER_MESSAGES.linkSent });

    // The post's e-mail and the asked one.
    expect(await linkToken(known, 2)).toMatch(/^[\w-]{43}$/);
    expect(await mailsTo(unknown)).toEqual([]);
  });

  it('when links are asked too often for one address or from one client, then 429, and a new window gives a new budget', async () => {
    const ask = (email: string, client: string) =>
      request(jobs.app)
        .post('/api/employer/sign-in-link')
        .set('X-Forwarded-For', client)
        .send({ email })
        .then((res) => res.status);

    const email = 'limited@acme.example';
    expect([
      await ask(email, '198.51.100.1'),
      await ask(email.toUpperCase(), '198.51.100.2'),
      await ask(email, '198.51.100.3'),
    ]).toEqual([202, 202, 429]);

    const client = '198.51.100.9';
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push(await ask(`c${i}@acme.example`, client));
    expect(statuses).toEqual([202, 202, 202, 202, 429]);

    limitsNow += HOUR_MS;
    expect(await ask(email, '198.51.100.4')).toBe(202);
    expect(await ask('c9@acme.example', client)).toBe(202);
  });
});

describe('employer postings', () => {
  it('when signed in, then only the own postings are listed and changed; another address gets 404, no session 401', async () => {
    const mine = newAddress().toLowerCase();
    const theirs = newAddress().toLowerCase();
    const job = await postAs(mine);
    const other = await postAs(theirs);
    await postAs(mine);
    const session = await sessionOf(mine);

    const listed = await request(jobs.app)
      .get('/api/employer/jobs')
      .set('Cookie', session)
      .expect(200);
    const list = employerJobListResponseSchema.parse(listed.body);
    expect(list).toHaveLength(2);
    expect(list.map((item) => item.status)).toEqual(['live', 'live']);
    expect(list.map((item) => item.id)).toContain(job.id);
    expect(list.map((item) => item.id)).not.toContain(other.id);

    for (const call of [
      request(jobs.app)
        .post(`/api/employer/jobs/${other.id}/close`)
        .send({ outcome: 'not_hiring' }),
      request(jobs.app).post(`/api/employer/jobs/${other.id}/relist`),
      request(jobs.app).patch(`/api/employer/jobs/${other.id}`).send(publicPost()),
    ])
      expect((await call.set('Cookie', session)).status).toBe(404);

    await request(jobs.app).get('/api/employer/jobs').expect(401);
    await request(jobs.app)
      .post(`/api/employer/jobs/${job.id}/close`)
      .send({ outcome: 'not_hiring' })
      .expect(401);
  });

  it('when the employer edits the title, then search finds the new title; the required fields stay required', async () => {
    const email = newAddress().toLowerCase();
    const job = await postAs(email, { title: 'Proposal Writer Wombat' });
    const session = await sessionOf(email);

    const empty = await request(jobs.app)
      .patch(`/api/employer/jobs/${job.id}`)
      .set('Cookie', session)
      .send({ ...publicPost(), title: '' });
    expect(empty.status).toBe(400);

    const edited = await request(jobs.app)
      .patch(`/api/employer/jobs/${job.id}`)
      .set('Cookie', session)
      .send(publicPost({ title: 'Capture Lead Numbat' }))
      .expect(200);
    expect(employerJobSchema.parse(edited.body)).toMatchObject({
      id: job.id,
      title: 'Capture Lead Numbat',
      status: 'live',
    });

    const found = await listJobs(jobs, world, { search: 'Numbat' });
    expect((found.body as Job[]).map((item) => item.id)).toEqual([job.id]);
  });

  it('when the employer closes a posting, then its page is gone, search drops it, and it is listed closed with the outcome', async () => {
    const email = newAddress().toLowerCase();
    const job = await postAs(email, { title: 'Contracts Manager Quokka' });
    const session = await sessionOf(email);

    const bad = await request(jobs.app)
      .post(`/api/employer/jobs/${job.id}/close`)
      .set('Cookie', session)
      .send({ outcome: 'gone' });
    expect(bad.status).toBe(400);

    const closed = await request(jobs.app)
      .post(`/api/employer/jobs/${job.id}/close`)
      .set('Cookie', session)
      .send({ outcome: 'filled_here' })
      .expect(200);
    expect(closed.body).toMatchObject({ status: 'closed', closedReason: 'filled_here' });

    const page = await request(jobs.app).get(`/api/jobs/${job.id}/page`).expect(200);
    expect(page.body.status).toBe('gone');
    await request(jobs.app).get(`/api/jobs/${job.id}`).expect(404);
    const found = await listJobs(jobs, world, { search: 'Quokka' });
    expect(found.body).toEqual([]);

    const again = await request(jobs.app)
      .post(`/api/employer/jobs/${job.id}/close`)
      .set('Cookie', session)
      .send({ outcome: 'not_hiring' });
    expect(again.status).toBe(409);
  });

  it('when the employer extends, then only a later date at most a year ahead is taken', async () => {
    const email = newAddress().toLowerCase();
    const today = new Date().toISOString().slice(0, 10);
    const inDays = (days: number) =>
      new Date(Date.now() + days * 24 * HOUR_MS).toISOString().slice(0, 10);
    const job = await postAs(email, { closingDate: inDays(30) });
    const session = await sessionOf(email);
    const extend = (closingDate: string) =>
      request(jobs.app)
        .post(`/api/employer/jobs/${job.id}/extend`)
        .set('Cookie', session)
        .send({ closingDate });

    const earlier = await extend(inDays(10));
    expect(earlier.status).toBe(400);
    expect(earlier.body.error.message).toBe(EMPLOYER_MESSAGES.closingDateNotLater);
    expect((await extend(inDays(30))).status).toBe(400);
    expect((await extend(today)).status).toBe(400);
    const tooFar = await extend(inDays(367));
    expect(tooFar.status).toBe(400);
    expect(tooFar.body.error.message).toBe(EMPLOYER_MESSAGES.closingDateTooFar);

    const later = await extend(inDays(90));
    expect(later.status).toBe(200);
    expect(later.body).toMatchObject({ closingDate: inDays(90), status: 'live' });
    const read = await request(jobs.app).get(`/api/jobs/${job.id}`).expect(200);
    expect(read.body.closingDate).toBe(inDays(90));
  });

  it('when the employer relists a closed posting, then a new job with a new id, posted now; the old stays closed; a live one is refused', async () => {
    const email = newAddress().toLowerCase();
    const job = await postAs(email, { title: 'Grants Specialist Bilby' });
    const session = await sessionOf(email);
    const relist = (id: string) =>
      request(jobs.app).post(`/api/employer/jobs/${id}/relist`).set('Cookie', session);

    expect((await relist(job.id)).status).toBe(409);
    await request(jobs.app)
      .post(`/api/employer/jobs/${job.id}/close`)
      .set('Cookie', session)
      .send({ outcome: 'not_hiring' })
      .expect(200);

    const relisted = await relist(job.id).expect(201);
    const fresh = employerJobSchema.parse(relisted.body);
    expect(fresh.id).not.toBe(job.id);
    expect(fresh).toMatchObject({ title: 'Grants Specialist Bilby', status: 'live' });
    expect(Date.parse(fresh.postedAt)).toBeGreaterThan(Date.parse(job.postedAt));

    await request(jobs.app).get(`/api/jobs/${job.id}`).expect(404);
    await request(jobs.app).get(`/api/jobs/${fresh.id}`).expect(200);
    const found = await listJobs(jobs, world, { search: 'Bilby' });
    expect((found.body as Job[]).map((item) => item.id)).toEqual([fresh.id]);

    const list = await request(jobs.app).get('/api/employer/jobs').set('Cookie', session);
    expect(
      (list.body as { id: string; status: string }[]).map((item) => [item.id, item.status]),
    ).toEqual([
      [fresh.id, 'live'],
      [job.id, 'closed'],
    ]);
  });
});
