import { randomUUID } from 'node:crypto';
import type { ApplicationWithJob } from '@b2g/contracts';
import {
  applicationListResponseSchema,
  applicationWithJobSchema,
  dashboardStatsSchema,
} from '@b2g/contracts';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  addBookmark,
  apply as postApplication,
  changeStatus,
  deleteAs,
  harnessForFile,
  updateApplication,
  publishedEvent,
} from './helpers.js';

/** The injected clock: "now" of new records and "today" of follow-ups. */
let now = new Date('2025-01-15T12:00:00.000Z');
const h = harnessForFile({
  clock: () => {
    now = new Date(now.getTime() + 1);
    return now;
  },
});

async function apply(bearer: string, body: Record<string, unknown>) {
  return applicationWithJobSchema.parse((await postApplication(h.app, bearer, body)).body);
}

/** The dashboard stats of the user of `bearer`, checked against their contract. */
async function statsOf(bearer: string) {
  const res = await request(h.app).get('/api/user/stats').set('Authorization', bearer).expect(200);
  return dashboardStatsSchema.parse(res.body);
}

describe('applications', () => {
  it('when a user applies, then the application starts as applied, lists newest first with its job, and application.created is published', async () => {
    const user = h.tokens.newUser();
    const bearer = h.tokens.bearer(user);
    const first = await h.createJob({ title: 'Account Executive, SLED' });
    const second = await h.createJob({ title: 'Marketing Manager' });

    const created = await apply(bearer, {
      jobId: first.id,
      applicationMethod: 'company_website',
      contactPerson: 'Dana Recruiter',
      contactEmail: 'dana@example.com',
      notes: 'Referred by Sam',
      followUpDate: '2025-01-20',
    });
    await apply(bearer, { jobId: second.id, applicationMethod: 'email' });

    expect(created).toMatchObject({
      jobId: first.id,
      status: 'applied',
      applicationMethod: 'company_website',
      contactPerson: 'Dana Recruiter',
      contactEmail: 'dana@example.com',
      notes: 'Referred by Sam',
      followUpDate: '2025-01-20T00:00:00.000Z',
      statusUpdatedAt: null,
      job: {
        title: 'Account Executive, SLED',
        company: first.company,
        location: first.location,
        link: first.url,
      },
    });
    expect(created.appliedAt.startsWith('2025-01-15')).toBe(true);
    const list = await request(h.app)
      .get('/api/user/applications')
      .set('Authorization', bearer)
      .expect(200);
    expect(applicationListResponseSchema.parse(list.body).map((a) => a.jobId)).toEqual([
      second.id,
      first.id,
    ]);
    const event = await publishedEvent(
      h.published,
      'application.created',
      (e) => e.data.applicationId === created.id,
    );
    expect(event.data).toMatchObject({
      userId: user.id,
      jobId: first.id,
      status: 'applied',
      applicationMethod: 'company_website',
    });
  });

  it('when a user applies twice to one job, then 409; to an unknown job, then 404; with a bad body, then 400 with the spec messages', async () => {
    const bearer = h.tokens.bearer(h.tokens.newUser());
    const job = await h.createJob();
    await apply(bearer, { jobId: job.id, applicationMethod: 'portal' });

    const twice = await request(h.app)
      .post('/api/user/applications')
      .set('Authorization', bearer)
      .send({ jobId: job.id, applicationMethod: 'portal' })
      .expect(409);
    expect(twice.body.error.code).toBe('CONFLICT');
    await request(h.app)
      .post('/api/user/applications')
      .set('Authorization', bearer)
      .send({ jobId: randomUUID(), applicationMethod: 'portal' })
      .expect(404);
    const bad = await request(h.app)
      .post('/api/user/applications')
      .set('Authorization', bearer)
      .send({
        jobId: job.id,
        applicationMethod: 'carrier_pigeon',
        contactEmail: 'nope',
        followUpDate: 'soon',
      })
      .expect(400);
    expect(bad.body.error.details).toEqual(
      expect.arrayContaining([
        { path: 'applicationMethod', message: 'Application method is required' },
        { path: 'contactEmail', message: 'Please enter a valid email address' },
        { path: 'followUpDate', message: 'Follow-up date must be a valid date' },
      ]),
    );
  });

  it('when the status is chosen at creation, then the application is stored with it and the stats count it; an unknown status is 400 and records nothing', async () => {
    const bearer = h.tokens.bearer(h.tokens.newUser());
    const job = await h.createJob();
    const bad = await request(h.app)
      .post('/api/user/applications')
      .set('Authorization', bearer)
      .send({ jobId: job.id, applicationMethod: 'email', status: 'hired_twice' })
      .expect(400);
    expect(bad.body.error.details).toEqual([expect.objectContaining({ path: 'status' })]);

    const created = await apply(bearer, {
      jobId: job.id,
      applicationMethod: 'email',
      status: 'interview_scheduled',
    });
    expect(created).toMatchObject({ status: 'interview_scheduled', statusUpdatedAt: null });
    expect(await statsOf(bearer)).toMatchObject({
      totalApplications: 1,
      applicationsByStatus: { interview_scheduled: 1, applied: 0 },
    });
  });

  it('when the status changes, then statusUpdatedAt is set and application.status_changed carries from and to', async () => {
    const bearer = h.tokens.bearer(h.tokens.newUser());
    const job = await h.createJob();
    const created = await apply(bearer, {
      jobId: job.id,
      applicationMethod: 'recruiter',
      notes: 'first',
    });

    const notesOnly = await updateApplication(h.app, bearer, created.id, {
      notes: '',
      contactPerson: 'Lee',
    });
    expect(notesOnly.body).toMatchObject({
      status: 'applied',
      notes: null,
      contactPerson: 'Lee',
      statusUpdatedAt: null,
    });

    const changed = await updateApplication(h.app, bearer, created.id, {
      status: 'under_review',
      followUpDate: '2025-02-01T09:30:00.000Z',
    });
    const body = changed.body as ApplicationWithJob;
    expect(body).toMatchObject({
      status: 'under_review',
      followUpDate: '2025-02-01T09:30:00.000Z',
    });
    expect(body.statusUpdatedAt).not.toBeNull();
    expect(body.updatedAt >= body.statusUpdatedAt!).toBe(true);

    const event = await publishedEvent(
      h.published,
      'application.status_changed',
      (e) => e.data.applicationId === created.id,
    );
    expect(event.data).toMatchObject({ from: 'applied', to: 'under_review' });

    const empty = await updateApplication(h.app, bearer, created.id, {}, 400);
    expect(empty.body.error.message).toBe('At least one field must be provided');
    await updateApplication(h.app, bearer, created.id, { status: 'hired' }, 400);
  });

  it('when an application is deleted, then 204, it is gone, and the job can be applied to again', async () => {
    const bearer = h.tokens.bearer(h.tokens.newUser());
    const job = await h.createJob();
    const created = await apply(bearer, { jobId: job.id, applicationMethod: 'referral' });

    await deleteAs(h.app, bearer, `/api/user/applications/${created.id}`, 204);
    await deleteAs(h.app, bearer, `/api/user/applications/${created.id}`, 404);
    await updateApplication(h.app, bearer, created.id, { notes: 'x' }, 404);

    const list = await request(h.app)
      .get('/api/user/applications')
      .set('Authorization', bearer)
      .expect(200);
    expect(list.body).toEqual([]);
    await apply(bearer, { jobId: job.id, applicationMethod: 'referral' });
  });
});

describe('another user', () => {
  it("when a user names another user's application or bookmark, then 404 and nothing of theirs changes", async () => {
    const owner = h.tokens.bearer(h.tokens.newUser());
    const intruder = h.tokens.bearer(h.tokens.newUser());
    const job = await h.createJob();
    const application = await apply(owner, { jobId: job.id, applicationMethod: 'other' });
    await addBookmark(h.app, owner, job.id);

    await updateApplication(h.app, intruder, application.id, { status: 'rejected' }, 404);
    await deleteAs(h.app, intruder, `/api/user/applications/${application.id}`, 404);
    await deleteAs(h.app, intruder, `/api/user/bookmarks/${job.id}`, 404);

    for (const path of ['/api/user/applications', '/api/user/bookmarks', '/api/user/activity']) {
      const res = await request(h.app).get(path).set('Authorization', intruder).expect(200);
      expect(res.body, path).toEqual([]);
    }
    expect(await statsOf(intruder)).toMatchObject({ totalApplications: 0, totalBookmarks: 0 });
    const mine = await request(h.app)
      .get('/api/user/applications')
      .set('Authorization', owner)
      .expect(200);
    expect(mine.body).toEqual([expect.objectContaining({ id: application.id, status: 'applied' })]);
    expect(
      (await request(h.app).get('/api/user/bookmarks').set('Authorization', owner)).body,
    ).toHaveLength(1);
  });
});

describe('stats', () => {
  it('when applications have a mix of statuses and follow-up dates, then the counts and due follow-ups are right', async () => {
    const bearer = h.tokens.bearer(h.tokens.newUser());
    // "Today" is 2025-01-15 (UTC) on the injected clock.
    const cases = [
      { status: 'applied', followUpDate: '2025-01-15T23:30:00.000Z' }, // later today: due
      { status: 'under_review', followUpDate: '2025-01-10' }, // past: due
      { status: 'interview_scheduled', followUpDate: '2025-01-16' }, // tomorrow: not yet
      { status: 'rejected', followUpDate: '2025-01-01' }, // closed: never due
      { status: 'offer_received', followUpDate: '2025-01-14' }, // closed: never due
      { status: 'under_review', followUpDate: null }, // none
    ] as const;
    for (const { status, followUpDate } of cases) {
      const job = await h.createJob();
      const created = await apply(bearer, {
        jobId: job.id,
        applicationMethod: 'email',
        followUpDate,
      });
      if (status !== 'applied') {
        await changeStatus(h.app, bearer, created.id, status);
      }
    }
    for (let i = 0; i < 2; i += 1) {
      const job = await h.createJob();
      await addBookmark(h.app, bearer, job.id);
    }

    expect(await statsOf(bearer)).toEqual({
      totalApplications: 6,
      totalBookmarks: 2,
      pendingFollowUps: 2,
      applicationsByStatus: {
        applied: 1,
        under_review: 2,
        interview_scheduled: 1,
        rejected: 1,
        offer_received: 1,
      },
    });
  });
});
