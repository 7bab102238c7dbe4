import { ANALYTICS_SOURCES, type JobStats } from '@b2g/contracts';
import { dayOf, daysEndingAt } from './days.js';
import { emptyJobCounts, type Day, type JobCounts } from './model.js';
import type { CounterStore } from './ports.js';

type DayTotals = Omit<JobStats['daily'][number], 'date'>;

/**
 * A posting's statistics: every instance's shares of it, read with one lookup, summed per day.
 * Each instance counted only the visitors whose first visit of the day it recorded, so the sum
 * counts a visitor seen by two instances, or before and after a restart, once that day.
 */
export class JobStatsReader {
  constructor(
    private readonly store: CounterStore,
    private readonly clock: () => Date,
  ) {}

  async read(jobId: string, days: number): Promise<JobStats> {
    const window = daysEndingAt(dayOf(this.clock()), days);
    const first = window[0] as Day;
    const perDay = new Map<Day, JobCounts>(window.map((day) => [day, emptyJobCounts()]));
    for (const partial of await this.store.jobPartials(jobId)) {
      const counts = partial.day >= first ? perDay.get(partial.day) : undefined;
      if (!counts) continue;
      counts.views += partial.counts.views;
      counts.uniqueVisitors += partial.counts.uniqueVisitors;
      counts.impressions += partial.counts.impressions;
      counts.applyClicks += partial.counts.applyClicks;
      counts.bookmarks += partial.counts.bookmarks;
      for (const source of ANALYTICS_SOURCES)
        counts.bySource[source] += partial.counts.bySource[source] ?? 0;
    }
    const daily = window.map((date) => {
      const counts = perDay.get(date) as JobCounts;
      return {
        date,
        views: counts.views,
        uniqueVisitors: counts.uniqueVisitors,
        impressions: counts.impressions,
        applyClicks: counts.applyClicks,
        bookmarks: counts.bookmarks,
      };
    });
    const sum = (field: keyof DayTotals) => daily.reduce((total, day) => total + day[field], 0);
    const bySource = Object.fromEntries(
      ANALYTICS_SOURCES.map((source) => [source, 0]),
    ) as JobStats['bySource'];
    for (const counts of perDay.values())
      for (const source of ANALYTICS_SOURCES) bySource[source] += counts.bySource[source];
    return {
      jobId,
      days,
      views: sum('views'),
      uniqueVisitors: sum('uniqueVisitors'),
      impressions: sum('impressions'),
      applyClicks: sum('applyClicks'),
      bookmarks: sum('bookmarks'),
      daily,
      bySource,
    };
  }
}
