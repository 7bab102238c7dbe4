import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_SEARCH_MAX_LENGTH,
  adminStatsSchema,
  analyticsEventSchema,
  searchTermOf,
} from './analytics.js';

describe('the search event', () => {
  it('when the query has case and extra spaces, then it is counted as one normalised term', () => {
    const event = analyticsEventSchema.parse({
      type: 'search',
      query: '  Cleared   JAVA\u00a0Developer ',
      results: 0,
    });
    expect(event).toEqual({ type: 'search', query: 'cleared java developer', results: 0 });
    expect(searchTermOf('  Cleared   JAVA ')).toBe('cleared java');
  });

  it('when the query is blank, too long or holds control characters, then it is refused', () => {
    const parse = (query: string, results = 0) =>
      analyticsEventSchema.safeParse({ type: 'search', query, results }).success;
    expect(parse('   ')).toBe(false);
    expect(parse('a'.repeat(ANALYTICS_SEARCH_MAX_LENGTH + 1))).toBe(false);
    expect(parse(`a ${'b'.repeat(ANALYTICS_SEARCH_MAX_LENGTH - 2)}`)).toBe(true);
    expect(parse('java\u0000')).toBe(false);
    expect(parse('java', -1)).toBe(false);
    expect(parse('java', 1.5)).toBe(false);
  });

  it('when the term is longer than the limit, then searchTermOf cuts it to the limit', () => {
    expect(searchTermOf('x'.repeat(ANALYTICS_SEARCH_MAX_LENGTH + 50))).toHaveLength(
      ANALYTICS_SEARCH_MAX_LENGTH,
    );
  });
});

describe('the admin statistics', () => {
  const stats = {
    from: '2026-01-01',
    to: '2026-01-01',
    pageViews: [{ path: '/jobs', views: 3 }],
    daily: [
      {
        date: '2026-01-01',
        pageViews: 3,
        searches: 2,
        alertEmailsSent: 1,
        alertClicks: 1,
        feedClicks: 0,
      },
    ],
    emptySearches: [{ term: 'cobol', count: 2 }],
    topJobsByApplyClicks: [],
    postsBySource: [{ source: 'Direct Post', posts: 4 }],
    postsByOutcome: { live: 2, approved: 1, rejected: 1 },
  };

  it('when every review outcome is counted, then they parse; one missing, null or negative is refused', () => {
    expect(adminStatsSchema.parse(stats)).toEqual(stats);
    const parses = (postsByOutcome: unknown) =>
      adminStatsSchema.safeParse({ ...stats, postsByOutcome }).success;
    expect(parses({ live: 2, approved: 1 })).toBe(false);
    expect(parses(null)).toBe(false);
    expect(parses({ live: 2, approved: 1, rejected: -1 })).toBe(false);
    expect(parses({ live: 2, approved: 1, rejected: 1, pending: 3 })).toBe(false);
  });
});
