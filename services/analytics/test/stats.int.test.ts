import { startedForFile } from '@b2g/service-kit/testing';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { JOB_STATS_PATH } from '../src/routes/stats.js';
import { newJobId, send, startHarness, statsOf } from './helpers.js';

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
    // The first instance saw the visitor on both days: under each day's salt, another hash.
    const mine = await harness.connection
      .collection<{ instance: string; days: Record<string, { visitors: string }> }>('counters')
      .find({ key: `job:${jobId}` })
      .toArray();
    const both = mine.find((doc) => Object.keys(doc.days).length === 2);
    expect(both?.days[firstDay]?.visitors).toHaveLength(12);
    expect(both?.days[firstDay]?.visitors).not.toBe(both?.days[harness.clock.day]?.visitors);
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
