import { employerJobListResponseSchema, reviewListResponseSchema, type Job } from '@b2g/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employerInstanceForFile } from './employer-world.js';
import { asAdmin, ownPost, posted, riskyPost } from './review-support.js';
import { eventually, instanceForFile, listen, newWorld, tokens, type Listener } from './support.js';

const { world, instance, sessionOf, mailsTo } = employerInstanceForFile({
  review: { policy: 'risky' },
});
const everyPost = instanceForFile(newWorld(), { review: { policy: 'all' } });
const noReview = instanceForFile(newWorld(), { review: { policy: 'none' } });

const admin = () => asAdmin(instance());
const pending = async () =>
  reviewListResponseSchema.parse(
    (await admin().get('/api/admin/jobs?status=pending').expect(200)).body,
  );
let events: Listener;
beforeAll(async () => {
  events = await listen(world, ['post.reviewed']);
});
afterAll(async () => {
  await events.close();
});

const outcomesOf = (id: string) =>
  events
    .ofType('post.reviewed')
    .filter((event) => event.data.jobId === id)
    .map((event) => event.data.outcome);

/**
 * A held edit's decision states no review outcome: once a later post's outcome is seen, one of
 * the edit would have been seen too. The posting keeps the one outcome of its post, `live`.
 */
async function expectNoOutcomeOfEdit(jobId: string, editId: string) {
  const later = await posted(instance(), ownPost(), 'live');
  await eventually(() => expect(outcomesOf(later.id)).toEqual(['live']), 10_000);
  expect(outcomesOf(jobId)).toEqual(['live']);
  expect(outcomesOf(editId)).toEqual([]);
}

const liveJob = async (id: string) =>
  (await request(instance().app).get(`/api/jobs/${id}`).expect(200)).body as Job;

/** A post whose poster's domain fits its company and apply link: live under `risky`. */
const employerPost = (email: string) => {
  const domain = email.split('@')[1] as string;
  return ownPost({
    posterEmail: email,
    company: 'Wombat Systems',
    url: `https://${domain}/jobs/1`,
  });
};

describe('the policies', () => {
  it('when POSTING_REVIEW is all, then even an ordinary post waits', async () => {
    const held = await posted(everyPost, ownPost(), 'pending');
    await request(everyPost.app).get(`/api/jobs/${held.id}`).expect(404);
    const list = await asAdmin(everyPost).get('/api/admin/jobs?status=pending').expect(200);
    expect((list.body as Job[]).map((item) => item.id)).toEqual([held.id]);
  });

  it('when POSTING_REVIEW is none, then even a risky post goes live at once', async () => {
    const live = await posted(noReview, riskyPost({ isAgencyRole: true }), 'live');
    await request(noReview.app).get(`/api/jobs/${live.id}`).expect(200);
    const list = await asAdmin(noReview).get('/api/admin/jobs?status=pending').expect(200);
    expect(list.body).toEqual([]);
  });
});

describe("an employer's edit", () => {
  it('when the edit is risky, then it waits and the live version stays; approved, the live posting takes it and no second review outcome is stated', async () => {
    const email = 'lead@wombat-systems.example';
    const body = employerPost(email);
    const job = await posted(instance(), body, 'live');
    const session = await sessionOf(email);

    const edit = {
      ...body,
      posterEmail: undefined,
      title: 'Agency Recruiter Wombat',
      isAgencyRole: true,
    };
    const res = await request(instance().app)
      .patch(`/api/employer/jobs/${job.id}`)
      .set('Cookie', session)
      .send(edit)
      .expect(200);
    expect(res.body).toMatchObject({
      id: job.id,
      title: body.title,
      status: 'live',
      editPending: true,
    });
    expect((await liveJob(job.id)).title).toBe(body.title);

    const listed = employerJobListResponseSchema.parse(
      (await request(instance().app).get('/api/employer/jobs').set('Cookie', session).expect(200))
        .body,
    );
    expect(listed.find((item) => item.id === job.id)).toMatchObject({ editPending: true });

    const held = (await pending()).find((item) => item.review.editOf === job.id);
    expect(held).toMatchObject({ title: 'Agency Recruiter Wombat', posterEmail: email });
    // The session proved the address.
    expect(held?.review.signals.map((raised) => raised.signal)).not.toContain('email_unverified');

    await admin().post(`/api/admin/jobs/${held?.id}/approve`).expect(200);
    expect((await liveJob(job.id)).title).toBe('Agency Recruiter Wombat');
    await expectNoOutcomeOfEdit(job.id, held?.id as string);
    await eventually(async () =>
      expect(
        (await mailsTo(email)).some((mail) =>
          mail.includes('Your changes were reviewed and are live'),
        ),
      ).toBe(true),
    );
  });

  it('when a risky edit is rejected, then the live posting stays as it was and no review outcome is stated', async () => {
    const email = 'lead@numbat-systems.example';
    const body = { ...employerPost(email), company: 'Numbat Systems' };
    const job = await posted(instance(), body, 'live');
    const session = await sessionOf(email);
    await request(instance().app)
      .patch(`/api/employer/jobs/${job.id}`)
      .set('Cookie', session)
      .send({ ...body, posterEmail: undefined, faxNumber: undefined, isAgencyRole: true })
      .expect(200);
    const held = (await pending()).find((item) => item.review.editOf === job.id);
    await admin()
      .post(`/api/admin/jobs/${held?.id}/reject`, { reason: 'Agency roles are not accepted.' })
      .expect(200);
    expect(await liveJob(job.id)).toMatchObject({ title: body.title, isAgencyRole: false });
    await expectNoOutcomeOfEdit(job.id, held?.id as string);
    const listed = employerJobListResponseSchema.parse(
      (await request(instance().app).get('/api/employer/jobs').set('Cookie', session).expect(200))
        .body,
    );
    expect(listed.find((item) => item.id === job.id)).not.toHaveProperty('editPending');
  });

  it("when a held post's poster lists their postings, then it is there in review, and rejected with its reason later", async () => {
    const email = 'lead@quokka-systems.example';
    const held = await posted(instance(), riskyPost({ posterEmail: email }), 'pending');
    const bearer = tokens.bearer({ ...tokens.newUser(), email });
    const statusOf = async () =>
      employerJobListResponseSchema
        .parse(
          (
            await request(instance().app)
              .get('/api/employer/jobs')
              .set('Authorization', bearer)
              .expect(200)
          ).body,
        )
        .find((item) => item.id === held.id);
    // The bearer's account did not post it: only the address's session lists it.
    expect(await statusOf()).toBeUndefined();
    // The first e-mail says the post is in review; a sign-in link is asked for.
    await request(instance().app).post('/api/employer/sign-in-link').send({ email }).expect(202);
    const session = await sessionOf(email, 2);
    const list = async () =>
      employerJobListResponseSchema.parse(
        (await request(instance().app).get('/api/employer/jobs').set('Cookie', session).expect(200))
          .body,
      );
    expect((await list()).find((item) => item.id === held.id)).toMatchObject({ status: 'pending' });
    await admin().post(`/api/admin/jobs/${held.id}/reject`, {
      reason: 'Duplicate of another post.',
    });
    expect((await list()).find((item) => item.id === held.id)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Duplicate of another post.',
    });
  });

  it("when an employer session's address posts again, then the address counts as verified", async () => {
    const email = 'lead@dingo-systems.example';
    await posted(instance(), employerPost(email), 'live');
    const session = await sessionOf(email);
    const res = await request(instance().app)
      .post('/api/jobs')
      .set('Cookie', session)
      .set('X-Forwarded-For', '203.0.113.78')
      .send(riskyPost({ posterEmail: email }))
      .expect(201);
    const held = (await pending()).find((item) => item.id === res.body.id);
    expect(held?.review.signals.map((raised) => raised.signal)).not.toContain('email_unverified');
  });

  it('when a signed-in account posts, then its address counts as verified', async () => {
    const email = 'lead@bilby-systems.example';
    const bearer = tokens.bearer({ ...tokens.newUser(), email });
    const res = await request(instance().app)
      .post('/api/jobs')
      .set('Authorization', bearer)
      .set('X-Forwarded-For', '203.0.113.77')
      .send(riskyPost({ company: 'Bilby Systems', url: 'https://bilby-systems.example/jobs/9' }))
      .expect(201);
    const held = (await pending()).find((item) => item.id === res.body.id);
    expect(held?.posterEmail).toBe(email);
    expect(held?.review.signals.map((raised) => raised.signal)).not.toContain('email_unverified');
  });
});
