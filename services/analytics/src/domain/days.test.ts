import { describe, expect, it } from 'vitest';
import { dayOf, daysBetween, daysEndingAt } from './days.js';

describe('days', () => {
  it('when a moment is just before or after midnight UTC, then its day is the UTC one', () => {
    expect(dayOf(new Date('2026-03-10T23:59:59.999Z'))).toBe('2026-03-10');
    expect(dayOf(new Date('2026-03-11T00:00:00.000Z'))).toBe('2026-03-11');
  });

  it('when days end at a date, then they run oldest first across a month and a leap day', () => {
    expect(daysEndingAt('2028-03-01', 3)).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(3);
    expect(daysBetween('2028-03-01', '2028-02-28')).toBe(0);
  });
});
