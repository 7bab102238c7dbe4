import {
  ADMIN_STATS_MAX_DAYS,
  ADMIN_STATS_TOP_EMPTY_SEARCHES,
  ADMIN_STATS_TOP_JOBS,
  POST_OUTCOMES,
  type AdminStats,
} from '@b2g/contracts';
import { badRequest } from '@b2g/service-kit';
import { dayOf, daysBetween, daysEndingAt } from './days.js';
import type { BoardCounts, Day } from './model.js';
import type { CounterStore } from './ports.js';
import { OTHER } from './tally.js';

/** The per-day figures of the admin's statistics, each the sum of every instance's count. */
const DAY_FIELDS = [
  'pageViews',
  'searches',
  'alertEmailsSent',
  'alertClicks',
  'feedClicks',
] as const satisfies ReadonlyArray<keyof BoardCounts & keyof AdminStats['daily'][number]>;
const ZERO_DAY = Object.fromEntries(DAY_FIELDS.map((field) => [field, 0])) as Record<
  (typeof DAY_FIELDS)[number],
  number
>;

/** Days read at once: the lookups of a long range go in rounds, not all together. */
const READ_CONCURRENCY = 16;
const DEFAULT_DAYS = 30;

/** Adds every count of `from` into `into`. */
function addAll(into: Map<string, number>, from: Record<string, number>) {
  for (const [key, count] of Object.entries(from)) into.set(key, (into.get(key) ?? 0) + count);
}

/** Largest first, then by key: a stable order for equal counts. */
const ranked = (counts: Map<string, number>) =>
  [...counts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));

/** The board's own numbers over a range of days: one lookup per day of every instance's shares. */
export class AdminStatsReader {
  constructor(
    private readonly store: CounterStore,
    private readonly clock: () => Date,
  ) {}

  async read(range: { from?: string | undefined; to?: string | undefined }): Promise<AdminStats> {
    const to = range.to ?? dayOf(this.clock());
    const from = range.from ?? (daysEndingAt(to, DEFAULT_DAYS)[0] as Day);
    const count = daysBetween(from, to);
    if (count === 0) throw badRequest('from must not be after to');
    if (count > ADMIN_STATS_MAX_DAYS)
      throw badRequest(`The range may span at most ${ADMIN_STATS_MAX_DAYS} days`);
    const days = daysEndingAt(to, count);
    const routes = new Map<string, number>();
    const applies = new Map<string, number>();
    const emptySearches = new Map<string, number>();
    const posts = new Map<string, number>();
    const outcomes = Object.fromEntries(
      POST_OUTCOMES.map((outcome) => [outcome, 0]),
    ) as AdminStats['postsByOutcome'];
    const daily: AdminStats['daily'] = [];
    for (let i = 0; i < days.length; i += READ_CONCURRENCY) {
      const round = days.slice(i, i + READ_CONCURRENCY);
      const partials = await Promise.all(round.map((day) => this.store.boardPartials(day)));
      round.forEach((date, j) => {
        const totals = { date, ...ZERO_DAY };
        for (const { counts } of partials[j] ?? []) {
          for (const field of DAY_FIELDS) totals[field] += counts[field];
          addAll(routes, counts.routes);
          addAll(applies, counts.applies);
          addAll(emptySearches, counts.emptySearches);
          addAll(posts, counts.posts);
          for (const outcome of POST_OUTCOMES) outcomes[outcome] += counts.outcomes[outcome] ?? 0;
        }
        daily.push(totals);
      });
    }
    applies.delete(OTHER);
    emptySearches.delete(OTHER);
    return {
      from,
      to,
      pageViews: ranked(routes).map(([path, views]) => ({ path, views })),
      daily,
      emptySearches: ranked(emptySearches)
        .slice(0, ADMIN_STATS_TOP_EMPTY_SEARCHES)
        .map(([term, count]) => ({ term, count })),
      topJobsByApplyClicks: ranked(applies)
        .slice(0, ADMIN_STATS_TOP_JOBS)
        .map(([jobId, applyClicks]) => ({ jobId, applyClicks })),
      postsBySource: ranked(posts).map(([source, count]) => ({ source, posts: count })),
      postsByOutcome: outcomes,
    };
  }
}
