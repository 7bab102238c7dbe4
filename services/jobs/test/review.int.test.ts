import {
  companySlug,
  ERROR_MESSAGES,
  REVIEW_MESSAGES,
  reviewListResponseSchema,
  type Job,
} from '@b2g/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUMMARY_ADDRESSES_COLLECTION } from '../src/data/summary-store.js';
import { employerInstanceForFile } from './employer-world.js';
import { asAdmin, ownPost, posted, postFrom, riskyPost } from './review-support.js';
import { eventually, listen, listJobs, type Listener } from './support.js';

const { world, instance, mailsTo } = employerInstanceForFile({ review: { policy: 'risky' } });

let events: Listener;
beforeAll(async () => {
  events = await listen(world, ['job.created', 'post.reviewed']);
});
afterAll(async () => {
  await events.close();
});

const admin = () => asAdmin(instance());
const pendingList = async () => {
  const res = await admin().get('/api/admin/jobs?status=pending').expect(200);
  return { items: reviewListResponseSchema.parse(res.body), total: res.headers['x-total-count'] };
};
const searchedIds = async (search: string) =>
  ((await listJobs(instance(), world, { search })).body as Job[]).map((job) => job.id);
const pageOf = (id: string) => request(instance().app).get(`/api/jobs/${id}/page`);
const createdIds = () => events.ofType('job.created').map((event) => event.data.job.id);
/** The review outcomes stated of a post, in the order they were seen. */
const outcomesOf = (id: string) =>
  events
    .ofType('post.reviewed')
    .filter((event) => event.data.jobId === id)
    .map((event) => event.data.outcome);

describe('a risky public post under POSTING_REVIEW=risky', () => {
  it('when an ordinary post arrives, then it is live at once, the answer says so and post.reviewed states it live', async () => {
    const job = await posted(instance(), ownPost(), 'live');
    await request(instance().app).get(`/api/jobs/${job.id}`).expect(200);
    await eventually(() => expect(outcomesOf(job.id)).toEqual(['live']), 10_000);
  });

  it('when a risky post arrives, then it waits (201 pending) and is in no public place, and its poster is told', async () => {
    const email = 'recruiter@held-corp.example';
    const body = riskyPost({ posterEmail: email, company: 'Held Corp Federal' });
    const held = await posted(instance(), body, 'pending');
    expect(held).toMatchObject({ title: body.title, company: 'Held Corp Federal' });

    // A live post after it: once its job.created is seen, the held one would have been seen too.
    const later = await posted(instance(), ownPost(), 'live');
    await eventually(() => expect(createdIds()).toContain(later.id), 10_000);
    await eventually(() => expect(outcomesOf(later.id)).toEqual(['live']), 10_000);
    expect(createdIds()).not.toContain(held.id);
    expect(outcomesOf(held.id)).toEqual([]);

    await request(instance().app).get(`/api/jobs/${held.id}`).expect(404);
    await pageOf(held.id).expect(404);
    expect(await searchedIds(body.title as string)).not.toContain(held.id);
    const listed = await request(instance().app).get('/api/jobs').expect(200);
    expect((listed.body as Job[]).map((job) => job.id)).not.toContain(held.id);
    for (const feed of ['/api/jobs/feed.rss', '/api/jobs/feed.json']) {
      const res = await request(instance().app).get(feed).expect(200);
      expect(res.text).not.toContain(held.id);
    }
    const sitemap = await request(instance().app)
      .get(`/sitemaps/jobs-${held.id[0]}.xml`)
      .expect(200);
    expect(sitemap.text).not.toContain(held.id);
    const featured = await request(instance().app).get('/api/jobs/featured').expect(200);
    expect(JSON.stringify(featured.body)).not.toContain(held.id);
    const company = await request(instance().app).get(
      `/api/companies/${companySlug('Held Corp Federal')}`,
    );
    expect(JSON.stringify(company.body)).not.toContain(held.id);

    const mails = await eventually(async () => {
      const found = await mailsTo(email);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(mails[0]).toContain('once it has been reviewed, usually within a day');
    expect(mails[0]).toMatch(/Content-Type: text\/html/);
  });

  it('when the admin lists pending posts, then each has its score and signals with evidence, newest first; without the cookie 401', async () => {
    const first = await posted(instance(), riskyPost(), 'pending');
    const second = await posted(instance(), riskyPost({ isAgencyRole: true }), 'pending');
    const { items, total } = await pendingList();
    expect(items.slice(0, 2).map((item) => item.id)).toEqual([second.id, first.id]);
    expect(Number(total)).toBeGreaterThanOrEqual(2);
    const [newest] = items;
    expect(newest?.review.status).toBe('pending');
    expect(newest?.review.editOf).toBeNull();
    expect(newest?.review.score).toBeGreaterThanOrEqual(10);
    expect(newest?.review.signals.map((raised) => raised.signal)).toEqual(
      expect.arrayContaining(['honeypot', 'agency_role']),
    );
    for (const raised of newest?.review.signals ?? []) expect(raised.evidence).not.toBe('');

    await request(instance().app).get('/api/admin/jobs?status=pending').expect(401);
    await request(instance().app).post(`/api/admin/jobs/${first.id}/approve`).expect(401);
    await request(instance().app).get('/api/admin/bans').expect(401);
  });

  it('when the admin approves a post, then it goes live under its id (search, page, job.created, post.reviewed approved once) and the poster gets the link', async () => {
    const email = 'lead@approved-corp.example';
    const body = riskyPost({ posterEmail: email });
    const held = await posted(instance(), body, 'pending');

    const res = await admin().post(`/api/admin/jobs/${held.id}/approve`).expect(200);
    expect(res.body).toMatchObject({ id: held.id, review: { status: 'approved' } });

    await request(instance().app).get(`/api/jobs/${held.id}`).expect(200);
    expect((await pageOf(held.id).expect(200)).body).toMatchObject({ status: 'active' });
    expect(await searchedIds(body.title as string)).toContain(held.id);
    await eventually(() => expect(createdIds()).toContain(held.id), 10_000);
    await eventually(() => expect(outcomesOf(held.id)).toEqual(['approved']), 10_000);
    expect((await pendingList()).items.map((item) => item.id)).not.toContain(held.id);

    const mails = await eventually(async () => {
      const found = await mailsTo(email);
      expect(found).toHaveLength(2);
      return found;
    });
    expect(mails[1]).toContain('reviewed and is live');
    expect(mails[1]).toContain(`https://board.example/jobs/${held.id}`);
    // Live now, its poster gets the weekly summary like any live posting's.
    const enrolled = await instance()
      .connection.collection<{ _id: string }>(SUMMARY_ADDRESSES_COLLECTION)
      .findOne({ _id: email });
    expect(enrolled).not.toBeNull();

    const again = await admin().post(`/api/admin/jobs/${held.id}/approve`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(REVIEW_MESSAGES.notPending);
    // A later post's outcome seen: a second outcome of the approved one would have come before.
    const later = await posted(instance(), ownPost(), 'live');
    await eventually(() => expect(outcomesOf(later.id)).toEqual(['live']), 10_000);
    expect(outcomesOf(held.id)).toEqual(['approved']);
  });

  it('when the admin rejects a post with a reason, then it stays off the board, its page is gone (410), post.reviewed says rejected and the poster gets the reason', async () => {
    const email = 'lead@rejected-corp.example';
    const held = await posted(instance(), riskyPost({ posterEmail: email }), 'pending');

    const noReason = await admin().post(`/api/admin/jobs/${held.id}/reject`, { reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(JSON.stringify(noReason.body)).toContain(REVIEW_MESSAGES.reasonRequired);
    expect((await pendingList()).items.map((item) => item.id)).toContain(held.id);

    const res = await admin()
      .post(`/api/admin/jobs/${held.id}/reject`, {
        reason: 'The apply link leads to a form asking for a fee.',
      })
      .expect(200);
    expect(res.body).toMatchObject({ review: { status: 'rejected' } });

    expect((await pageOf(held.id).expect(200)).body).toMatchObject({ status: 'gone' });
    await request(instance().app).get(`/api/jobs/${held.id}`).expect(404);
    await admin().post(`/api/admin/jobs/${held.id}/approve`).expect(409);
    await eventually(() => expect(outcomesOf(held.id)).toEqual(['rejected']), 10_000);

    const mails = await eventually(async () => {
      const found = await mailsTo(email);
      expect(found).toHaveLength(2);
      return found;
    });
    expect(mails[1]).toContain('reviewed and not accepted');
    expect(mails[1]).toContain('The apply link leads to a form asking for a fee.');
  });

  it('when a call names an unknown or malformed post, then 404 or 400 and nothing changes', async () => {
    const before = (await pendingList()).total;
    const unknown = await admin().post(
      '/api/admin/jobs/1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed/approve',
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(ERROR_MESSAGES.jobNotFound);
    await admin().post('/api/admin/jobs/not-a-uuid/reject', { reason: 'spam' }).expect(400);
    await admin().get('/api/admin/jobs?status=waiting').expect(400);
    expect((await pendingList()).total).toBe(before);
  });
});

describe('bans', () => {
  it('when an e-mail domain is banned, then its pending and live posts are rejected, its new posts refused with 403 until the ban is lifted', async () => {
    const domain = 'spam-mail.example';
    const pending = await posted(instance(), riskyPost({ posterEmail: `a@${domain}` }), 'pending');
    const live = await posted(
      instance(),
      ownPost({
        posterEmail: `b@${domain}`,
        company: 'Spam Mail',
        url: `https://${domain}/jobs/1`,
      }),
      'live',
    );

    const bad = await admin().post('/api/admin/bans', {
      kind: 'email_domain',
      value: 'not a domain',
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(REVIEW_MESSAGES.banValueInvalid);

    const added = await admin()
      .post('/api/admin/bans', { kind: 'email_domain', value: 'Spam-Mail.example' })
      .expect(201);
    expect(added.body).toMatchObject({ kind: 'email_domain', value: domain, rejectedPosts: 2 });

    expect((await pageOf(pending.id).expect(200)).body).toMatchObject({ status: 'gone' });
    expect((await pageOf(live.id).expect(200)).body).toMatchObject({ status: 'gone' });
    expect(await searchedIds(live.title)).not.toContain(live.id);
    // The held post is rejected by the ban; the live one went live and is closed, not reviewed.
    await eventually(() => expect(outcomesOf(pending.id)).toEqual(['rejected']), 10_000);
    expect(outcomesOf(live.id)).toEqual(['live']);
    expect((await pendingList()).items.map((item) => item.id)).not.toContain(pending.id);

    const before = (await pendingList()).total;
    const refused = await postFrom(instance(), ownPost({ posterEmail: `c@jobs.${domain}` }));
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(REVIEW_MESSAGES.banned);
    expect((await pendingList()).total).toBe(before);

    // No sign-in link for a banned domain's address (the answer stays the same): asked before
    // one for an address with a held post, it would be written before that one.
    const link = (email: string) =>
      request(instance().app).post('/api/employer/sign-in-link').send({ email }).expect(202);
    const mailsBefore = (await mailsTo(`b@${domain}`)).length;
    await link(`b@${domain}`);
    await link('recruiter@held-corp.example');
    await eventually(async () =>
      expect((await mailsTo('recruiter@held-corp.example')).at(-1)).toContain(
        '/employer/sign-in#token=',
      ),
    );
    expect(await mailsTo(`b@${domain}`)).toHaveLength(mailsBefore);

    const listed = await admin().get('/api/admin/bans').expect(200);
    expect(listed.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: added.body.id })]),
    );
    await admin()
      .delete(`/api/admin/bans/${encodeURIComponent(added.body.id as string)}`)
      .expect(204);
    await admin()
      .delete(`/api/admin/bans/${encodeURIComponent(added.body.id as string)}`)
      .expect(404);
    await posted(
      instance(),
      ownPost({
        posterEmail: `d@${domain}`,
        company: 'Spam Mail',
        url: `https://${domain}/jobs/2`,
      }),
      'live',
    );
  });

  it('when an apply host is banned, then its pending and live posts are rejected and a new post there is refused', async () => {
    const host = 'apply-spam.example';
    const pending = await posted(instance(), riskyPost({ url: `https://${host}/a` }), 'pending');
    const live = await posted(instance(), ownPost({ url: `https://${host}/b` }), 'live');

    const added = await admin()
      .post('/api/admin/bans', { kind: 'apply_host', value: host })
      .expect(201);
    expect(added.body.rejectedPosts).toBe(2);
    expect((await pageOf(pending.id).expect(200)).body).toMatchObject({ status: 'gone' });
    expect((await pageOf(live.id).expect(200)).body).toMatchObject({ status: 'gone' });

    const refused = await postFrom(instance(), ownPost({ url: `https://${host}/c` }));
    expect(refused.status).toBe(403);
  });
});
