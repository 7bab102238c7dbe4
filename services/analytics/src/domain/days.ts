import type { Day } from './model.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of a moment. */
export const dayOf = (at: Date): Day => at.toISOString().slice(0, 10);

/** The `count` days up to and including `last`, oldest first. */
export function daysEndingAt(last: Day, count: number): Day[] {
  const end = Date.parse(`${last}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => dayOf(new Date(end - (count - 1 - i) * DAY_MS)));
}

/** How many days from `from` to `to`, both included (0 when `to` is before `from`). */
export function daysBetween(from: Day, to: Day): number {
  const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;
  return span < 0 ? 0 : span + 1;
}
