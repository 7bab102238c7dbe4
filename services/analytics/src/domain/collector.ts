import type { AnalyticsEvent } from '@b2g/contracts';
import { isbot } from 'isbot';
import { dayOf } from './days.js';
import type { Client } from './model.js';
import { countKey, sourceOf, type Tally } from './tally.js';
import type { Visitors } from './visitors.js';

/** What became of a batch: counted, or accepted and left out (and why). */
export type Outcome = 'counted' | 'opted-out' | 'bot';

/**
 * Counts the events a browser reports, in this instance's tally. A visitor who asks not to be
 * tracked (DNT, GPC) and a bot (a user agent on the `isbot` list) are answered like anyone else
 * and counted nowhere. Nothing about the client is kept but the day's visitor hash.
 */
export class Collector {
  constructor(
    private readonly tally: Tally,
    private readonly visitors: Visitors,
    private readonly clock: () => Date,
  ) {}

  async collect(events: readonly AnalyticsEvent[], client: Client): Promise<Outcome> {
    if (client.optedOut) return 'opted-out';
    if (!client.userAgent || isbot(client.userAgent)) return 'bot';
    const day = dayOf(this.clock());
    const views = events.some((event) => event.type === 'job_view');
    const visitor = views ? await this.visitors.hashOf(day, client.ip, client.userAgent) : '';
    for (const event of events) this.count(event, day, visitor);
    return 'counted';
  }

  private count(event: AnalyticsEvent, day: string, visitor: string) {
    const { tally } = this;
    switch (event.type) {
      case 'page_view':
        return tally.board(day, (board) => {
          board.pageViews += 1;
          countKey(board.routes, event.path);
        });
      case 'job_impression':
        for (const jobId of new Set(event.jobIds))
          tally.job(jobId, day, (counts) => (counts.impressions += 1));
        return;
      case 'job_view':
        tally.visit(event.jobId, day, visitor);
        return tally.job(event.jobId, day, (counts) => {
          counts.views += 1;
          counts.bySource[sourceOf(event.source)] += 1;
        });
      case 'apply_click':
        tally.board(day, (board) => countKey(board.applies, event.jobId));
        return tally.job(event.jobId, day, (counts) => (counts.applyClicks += 1));
      case 'bookmark':
        return tally.job(event.jobId, day, (counts) => (counts.bookmarks += 1));
      case 'alert_click':
        return tally.board(day, (board) => (board.alertClicks += 1));
      case 'feed_click':
        return tally.board(day, (board) => (board.feedClicks += 1));
      case 'search':
        return tally.board(day, (board) => {
          board.searches += 1;
          if (event.results === 0) countKey(board.emptySearches, event.query);
        });
    }
  }
}
