import { describe, expect, it } from 'vitest';
import {
  formatClearance,
  formatClosingDate,
  formatSalary,
  salaryFilterLabel,
} from './job-format.js';

describe('formatSalary', () => {
  it.each([
    [{ salaryMin: 120_000, salaryMax: 150_000, salaryPeriod: 'year' }, '$120k–$150k a year'],
    [{ salaryMin: 65, salaryMax: 80, salaryPeriod: 'hour' }, '$65–$80 an hour'],
    [{ salaryMin: 62.5, salaryMax: 80, salaryPeriod: 'hour' }, '$62.50–$80 an hour'],
    [{ salaryMin: 112_500, salaryPeriod: 'year' }, 'From $112.5k a year'],
    [{ salaryMax: 80, salaryPeriod: 'hour' }, 'Up to $80 an hour'],
    [{ salaryMin: 90_000, salaryMax: 90_000, salaryPeriod: 'year' }, '$90k a year'],
    [{ salaryMin: 95_000 }, 'From $95k a year'],
  ] as const)('when the pay is %j, then it reads %s', (job, text) => {
    expect(formatSalary(job)).toBe(text);
  });

  it('when there is no pay, then nothing', () => {
    expect(formatSalary({ salaryMin: null, salaryMax: null, salaryPeriod: null })).toBeUndefined();
  });
});

describe('the other terms', () => {
  it('when a clearance is stated, then it reads with its polygraph; none reads as not required', () => {
    expect(formatClearance({ clearance: 'ts_sci', polygraph: 'full_scope' })).toBe(
      'TS/SCI clearance · Full Scope Polygraph',
    );
    expect(formatClearance({ clearance: 'secret', polygraph: 'none' })).toBe('Secret clearance');
    expect(formatClearance({ clearance: 'none' })).toBe('No clearance required');
    expect(formatClearance({ clearance: null, polygraph: 'ci' })).toBeUndefined();
  });

  it('when a closing date is given, then its calendar day whatever the time zone', () => {
    expect(formatClosingDate('2030-06-30')).toBe('Closes Jun 30, 2030');
  });

  it('when the salary filter names an amount, then "$100k+ a year"', () => {
    expect(salaryFilterLabel(100_000)).toBe('$100k+ a year');
  });
});
