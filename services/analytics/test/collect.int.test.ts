import { startedForFile } from '@b2g/service-kit/testing';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ANALYTICS_SEARCH_MAX_LENGTH } from '@b2g/contracts';
import { adminStatsOf, BOT_UA, newJobId, send, startHarness, statsOf } from './helpers.js';

const harness = startedForFile(() => startHarness({ rateLimit: 5 }));
/** Each test sends from an address of its own, so the 5-a-minute limit is the rate test's alone. */
let nextAddress = 1;
const address = () => `198.51.100.${nextAddress++}`;

describe('POST /api/analytics/events', () => {
  it('when a browser reports each kind of event about a posting, then each is counted', async () => {
    const [instance] = harness.instances;
    const jobId = newJobId();
    await send(
      instance!,
      [
        { type: 'job_impression', jobIds: [jobId, newJobId()], source: 'search' },
        { type: 'job_view', jobId, source: 'search' },
        { type: 'job_view', jobId, source: 'alert' },
        { type: 'job_view', jobId },
        { type: 'apply_click', jobId },
        { type: 'bookmark', jobId },
        { type: 'alert_click', jobId },
        { type: 'feed_click', jobId },
        { type: 'page_view', path: '/jobs/:id' },
      ],
      { ip: address() },
    );

    const stats = await statsOf(harness, jobId);
    expect(stats).toMatchObject({
      jobId,
      days: 30,
      views: 3,
      uniqueVisitors: 1,
      impressions: 1,
      applyClicks: 1,
      bookmarks: 1,
      bySource: { search: 1, alert: 1, feed: 0, direct: 1, external: 0 },
    });
    expect(stats.daily).toHaveLength(30);
    expect(stats.daily.at(-1)).toEqual({
      date: harness.clock.day,
      views: 3,
      uniqueVisitors: 1,
      impressions: 1,
      applyClicks: 1,
      bookmarks: 1,
    });
  });

  it('when a browser reports searches, then each counts in the day and only those that found nothing keep their term, normalised', async () => {
    const before = await adminStatsOf(harness);
    await send(
      harness.instances[0]!,
      [
        { type: 'search', query: '  Collect  ZERO Term ', results: 0 },
        { type: 'search', query: 'collect zero term', results: 0, source: 'search' },
        { type: 'search', query: 'collect found term', results: 3 },
      ],
      { ip: address() },
    );

    const after = await adminStatsOf(harness);
    expect(after.daily[0]!.searches - before.daily[0]!.searches).toBe(3);
    expect(after.emptySearches).toContainEqual({ term: 'collect zero term', count: 2 });
    expect(after.emptySearches.map(({ term }) => term)).not.toContain('collect found term');
  });

  it('when a visitor opted out or is a bot, then its searches are not counted', async () => {
    const before = await adminStatsOf(harness);
    const search = [{ type: 'search', query: 'collect hidden term', results: 0 }] as const;
    await send(harness.instances[0]!, search, { ip: address(), headers: { DNT: '1' } });
    await send(harness.instances[0]!, search, { ip: address(), userAgent: BOT_UA });

    const after = await adminStatsOf(harness);
    expect(after.daily[0]!.searches).toBe(before.daily[0]!.searches);
    expect(after.emptySearches.map(({ term }) => term)).not.toContain('collect hidden term');
  });

  it('when navigator.sendBeacon sends the batch as text/plain, then it is counted as JSON', async () => {
    const jobId = newJobId();
    await request(harness.instances[0]!.app)
      .post('/api/analytics/events')
      .set({
        'Content-Type': 'text/plain;charset=UTF-8',
        'User-Agent': 'Mozilla/5.0 Firefox/133.0',
      })
      .set('X-Forwarded-For', address())
      .send(JSON.stringify({ events: [{ type: 'job_view', jobId }] }))
      .expect(202);

    expect((await statsOf(harness, jobId)).views).toBe(1);
  });

  it.each([
    ['an unknown type', [{ type: 'scroll' }]],
    ['an unknown field', [{ type: 'job_view', jobId: newJobId(), email: 'a@b.example' }]],
    ['a page address with a query', [{ type: 'page_view', path: '/jobs?token=abc' }]],
    ['a job id that is no uuid', [{ type: 'job_view', jobId: '42' }]],
    ['an unknown source', [{ type: 'job_view', jobId: newJobId(), source: 'tv' }]],
    ['more than 20 events', Array.from({ length: 20 }, () => ({ type: 'page_view', path: '/' }))],
    ['a blank search', [{ type: 'search', query: '   ', results: 0 }]],
    [
      'a search longer than the limit',
      [{ type: 'search', query: 'a'.repeat(ANALYTICS_SEARCH_MAX_LENGTH + 1), results: 0 }],
    ],
    ['a search with a control character', [{ type: 'search', query: 'java\u0007', results: 0 }]],
    ['a search without its count', [{ type: 'search', query: 'java' }]],
    ['a negative result count', [{ type: 'search', query: 'java', results: -1 }]],
  ])(
    'when a batch holds %s, then it is refused with 400 and nothing is counted',
    async (_, bad) => {
      const jobId = newJobId();
      await send(harness.instances[0]!, [{ type: 'job_view', jobId }, ...bad], {
        ip: address(),
        expected: 400,
      });

      expect((await statsOf(harness, jobId)).views).toBe(0);
    },
  );

  it('when a batch holds no events, then it is refused with 400', async () => {
    await send(harness.instances[0]!, [], { ip: address(), expected: 400 });
  });

  it('when the body is not JSON, then it is refused with 400', async () => {
    const response = await request(harness.instances[0]!.app)
      .post('/api/analytics/events')
      .set({ 'Content-Type': 'text/plain', 'X-Forwarded-For': address() })
      .send('{"events": [')
      .expect(400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
  });

  it('when the body is over 16 kB, then it is refused and nothing is counted', async () => {
    const jobId = newJobId();
    const padding = 'a'.repeat(17 * 1024);
    await request(harness.instances[0]!.app)
      .post('/api/analytics/events')
      .set({ 'Content-Type': 'text/plain', 'X-Forwarded-For': address() })
      .send(JSON.stringify({ events: [{ type: 'job_view', jobId }], padding }))
      .expect(413);
    expect((await statsOf(harness, jobId)).views).toBe(0);
  });

  it('when a bot reports events, then they are accepted and not counted', async () => {
    const jobId = newJobId();
    await send(harness.instances[0]!, [{ type: 'job_view', jobId }], {
      ip: address(),
      userAgent: BOT_UA,
    });
    await send(harness.instances[0]!, [{ type: 'job_view', jobId }], {
      ip: address(),
      userAgent: '',
    });

    expect((await statsOf(harness, jobId)).views).toBe(0);
  });

  it.each([
    ['Do Not Track', { DNT: '1' }],
    ['Global Privacy Control', { 'Sec-GPC': '1' }],
  ])(
    'when the browser sends %s, then its events are accepted and not counted',
    async (_, headers) => {
      const jobId = newJobId();
      await send(
        harness.instances[0]!,
        [
          { type: 'job_view', jobId },
          { type: 'apply_click', jobId },
        ],
        {
          ip: address(),
          headers,
        },
      );

      const stats = await statsOf(harness, jobId);
      expect([stats.views, stats.applyClicks, stats.uniqueVisitors]).toEqual([0, 0, 0]);
    },
  );

  it('when one client sends more batches than its limit, then the next is refused with 429 and not counted', async () => {
    const ip = address();
    const jobId = newJobId();
    for (let i = 0; i < 5; i += 1)
      await send(harness.instances[0]!, [{ type: 'job_view', jobId }], { ip });
    const refused = await send(harness.instances[0]!, [{ type: 'job_view', jobId }], {
      ip,
      expected: 429,
    });

    expect(refused.headers['retry-after']).toBeDefined();
    // Within a second each instance writes its counts and reads the others' (here at once):
    // another instance refuses the same client too.
    await harness.instances[0]!.flush();
    const other = await harness.addInstance();
    await other.flush();
    await send(other, [{ type: 'job_view', jobId }], { ip, expected: 429 });
    await send(other, [{ type: 'job_view', jobId }], { ip: address() });
    expect((await statsOf(harness, jobId)).views).toBe(6);
  });
});
