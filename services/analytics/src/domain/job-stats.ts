import { ANALYTICS_SOURCES, type JobStats } from '@b2g/contracts';
import { dayOf, daysEndingAt } from './days.js';
import { emptyJobCounts, type Day, type JobCounts } from './model.js';
import type { CounterStore } from './ports.js';

type DayTotals = Omit<JobStats['daily'][number], 'date'>;

interface DayAccumulator {
  counts: JobCounts;
  visitors: Set<string>;
}

/**
 * A posting's statistics: every instance's shares of it, read with one lookup, summed per day.
 * Unique visitors are the day's distinct visitor hashes across all instances (a visitor seen by
 * two instances, or before and after a restart, counts once that day).
 */
export class JobStatsReader {
  constructor(
    private readonly store: CounterStore,
    private readonly clock: () => Date,
  ) {}

  async read(jobId: string, days: number): Promise<JobStats> {
    const window = daysEndingAt(dayOf(this.clock()), days);
    const first = window[0] as Day;
    const perDay = new Map<Day, DayAccumulator>(
      window.map((day) => [day, { counts: emptyJobCounts(), visitors: new Set<string>() }]),
    );
    for (const partial of await this.store.jobPartials(jobId)) {
      const into = partial.day >= first ? perDay.get(partial.day) : undefined;
      if (!into) continue;
      const { counts } = into;
      counts.views += partial.counts.views;
      counts.impressions += partial.counts.impressions;
      counts.applyClicks += partial.counts.applyClicks;
      counts.bookmarks += partial.counts.bookmarks;
      for (const source of ANALYTICS_SOURCES)
        counts.bySource[source] += partial.counts.bySource[source] ?? 0;
      for (const visitor of partial.visitors) into.visitors.add(visitor);
    }
    const daily = window.map((date) => {
      const { counts, visitors } = perDay.get(date) as DayAccumulator;
      return {
        date,
        views: counts.views,
        uniqueVisitors: visitors.size,
        impressions: counts.impressions,
        applyClicks: counts.applyClicks,
        bookmarks: counts.bookmarks,
      };
    });
    const sum = (field: keyof DayTotals) => daily.reduce((total, day) => total + day[field], 0);
    const bySource = Object.fromEntries(
      ANALYTICS_SOURCES.map((source) => [source, 0]),
    ) as JobStats['bySource'];
    for (const { counts } of perDay.values())
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
