import { ALERT_DIGEST_HOUR_UTC, type AlertFrequency } from '@b2g/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The send period a search is in at `now` and when it began: each minute for instant alerts
 * (matches are batched over it), the latest digest hour for daily ones, the latest Monday's for
 * weekly ones.
 */
export function periodOf(frequency: AlertFrequency, now: Date): { key: string; start: Date } {
  if (frequency === 'instant')
    return { key: `instant:${now.toISOString().slice(0, 16)}`, start: now };
  const digest = new Date(now);
  digest.setUTCHours(ALERT_DIGEST_HOUR_UTC, 0, 0, 0);
  if (digest > now) digest.setTime(digest.getTime() - DAY_MS);
  if (frequency === 'weekly') {
    const sinceMonday = (digest.getUTCDay() + 6) % 7;
    digest.setTime(digest.getTime() - sinceMonday * DAY_MS);
  }
  return { key: `${frequency}:${digest.toISOString().slice(0, 10)}`, start: digest };
}
