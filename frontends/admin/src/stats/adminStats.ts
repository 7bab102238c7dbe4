import { ADMIN_STATS_MAX_DAYS, type AdminStats } from '@b2g/contracts';
import { toCsv } from '@b2g/ui';

export const ADMIN_STATS_PATH = '/api/admin/stats';

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The range the page opens with: the last 30 days, today (UTC) included. */
export function defaultRange(now = Date.now()): { from: string; to: string } {
  return { from: dayOf(now - 29 * DAY_MS), to: dayOf(now) };
}

/** Why a chosen range cannot be read, or null when it can. */
export function rangeProblem(from: string, to: string): string | null {
  if (!from || !to) return 'Choose both days.';
  if (from > to) return 'The first day must not be after the last.';
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (days > ADMIN_STATS_MAX_DAYS) return `Choose at most ${ADMIN_STATS_MAX_DAYS} days.`;
  return null;
}

/** The totals of the range, from the daily figures. */
export function totalsOf(stats: AdminStats) {
  const sum = (
    figure: 'pageViews' | 'searches' | 'alertEmailsSent' | 'alertClicks' | 'feedClicks',
  ) => stats.daily.reduce((total, day) => total + day[figure], 0);
  return {
    pageViews: sum('pageViews'),
    searches: sum('searches'),
    alertEmailsSent: sum('alertEmailsSent'),
    alertClicks: sum('alertClicks'),
    feedClicks: sum('feedClicks'),
  };
}

/** The daily figures as CSV, made in the browser from the page's data. */
export function dailyCsv(stats: AdminStats): string {
  return toCsv([
    ['date', 'page_views', 'searches', 'alert_emails_sent', 'alert_clicks', 'feed_clicks'],
    ...dailyRows(stats),
  ]);
}

/** One row per day: the date, page views, searches, alert e-mails sent and clicked, feed clicks. */
export const dailyRows = (stats: AdminStats) =>
  stats.daily.map(
    (day) =>
      [
        day.date,
        day.pageViews,
        day.searches,
        day.alertEmailsSent,
        day.alertClicks,
        day.feedClicks,
      ] as const,
  );
