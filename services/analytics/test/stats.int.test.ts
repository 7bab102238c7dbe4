import { randomUUID } from 'node:crypto';
import { POST_OUTCOMES, type PostOutcome } from '@b2g/contracts';
import { sampleJob } from '@b2g/contracts/testing';
import { startedForFile } from '@b2g/service-kit/testing';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { JOB_STATS_PATH } from '../src/routes/stats.js';
import { adminStatsOf, eventually, newJobId, send, startHarness, statsOf } from './helpers.js';

const harness = startedForFile(() => startHarness());

describe('partial counters and unique visitors', () => {
  it('when two instances count one posting, then a read sums their counts and a visitor seen by both counts once', async () => {
    const [first] = harness.instances;
    const second = harness.instances[1] ?? (await harness.addInstance());
    const jobId = newJobId();
    const view = { type: 'job_view', jobId } as const;
    await send(first!, [view, view, { type: 'apply_click', jobId }], { ip: '192.0.2.1' });
    await send(second, [view], { ip: '192.0.2.1' });
    await send(second, [view, { type: 'apply_click', jobId }], { ip: '192.0.2.2' });

    const stats = await statsOf(harness, jobId);
    expect([stats.views, stats.uniqueVisitors, stats.applyClicks]).toEqual([4, 2, 2]);
    // Each instance wrote a document of its own.
    const docs = await harness.connection
      .collection('counters')
      .find({ key: `job:${jobId}` })
      .toArray();
    expect(new Set(docs.map((doc) => doc.instance)).size).toBe(2);
  });

  it('when the day changes, then a new salt is used, the old one is deleted and the visitor counts once on each day', async () => {
    const [first] = harness.instances;
    const jobId = newJobId();
    const view = [{ type: 'job_view', jobId }] as const;
    await send(first!, view, { ip: '192.0.2.9' });
    const firstDay = harness.clock.day;
    const salts = harness.connection.collection<{ _id: string }>('salts');
    expect(await salts.findOne({ _id: firstDay })).not.toBeNull();

    harness.clock.nextDay();
    await send(first!, view, { ip: '192.0.2.9' });
    await send(harness.instances[1] ?? (await harness.addInstance()), view, { ip: '192.0.2.9' });

    expect(await salts.findOne({ _id: firstDay })).toBeNull();
    const stats = await statsOf(harness, jobId);
    expect(stats.daily.slice(-2).map((day) => [day.date, day.views, day.uniqueVisitors])).toEqual([
      [firstDay, 1, 1],
      [harness.clock.day, 2, 1],
    ]);
    expect(stats.uniqueVisitors).toBe(2);
    // The visitor's visit of each day was recorded under that day's salt: another hash.
    const visits = harness.connection.collection<{ _id: string; day: string }>('visits');
    const hashOn = async (day: string) =>
      (await visits.find({ day }).toArray())
        .map((visit) => visit._id.split('|'))
        .filter(([, job]) => job === jobId)
        .map(([, , hash]) => hash);
    const [before, after] = [await hashOn(firstDay), await hashOn(harness.clock.day)];
    expect([before.length, after.length]).toEqual([1, 1]);
    expect(before[0]).not.toBe(after[0]);
  });

  it('when a day is two days past, then its visits are deleted and its counts stay', async () => {
    const jobId = newJobId();
    await send(harness.instances[0]!, [{ type: 'job_view', jobId }], { ip: '192.0.2.40' });
    const day = harness.clock.day;
    await statsOf(harness, jobId);
    const visits = harness.connection.collection<{ _id: string; day: string }>('visits');
    expect(await visits.countDocuments({ _id: { $regex: jobId } })).toBe(1);

    harness.clock.nextDay();
    harness.clock.nextDay();
    // An instance clears finished days when it starts, and hourly after that.
    await harness.addInstance();
    await eventually(
      () => visits.countDocuments({ _id: { $regex: jobId } }),
      (left) => left === 0,
      "the finished day's visits deleted",
    );
    const stats = await statsOf(harness, jobId);
    expect(stats.daily.find((entry) => entry.date === day)).toMatchObject({
      views: 1,
      uniqueVisitors: 1,
    });
  });

  it('when an instance stops, then it writes its counts first', async () => {
    const extra = await harness.addInstance();
    const jobId = newJobId();
    await send(extra, [{ type: 'job_view', jobId }], { ip: '192.0.2.30' });
    await extra.stop();
    harness.instances.splice(harness.instances.indexOf(extra), 1);

    expect((await statsOf(harness, jobId)).views).toBe(1);
  });
});

describe('GET posting statistics', () => {
  it('when 90 days are asked, then the daily list has 90 days ending today', async () => {
    const stats = await statsOf(harness, newJobId(), 90);
    expect(stats.days).toBe(90);
    expect(stats.daily).toHaveLength(90);
    expect(stats.daily.at(-1)?.date).toBe(harness.clock.day);
  });

  it('when the period or the id is bad, then 400', async () => {
    const app = harness.instances[0]!.app;
    await request(app)
      .get(JOB_STATS_PATH.replace(':id', newJobId()))
      .query({ days: '7' })
      .expect(400);
    await request(app).get(JOB_STATS_PATH.replace(':id', '42')).expect(400);
  });
});

describe('GET /api/admin/stats', () => {
  it('when the admin asks, then page views per route, the days and the jobs by apply clicks are summed over every instance', async () => {
    const [first] = harness.instances;
    const second = harness.instances[1] ?? (await harness.addInstance());
    const popular = newJobId();
    const other = newJobId();
    await send(first!, [
      { type: 'page_view', path: '/admin-stats-test/:id' },
      { type: 'apply_click', jobId: popular },
      { type: 'alert_click' },
    ]);
    await send(second, [
      { type: 'page_view', path: '/admin-stats-test/:id' },
      { type: 'apply_click', jobId: popular },
      { type: 'apply_click', jobId: other },
      { type: 'feed_click', jobId: other },
    ]);
    await Promise.all(harness.instances.map((instance) => instance.flush()));

    const today = harness.clock.day;
    const { body } = await request(first!.app)
      .get('/api/admin/stats')
      .query({ from: today, to: today })
      .set('Cookie', harness.tokens.adminCookie())
      .expect(200);
    expect(body.pageViews).toContainEqual({ path: '/admin-stats-test/:id', views: 2 });
    expect(body.topJobsByApplyClicks.slice(0, 2)).toEqual([
      { jobId: popular, applyClicks: 2 },
      { jobId: other, applyClicks: 1 },
    ]);
    expect(body.daily).toEqual([
      expect.objectContaining({ date: today, alertClicks: 1, feedClicks: 1 }),
    ]);
  });

  it('when no range is given, then the last 30 days are answered', async () => {
    const { body } = await request(harness.instances[0]!.app)
      .get('/api/admin/stats')
      .set('Cookie', harness.tokens.adminCookie())
      .expect(200);
    expect(body.daily).toHaveLength(30);
    expect(body.to).toBe(harness.clock.day);
  });

  it('when the caller is not the admin, or the range is bad, then 401 or 400', async () => {
    const app = harness.instances[0]!.app;
    await request(app).get('/api/admin/stats').expect(401);
    const admin = harness.tokens.adminCookie();
    await request(app)
      .get('/api/admin/stats')
      .query({ from: '2026-03-10', to: '2026-03-01' })
      .set('Cookie', admin)
      .expect(400);
    await request(app)
      .get('/api/admin/stats')
      .query({ from: '2024-01-01', to: '2026-03-01' })
      .set('Cookie', admin)
      .expect(400);
    await request(app)
      .get('/api/admin/stats')
      .query({ from: 'yesterday' })
      .set('Cookie', admin)
      .expect(400);
  });
});

describe("the admin's searches, alert e-mails and posts", () => {
  it('when two instances count searches, then the day sums them and the searches that found nothing rank by count', async () => {
    const [first] = harness.instances;
    const second = harness.instances[1] ?? (await harness.addInstance());
    const before = await adminStatsOf(harness);
    const search = (query: string, results: number) =>
      ({ type: 'search', query, results }) as const;
    await send(first!, [
      search('Stats Test Cobol', 0),
      search('stats test fortran', 0),
      search('java', 7),
    ]);
    await send(second, [search('  stats   test COBOL ', 0), search('stats test cobol', 0)]);

    const after = await adminStatsOf(harness);
    expect(after.daily[0]!.searches - before.daily[0]!.searches).toBe(5);
    const mine = after.emptySearches.filter((item) => item.term.startsWith('stats test '));
    expect(mine).toEqual([
      { term: 'stats test cobol', count: 3 },
      { term: 'stats test fortran', count: 1 },
    ]);
    expect(after.emptySearches.map((item) => item.term)).not.toContain('java');
  });

  it('when more than 20 searches found nothing, then the 20 most frequent are listed', async () => {
    const [first] = harness.instances;
    const terms = Array.from({ length: 22 }, (_, i) => `stats top ${String(i).padStart(2, '0')}`);
    // Term i is searched i + 1 times (in batches of at most 20 events).
    const events = terms.flatMap((query, i) =>
      Array.from({ length: i + 1 }, () => ({ type: 'search', query, results: 0 }) as const),
    );
    for (let at = 0; at < events.length; at += 20)
      await send(first!, events.slice(at, at + 20), { ip: '192.0.2.77' });

    const { emptySearches } = await adminStatsOf(harness);
    expect(emptySearches).toHaveLength(20);
    expect(emptySearches.slice(0, 3)).toEqual([
      { term: 'stats top 21', count: 22 },
      { term: 'stats top 20', count: 21 },
      { term: 'stats top 19', count: 20 },
    ]);
  });

  it('when jobs are created and alert e-mails sent, then posts per source and e-mails per day are counted, a redelivered event once', async () => {
    if (!harness.instances[1]) await harness.addInstance();
    const before = await adminStatsOf(harness);
    const handled = harness.consumed();
    const posted = await harness.publish('job.created', {
      job: sampleJob({ id: newJobId(), source: 'Stats Feed A' }),
    });
    await harness.publish('job.created', {
      job: sampleJob({ id: newJobId(), source: 'Stats Feed A' }),
    });
    await harness.publish('job.created', {
      job: sampleJob({ id: newJobId(), source: 'Stats Feed B' }),
    });
    const sent = await harness.publish(
      'alert.sent',
      { savedSearchId: randomUUID(), jobIds: [newJobId()], sentAt: new Date().toISOString() },
      'user-activity',
    );
    await harness.republish(posted);
    await harness.republish(sent);
    await eventually(
      async () => harness.consumed() - handled,
      (count) => count >= 6,
      'the six deliveries to be handled',
    );

    const after = await adminStatsOf(harness);
    const postsOf = (source: string) =>
      after.postsBySource.find((item) => item.source === source)?.posts;
    expect([postsOf('Stats Feed A'), postsOf('Stats Feed B')]).toEqual([2, 1]);
    expect(after.daily[0]!.alertEmailsSent - before.daily[0]!.alertEmailsSent).toBe(1);
    // A job created is no review outcome: those come from post.reviewed alone.
    expect(after.postsByOutcome).toEqual(before.postsByOutcome);
  });

  it('when public posts are reviewed, then postsByOutcome counts each outcome of the range, a redelivered event once', async () => {
    if (!harness.instances[1]) await harness.addInstance();
    const before = await adminStatsOf(harness);
    const handled = harness.consumed();
    const reviewed = (outcome: PostOutcome) =>
      harness.publish('post.reviewed', { jobId: newJobId(), outcome });
    const live = await reviewed('live');
    await reviewed('live');
    await reviewed('approved');
    const rejected = await reviewed('rejected');
    await reviewed('rejected');
    await reviewed('rejected');
    await harness.republish(live);
    await harness.republish(rejected);
    await eventually(
      async () => harness.consumed() - handled,
      (count) => count >= 8,
      'the eight deliveries to be handled',
    );

    const after = await adminStatsOf(harness);
    expect(POST_OUTCOMES.map((outcome) => after.postsByOutcome[outcome])).toEqual(
      POST_OUTCOMES.map(
        (outcome) =>
          before.postsByOutcome[outcome] + { live: 2, approved: 1, rejected: 3 }[outcome],
      ),
    );
    // A range without that day counts none of them.
    harness.clock.nextDay();
    const tomorrow = await adminStatsOf(harness);
    expect(tomorrow.postsByOutcome).toEqual({ live: 0, approved: 0, rejected: 0 });
  });
});

describe('the records of counted events', () => {
  it('when an instance starts, then records older than 7 days are deleted and newer ones kept', async () => {
    const records = harness.connection.collection<{ _id: string; processedAt: Date }>(
      'processed_events',
    );
    const now = harness.clock.now().getTime();
    const day = 24 * 60 * 60 * 1000;
    await records.insertMany([
      { _id: `old-${randomUUID()}`, processedAt: new Date(now - 8 * day) },
      { _id: `recent-${randomUUID()}`, processedAt: new Date(now - 6 * day) },
    ]);
    await harness.addInstance();
    const left = await eventually(
      () => records.find({ _id: { $regex: /^(old|recent)-/ } }).toArray(),
      (found) => found.length === 1,
      'the old record to be deleted',
    );
    expect(left[0]?._id).toMatch(/^recent-/);
  });
});
