import { ALERT_DIGEST_HOUR_UTC, type AlertFrequency } from '@b2g/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The send period a search is in at `now` and when it began: the latest digest hour for daily
 * searches, the latest Monday's for weekly ones (instant ones are spaced by ALERT_INSTANT_BATCH_MS).
 */
export function periodOf(
  frequency: Exclude<AlertFrequency, 'instant'>,
  now: Date,
): { key: string; start: Date } {
  const digest = new Date(now);
  digest.setUTCHours(ALERT_DIGEST_HOUR_UTC, 0, 0, 0);
  if (digest > now) digest.setTime(digest.getTime() - DAY_MS);
  if (frequency === 'weekly') {
    const sinceMonday = (digest.getUTCDay() + 6) % 7;
    digest.setTime(digest.getTime() - sinceMonday * DAY_MS);
  }
  return { key: `${frequency}:${digest.toISOString().slice(0, 10)}`, start: digest };
}
