import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jobStatsSchema } from '@b2g/contracts';
import { startedForFile } from '@b2g/service-kit/testing';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { send, startHarness, type Harness } from '../../analytics/test/helpers.js';
import { STATS_UNAVAILABLE_MESSAGE } from '../src/domain/posting-stats.js';
import { SUMMARY_MESSAGES } from '../src/domain/weekly-summary.js';
import type { EmployerStatsSettings } from '../src/employer-stats.js';
import { employerInstanceForFile } from './employer-world.js';
import { eventually, startInstance } from './support.js';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const summaryClock = { at: Date.now() };
/** Filled in once the analytics instance listens (before the jobs instance starts). */
const stats: EmployerStatsSettings = { now: () => new Date(summaryClock.at) };

/** A real analytics instance on a loopback port: what ANALYTICS_URL points to. */
const analytics = startedForFile(async () => {
  const harness: Harness = await startHarness();
  const server: Server = harness.instances[0]!.app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  stats.analyticsUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    harness,
    server,
    async close() {
      server.closeAllConnections();
      server.close();
      await harness.close();
    },
  };
});

const { world, instance, sessionOf, postAs, newAddress, mailsTo, mailer } = employerInstanceForFile(
  { stats },
);

/** The browser events of one visitor for a posting, written by analytics at once. */
async function visit(jobId: string, events: Array<'job_view' | 'apply_click' | 'bookmark'>) {
  const [first] = analytics.harness.instances;
  await send(
    first!,
    events.map((type) => ({ type, jobId })),
    { ip: '198.51.100.23' },
  );
  await first!.flush();
}

const summariesTo = async (email: string) =>
  (await mailsTo(email)).filter((mail) => mail.includes('Subject: Your postings this week'));

describe('GET /api/employer/jobs/:id/stats', () => {
  it("when the employer asks for their posting's statistics, then the analytics service's counts come back; another's posting is a 404, no session a 401", async () => {
    const email = newAddress().toLowerCase();
    const job = await postAs(email);
    const other = await postAs(newAddress().toLowerCase());
    await visit(job.id, ['job_view', 'job_view', 'apply_click', 'bookmark']);
    const session = await sessionOf(email);

    const res = await request(instance().app)
      .get(`/api/employer/jobs/${job.id}/stats`)
      .query({ days: '90' })
      .set('Cookie', session)
      .expect(200);
    const body = jobStatsSchema.parse(res.body);
    expect(body).toMatchObject({
      jobId: job.id,
      days: 90,
      views: 2,
      uniqueVisitors: 1,
      applyClicks: 1,
      bookmarks: 1,
    });
    expect(body.daily).toHaveLength(90);
    expect(body.bySource.direct).toBe(2);

    const month = await request(instance().app)
      .get(`/api/employer/jobs/${job.id}/stats`)
      .set('Cookie', session)
      .expect(200);
    expect((month.body as { daily: unknown[] }).daily).toHaveLength(30);

    await request(instance().app)
      .get(`/api/employer/jobs/${other.id}/stats`)
      .set('Cookie', session)
      .expect(404);
    await request(instance().app).get(`/api/employer/jobs/${job.id}/stats`).expect(401);
    await request(instance().app)
      .get(`/api/employer/jobs/${job.id}/stats`)
      .query({ days: '7' })
      .set('Cookie', session)
      .expect(400);
  });
});

describe('the weekly summary', () => {
  it('when two instances sweep the same week, then each employer with a live posting gets one e-mail with its last seven days', async () => {
    const email = newAddress().toLowerCase();
    const job = await postAs(email, { title: 'Capture Manager Wallaby' });
    await visit(job.id, ['job_view', 'job_view', 'job_view', 'apply_click']);
    const second = await startInstance(world, { stats }, { mailer: mailer() });
    try {
      const runs = await Promise.all([
        instance().weeklySummary.sweepOnce(),
        second.weeklySummary.sweepOnce(),
      ]);
      expect(runs.map((run) => run.failed)).toEqual([0, 0]);
      await instance().weeklySummary.sweepOnce();
    } finally {
      await second.close();
    }

    const summaries = await summariesTo(email);
    expect(summaries).toHaveLength(1);
    expect(summaries[0]).toContain(
      `Capture Manager Wallaby at ${job.company}: 3 views, 1 apply click, 0 bookmarks.`,
    );
    expect(summaries[0]).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  });

  it('when the employer opts out by the link, then no summary comes the next week; others still get theirs', async () => {
    const leaving = newAddress().toLowerCase();
    const staying = newAddress().toLowerCase();
    await postAs(leaving);
    await postAs(staying);
    summaryClock.at += WEEK_MS;
    await instance().weeklySummary.sweepOnce();
    const [mail] = await summariesTo(leaving);
    const path = /https:\/\/board\.example(\/api\/employer\/summary-opt-out\?token=[\w%-]+)/.exec(
      mail ?? '',
    )?.[1];
    if (!path) throw new Error('no opt-out link in the summary');

    const page = await request(instance().app).get(path).expect(200);
    expect(page.text).toContain('Stop the weekly summary');
    const done = await request(instance().app)
      .post(path)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect(done.body).toEqual({ message: SUMMARY_MESSAGES.optedOut });
    await request(instance().app)
      .post('/api/employer/summary-opt-out?token=not-a-token')
      .expect(400);

    summaryClock.at += WEEK_MS;
    await instance().weeklySummary.sweepOnce();
    expect(await summariesTo(leaving)).toHaveLength(1);
    await eventually(async () => expect(await summariesTo(staying)).toHaveLength(2));
  });
});

describe('the weekly summary of postings made before it existed', () => {
  it('when a poster was never enrolled, then the first sweep enrols them once and they get the summary', async () => {
    const email = newAddress().toLowerCase();
    await postAs(email);
    const db = instance().connection.db!;
    // As before enrolment existed: the address is not enrolled and no sweep has looked back.
    await db.collection('summary_addresses').deleteOne({ _id: email as never });
    await db.collection('summary_sweeps').deleteOne({ _id: 'existing-enrolled' as never });
    summaryClock.at += WEEK_MS;

    await instance().weeklySummary.sweepOnce();
    expect(await summariesTo(email)).toHaveLength(1);
    expect(await db.collection('summary_addresses').countDocuments({ _id: email as never })).toBe(
      1,
    );
  });
});

describe('analytics down', () => {
  it('when the analytics service does not answer, then the statistics answer 503 and the postings still list', async () => {
    const email = newAddress().toLowerCase();
    const job = await postAs(email);
    const session = await sessionOf(email);
    analytics.server.closeAllConnections();
    await new Promise((resolve) => analytics.server.close(resolve));

    const res = await request(instance().app)
      .get(`/api/employer/jobs/${job.id}/stats`)
      .set('Cookie', session)
      .expect(503);
    expect((res.body as { error: { message: string } }).error.message).toBe(
      STATS_UNAVAILABLE_MESSAGE,
    );
    await request(instance().app).get('/api/employer/jobs').set('Cookie', session).expect(200);
  });
});
