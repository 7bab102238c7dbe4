import { EMPLOYER_MESSAGES, employerJobSchema, type EmployerJob, type Job } from '@b2g/contracts';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXPIRY_SWEEPS_COLLECTION } from '../src/data/expiry-store.js';
import { employerInstanceForFile } from './employer-world.js';
import {
  createAdminJob,
  DAY,
  eventually,
  listJobs,
  startInstance,
  tokens,
  type RunningInstance,
} from './support.js';

const TTL = 60;
/** The sweep's clock: the tests move it instead of waiting for days to pass. */
const clock = { now: Date.now() };
const settings = {
  expiry: { publicTtlDays: TTL, reminderDays: 3, now: () => new Date(clock.now) },
};
const { world, instance, mailsTo, sessionOf, postAs, newAddress, mailer } =
  employerInstanceForFile(settings);

/** A second instance on the same database and mail folder. */
let other: RunningInstance;
beforeAll(async () => {
  other = await startInstance(
    world,
    { ...settings, publicUrl: 'https://board.example' },
    { mailer: mailer() },
  );
});
afterAll(async () => {
  await other.close();
});

/** Each test starts as if no sweep ran before (its clock need not follow the last test's). */
beforeEach(async () => {
  clock.now = Date.now();
  await instance().connection.collection(EXPIRY_SWEEPS_COLLECTION).deleteMany({});
});

const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

/** Runs the sweep `offset` days from now on the given instances at once. */
async function sweepOn(offset: number, instances = [instance()]) {
  clock.now = Date.now() + offset * DAY;
  return Promise.all(instances.map((running) => running.expiry.sweepOnce()));
}

const stored = (id: string) => instance().models.Job.findById(id).lean();

const mailsAbout = async (to: string, text: string) =>
  (await mailsTo(to)).filter((mail) => mail.includes(text));

const extendToken = (mail: string) => /\/employer\/extend#token=([\w-]+)/.exec(mail)?.[1];

const extendLink = (token: string) =>
  request(instance().app).post('/api/employer/extend-link').send({ token });

async function employerList(session: string): Promise<EmployerJob[]> {
  const res = await request(instance().app)
    .get('/api/employer/jobs')
    .set('Cookie', session)
    .expect(200);
  return (res.body as unknown[]).map((item) => employerJobSchema.parse(item));
}

describe('posting expiry', () => {
  it('when a public post has no closing date, then it expires after its time on the board; a closing date or an admin post does not', async () => {
    const email = newAddress().toLowerCase();
    const open = await postAs(email);
    const closing = await postAs(email, { closingDate: day(20) });
    const admin = await createAdminJob(instance());

    expect((await stored(open.id))?.expiresOn).toBe(day(TTL));
    expect((await stored(closing.id))?.expiresOn ?? null).toBeNull();
    expect((await stored(admin.id))?.expiresOn ?? null).toBeNull();
    expect(open).not.toHaveProperty('expiresOn');

    const list = await employerList(await sessionOf(email));
    expect(Object.fromEntries(list.map((job) => [job.id, job.expiresOn]))).toEqual({
      [open.id]: day(TTL),
      [closing.id]: day(20),
    });
  });

  it('when the sweep runs on two instances, twice, three days before the last day, then the poster gets one reminder whose link extends the posting once', async () => {
    const email = newAddress().toLowerCase();
    const job = await postAs(email, { title: 'Expiry Reminder Wallaby' });

    await sweepOn(TTL - 3, [instance(), other]);
    await sweepOn(TTL - 3, [other, instance()]);
    const reminders = await mailsAbout(email, 'Extend it by');
    expect(reminders).toHaveLength(1);
    const [reminder] = reminders as [string];
    expect(reminder).toContain('You are receiving this because');
    expect(reminder).toContain('https://board.example/employer\n');
    expect(reminder).not.toContain('/employer/sign-in');
    const token = extendToken(reminder);
    expect(token).toBeDefined();

    const forged = await extendLink('A'.repeat(43));
    expect(forged.status).toBe(400);
    expect(forged.body.error.message).toBe(EMPLOYER_MESSAGES.extendLinkInvalid);

    const extended = await extendLink(token as string).expect(200);
    expect(employerJobSchema.parse(extended.body)).toMatchObject({
      id: job.id,
      status: 'live',
      expiresOn: day(2 * TTL),
    });
    expect(extended.headers['set-cookie']).toBeUndefined();
    expect((await stored(job.id))?.expiresOn).toBe(day(2 * TTL));

    const used = await extendLink(token as string);
    expect(used.status).toBe(400);
    expect(used.body.error.message).toBe(EMPLOYER_MESSAGES.extendLinkInvalid);

    // Its old last day passes: the extended posting stays, and no second reminder comes.
    await sweepOn(TTL + 1, [instance(), other]);
    expect((await stored(job.id))?.deletedAt).toBeNull();
    expect(await mailsAbout(email, 'Extend it by')).toHaveLength(1);
  });

  it('when the extend link call is malformed or cross-site, then it is a clear 4xx', async () => {
    for (const body of [{}, { token: '' }, { token: 'A'.repeat(43), jobId: 'x' }, 'token']) {
      const res = await request(instance().app).post('/api/employer/extend-link').send(body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toEqual(expect.any(String));
    }
    const crossSite = await request(instance().app)
      .post('/api/employer/extend-link')
      .set('Origin', 'https://evil.example')
      .set('Sec-Fetch-Site', 'cross-site')
      .send({ token: 'A'.repeat(43) });
    expect(crossSite.status).toBe(403);
  });

  it('when the extend link is used after the last day, then it is refused', async () => {
    const email = newAddress().toLowerCase();
    await postAs(email);
    await sweepOn(TTL - 3);
    const [reminder] = await mailsAbout(email, 'Extend it by');
    const token = extendToken(reminder as string);

    clock.now = Date.now() + (TTL + 1) * DAY;
    const late = await extendLink(token as string);
    expect(late.status).toBe(400);
    expect(late.body.error.message).toBe(EMPLOYER_MESSAGES.extendLinkInvalid);
  });

  it('when its last day is over, then the job page is gone at once, and the sweep closes it as expired, tells the poster once, and a relist gets a new time on the board', async () => {
    const email = newAddress().toLowerCase();
    const job = await postAs(email, { title: 'Expiry Sweep Dingo' });
    const session = await sessionOf(email);

    // Past its last day before any sweep: gone already, and expired to its employer.
    await instance().models.Job.updateOne({ _id: job.id }, { $set: { expiresOn: day(-1) } });
    const before = await request(instance().app).get(`/api/jobs/${job.id}/page`).expect(200);
    expect(before.body.status).toBe('gone');
    expect((await employerList(session))[0]).toMatchObject({ id: job.id, status: 'expired' });
    await instance().models.Job.updateOne({ _id: job.id }, { $set: { expiresOn: day(TTL) } });

    await sweepOn(TTL + 1, [instance(), other]);
    await sweepOn(TTL + 1, [other]);

    const found = await listJobs(instance(), world, { search: 'Dingo' });
    expect(found.body as Job[]).toEqual([]);
    const page = await request(instance().app).get(`/api/jobs/${job.id}/page`).expect(200);
    expect(page.body.status).toBe('gone');
    expect((await employerList(session))[0]).toMatchObject({
      id: job.id,
      status: 'expired',
      closedReason: 'expired',
      expiresOn: day(TTL),
    });
    const expired = await eventually(async () => {
      const mails = await mailsAbout(email, 'Its time on the board ended');
      expect(mails).toHaveLength(1);
      return mails[0] as string;
    });
    expect(expired).toContain(`Its time on the board ended on ${day(TTL)}`);
    expect(expired).toContain('https://board.example/employer\n');
    expect(expired).not.toContain('token=');
    expect(await mailsAbout(email, 'Your listing is closed.')).toEqual([]);

    const relisted = await request(instance().app)
      .post(`/api/employer/jobs/${job.id}/relist`)
      .set('Cookie', session)
      .expect(201);
    expect(employerJobSchema.parse(relisted.body)).toMatchObject({
      status: 'live',
      expiresOn: day(TTL),
    });
    expect(relisted.body.id).not.toBe(job.id);
  });

  it('when the admin restores a posting whose time ran out, then it is live again and no longer expires', async () => {
    const email = newAddress().toLowerCase();
    const job = await postAs(email);
    await request(instance().app)
      .delete(`/api/admin/jobs/${job.id}`)
      .set('Cookie', tokens.adminCookie())
      .expect(200);
    await instance().models.Job.updateOne({ _id: job.id }, { $set: { expiresOn: day(-1) } });

    await request(instance().app)
      .put(`/api/admin/jobs/${job.id}/undelete`)
      .set('Cookie', tokens.adminCookie())
      .expect(200);

    expect((await stored(job.id))?.expiresOn ?? null).toBeNull();
    const page = await request(instance().app).get(`/api/jobs/${job.id}/page`).expect(200);
    expect(page.body.status).toBe('active');
  });

  it('when the employer sets a closing date, then it replaces the expiry; the sweep leaves it to the closing date', async () => {
    const email = newAddress().toLowerCase();
    const job = await postAs(email);
    const session = await sessionOf(email);

    const earlier = await request(instance().app)
      .post(`/api/employer/jobs/${job.id}/extend`)
      .set('Cookie', session)
      .send({ closingDate: day(TTL - 1) });
    expect(earlier.status).toBe(400);
    const later = await request(instance().app)
      .post(`/api/employer/jobs/${job.id}/extend`)
      .set('Cookie', session)
      .send({ closingDate: day(TTL + 30) })
      .expect(200);
    expect(later.body).toMatchObject({ closingDate: day(TTL + 30), expiresOn: day(TTL + 30) });
    expect((await stored(job.id))?.expiresOn ?? null).toBeNull();

    await sweepOn(TTL + 1);
    expect((await stored(job.id))?.deletedAt).toBeNull();
  });

  it('when a posting is closed by its employer or removed by the admin, then the poster is told why, once', async () => {
    const email = newAddress().toLowerCase();
    const filled = await postAs(email);
    const removed = await postAs(email);
    const session = await sessionOf(email);

    await request(instance().app)
      .post(`/api/employer/jobs/${filled.id}/close`)
      .set('Cookie', session)
      .send({ outcome: 'filled_elsewhere' })
      .expect(200);
    for (let i = 0; i < 2; i++)
      await request(instance().app)
        .delete(`/api/admin/jobs/${removed.id}`)
        .set('Cookie', tokens.adminCookie())
        .expect(200);

    const closed = await eventually(async () => {
      const mails = await mailsAbout(email, 'Your listing is closed.');
      expect(mails).toHaveLength(2);
      return mails;
    });
    expect(closed.find((mail) => mail.includes(filled.title))).toContain(
      'You closed it: the role was filled elsewhere.',
    );
    expect(closed.find((mail) => mail.includes(removed.title))).toContain(
      "removed by the board's administrator",
    );
    for (const mail of closed) expect(mail).not.toContain('token=');
  });

  it('when the freshness checker closes a posting past its closing date, then the poster is told by whom; a relist of an expired posting closes it quietly', async () => {
    const email = newAddress().toLowerCase();
    const checked = await postAs(email, { closingDate: day(5) });
    const relisted = await postAs(email, { closingDate: day(5) });
    const session = await sessionOf(email);
    for (const id of [checked.id, relisted.id])
      await instance().models.Job.updateOne({ _id: id }, { $set: { closingDate: day(-1) } });

    expect((await instance().freshness.checkById(checked.id)).outcome).toBe('expired');
    await request(instance().app)
      .post(`/api/employer/jobs/${relisted.id}/relist`)
      .set('Cookie', session)
      .expect(201);

    const [closed] = await eventually(async () => {
      const mails = await mailsAbout(email, 'Your listing is closed.');
      expect(mails).toHaveLength(1);
      return mails;
    });
    expect(closed).toContain(checked.title);
    expect(closed).toContain('Its closing date has passed, so our daily check took it down.');
  });
});
