import type { ActivityItem, IntegrationEvent } from '@b2g/contracts';
import { activityListResponseSchema } from '@b2g/contracts';
import type { UserPrincipal } from '@b2g/service-kit';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { apply, addBookmark, changeStatus, deleteAs, harnessForFile, waitFor } from './helpers.js';

const h = harnessForFile();

async function feedOf(bearer: string): Promise<ActivityItem[]> {
  const res = await request(h.app)
    .get('/api/user/activity')
    .set('Authorization', bearer)
    .expect(200);
  return activityListResponseSchema.parse(res.body);
}

const feedWith = (bearer: string, count: number) =>
  waitFor(
    async () => {
      const feed = await feedOf(bearer);
      return feed.length === count ? feed : undefined;
    },
    { what: `${count} activity items` },
  );

/** The events the service published about this user, as they came off the exchange. */
const eventsOf = (user: UserPrincipal) =>
  h.published.filter((event) => 'userId' in event.data && event.data.userId === user.id);

describe('activity feed', () => {
  it('when a user bookmarks, applies and changes a status, then the feed shows each, newest first, in the spec words', async () => {
    const user = h.tokens.newUser();
    const bearer = h.tokens.bearer(user);
    const saved = await h.createJob({ title: 'Federal Sales Director', company: 'Orbital Gov' });
    const applied = await h.createJob({ title: 'Channel Marketing Lead', company: 'Civic Cloud' });

    await addBookmark(h.app, bearer, saved.id);
    const application = await apply(h.app, bearer, {
      jobId: applied.id,
      applicationMethod: 'company_website',
    });
    await changeStatus(h.app, bearer, application.body.id, 'under_review');
    await changeStatus(h.app, bearer, application.body.id, 'interview_scheduled');

    const feed = await feedWith(bearer, 4);
    expect(
      feed.map(({ type, title, description, status }) => ({ type, title, description, status })),
    ).toEqual([
      {
        type: 'application',
        title: 'Status updated: Channel Marketing Lead',
        description: 'Status changed from Under Review to Interview Scheduled',
        status: 'interview_scheduled',
      },
      {
        type: 'application',
        title: 'Status updated: Channel Marketing Lead',
        description: 'Status changed from Applied to Under Review',
        status: 'under_review',
      },
      {
        type: 'application',
        title: 'Applied to Channel Marketing Lead',
        description: 'Applied via Company Website at Civic Cloud',
        status: 'applied',
      },
      {
        type: 'bookmark',
        title: 'Bookmarked Federal Sales Director',
        description: 'Orbital Gov',
        status: undefined,
      },
    ]);
    const ids = eventsOf(user).map((event) => event.id);
    expect(feed.every((item) => ids.includes(item.id))).toBe(true);
  });

  it('when the same event is delivered twice, then the feed has a single item for it', async () => {
    const user = h.tokens.newUser();
    const bearer = h.tokens.bearer(user);
    const job = await h.createJob();
    await addBookmark(h.app, bearer, job.id);
    await feedWith(bearer, 1);
    const added = await waitFor(
      () => eventsOf(user).find((event) => event.type === 'bookmark.added'),
      { what: 'bookmark.added' },
    );

    await h.others.publish(added);
    await h.others.publish(added);
    await h.settle();

    expect((await feedOf(bearer)).map((item) => item.id)).toEqual([added.id]);
  });

  it('when a bookmark or an application is deleted, then its items leave the feed', async () => {
    const bearer = h.tokens.bearer(h.tokens.newUser());
    const job = await h.createJob();
    await addBookmark(h.app, bearer, job.id);
    const application = await apply(h.app, bearer, { jobId: job.id, applicationMethod: 'email' });
    await changeStatus(h.app, bearer, application.body.id, 'rejected');
    await feedWith(bearer, 3);

    await deleteAs(h.app, bearer, `/api/user/bookmarks/${job.id}`, 204);
    await feedWith(bearer, 2);
    await deleteAs(h.app, bearer, `/api/user/applications/${application.body.id}`, 204);
    await h.settle();

    expect(await feedOf(bearer)).toEqual([]);
  });

  it('when every event is replayed (twice, after the projection was lost), then the same feed is rebuilt', async () => {
    const user = h.tokens.newUser();
    const bearer = h.tokens.bearer(user);
    const kept = await h.createJob({ title: 'Kept' });
    const dropped = await h.createJob({ title: 'Dropped' });
    await addBookmark(h.app, bearer, kept.id);
    await addBookmark(h.app, bearer, dropped.id);
    const application = await apply(h.app, bearer, { jobId: kept.id, applicationMethod: 'portal' });
    await changeStatus(h.app, bearer, application.body.id, 'offer_received');
    await deleteAs(h.app, bearer, `/api/user/bookmarks/${dropped.id}`, 204);
    await waitFor(() => eventsOf(user).length === 5, { what: 'the five events on the exchange' });
    await h.settle();
    const before = await feedOf(bearer);
    expect(before.map((item) => item.title)).toEqual([
      'Status updated: Kept',
      'Applied to Kept',
      'Bookmarked Kept',
    ]);

    await h.models.Activity.deleteMany({ userId: user.id });
    expect(await feedOf(bearer)).toEqual([]);
    const history: IntegrationEvent[] = eventsOf(user);
    for (const event of [...history, ...history]) await h.others.publish(event);
    await h.settle();

    expect(await feedOf(bearer)).toEqual(before);
  });
});

describe('user.deleted', () => {
  it("when auth deletes a user, then their bookmarks, applications and activities are gone, each bookmark states bookmark.removed, and others' data stays", async () => {
    const user = h.tokens.newUser();
    const bearer = h.tokens.bearer(user);
    const bystander = h.tokens.bearer(h.tokens.newUser());
    const jobs = [await h.createJob(), await h.createJob()];
    for (const job of jobs) {
      await addBookmark(h.app, bearer, job.id);
      await apply(h.app, bearer, { jobId: job.id, applicationMethod: 'email' });
    }
    await addBookmark(h.app, bystander, jobs[0]?.id);
    await feedWith(bearer, 4);
    await feedWith(bystander, 1);

    const deleted = await h.publish(
      'user.deleted',
      { userId: user.id, deletedAt: new Date().toISOString() },
      'auth',
    );
    await h.publish('user.deleted', { userId: user.id, deletedAt: deleted.data.deletedAt }, 'auth');
    await h.settle();

    for (const path of ['/api/user/bookmarks', '/api/user/applications', '/api/user/activity']) {
      expect(
        (await request(h.app).get(path).set('Authorization', bearer).expect(200)).body,
        path,
      ).toEqual([]);
    }
    const stats = await request(h.app)
      .get('/api/user/stats')
      .set('Authorization', bearer)
      .expect(200);
    expect(stats.body).toMatchObject({
      totalApplications: 0,
      totalBookmarks: 0,
      pendingFollowUps: 0,
    });
    const removed = await waitFor(
      () => {
        const events = eventsOf(user).filter((event) => event.type === 'bookmark.removed');
        return events.length === 2 ? events : undefined;
      },
      { what: 'bookmark.removed for each bookmark' },
    );
    expect(removed.map((event) => event.correlationId)).toEqual([
      deleted.correlationId,
      deleted.correlationId,
    ]);
    // Deleted documents are hidden at once and removed by the relay, each in its own time.
    await waitFor(
      async () =>
        (await h.models.Bookmark.collection.countDocuments({ userId: user.id })) === 0 &&
        (await h.models.Application.collection.countDocuments({ userId: user.id })) === 0,
      { what: 'the relay to remove the deleted bookmarks and applications' },
    );
    expect(await feedOf(bystander)).toHaveLength(1);
  });
});
