import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, toDateInputValue } from './dates.js';

// A local date-time (no zone), so the expected words do not depend on the machine's time zone.
const LOCAL = '2025-01-05T15:04:00';

describe('dates', () => {
  it('when a date is formatted, then it reads like "Jan 5, 2025"', () => {
    expect(formatDate(LOCAL)).toBe('Jan 5, 2025');
  });

  it('when a date-time is formatted, then it reads like "Jan 5, 2025 3:04 PM"', () => {
    expect(formatDateTime(LOCAL)).toBe('Jan 5, 2025 3:04 PM');
  });

  it('when the date is invalid or missing, then a dash shows instead of an error', () => {
    expect(formatDate('not a date')).toBe('—');
    expect(formatDateTime('2025-13-45T99:99:00Z')).toBe('—');
    expect(formatDate(null)).toBe('—');
    expect(formatDateTime(undefined)).toBe('—');
  });

  it('when a date input needs a value, then it gets yyyy-MM-dd or empty', () => {
    expect(toDateInputValue(LOCAL)).toBe('2025-01-05');
    expect(toDateInputValue(null)).toBe('');
  });
});
