import { describe, expect, it } from 'vitest';
import { closingDateLabel, salaryLabel } from './job-terms.js';

describe('salaryLabel', () => {
  it.each([
    [
      { salaryMin: 120_000, salaryMax: 150_000, salaryPeriod: 'year' as const },
      '$120k–$150k a year',
    ],
    [{ salaryMin: 60, salaryMax: 75.5, salaryPeriod: 'hour' as const }, '$60–$75.5 an hour'],
    [{ salaryMin: 95_500, salaryMax: null, salaryPeriod: 'year' as const }, 'From $95.5k a year'],
    [{ salaryMin: null, salaryMax: 90_000, salaryPeriod: null }, 'Up to $90k a year'],
    [{ salaryMin: 80, salaryMax: 80, salaryPeriod: 'hour' as const }, '$80 an hour'],
  ])('when pay is %o, then it reads %s', (job, label) => {
    expect(salaryLabel(job)).toBe(label);
  });

  it('when there is no pay, then there is no label', () => {
    expect(salaryLabel({ salaryMin: null, salaryMax: null, salaryPeriod: null })).toBeUndefined();
  });
});

describe('closingDateLabel', () => {
  it('when a date is given, then it reads as that day wherever the reader is', () => {
    expect(closingDateLabel('2030-01-31')).toBe('Jan 31, 2030');
  });
});
