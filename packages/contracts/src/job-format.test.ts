import { describe, expect, it } from 'vitest';
import {
  formatClearance,
  formatClosingDate,
  formatSalary,
  salaryFilterLabel,
  sourceLabel,
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

  it('when amounts and days are written, then they read exactly as Intl writes them in en-US', () => {
    const whole = new Intl.NumberFormat('en-US');
    const cents = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const day = new Intl.DateTimeFormat('en-US', {
      timeZone: 'UTC',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    });
    for (const amount of [0, 7, 65, 999, 1_000, 12_345, 1_234_567, 99_999_999]) {
      expect(formatSalary({ salaryMin: amount, salaryMax: amount, salaryPeriod: 'hour' })).toBe(
        `$${whole.format(amount)} an hour`,
      );
    }
    for (const amount of [0.5, 62.5, 80.05, 1_234.5, 1_000_000.25, 12.345, 99.999]) {
      expect(formatSalary({ salaryMax: amount, salaryPeriod: 'hour' })).toBe(
        `Up to $${cents.format(amount)} an hour`,
      );
    }
    for (const amount of [1_000, 112_500, 1_250_340, 9_999_950, 100_000_000]) {
      const thousands = Math.round((amount / 1_000) * 10) / 10;
      expect(formatSalary({ salaryMin: amount, salaryPeriod: 'year' })).toBe(
        `From $${whole.format(thousands)}k a year`,
      );
    }
    for (let month = 1; month <= 12; month += 1) {
      const date = `2031-${String(month).padStart(2, '0')}-0${(month % 9) + 1}`;
      expect(formatClosingDate(date)).toBe(`Closes ${day.format(new Date(`${date}T00:00:00Z`))}`);
    }
  });

  it('when the salary filter names an amount, then "$100k+ a year"', () => {
    expect(salaryFilterLabel(100_000)).toBe('$100k+ a year');
  });
});

describe('sourceLabel', () => {
  it.each([
    ['greenhouse', 'Greenhouse'],
    ['lever', 'Lever'],
    ['ashby', 'Ashby'],
    ['smartrecruiters', 'SmartRecruiters'],
    ['workable', 'Workable'],
    ['linkedin', 'LinkedIn'],
    ['Direct Post', 'Direct Post'],
    ['Acme careers', 'Acme careers'],
  ])('when the source is %s, then it reads %s', (source, label) => {
    expect(sourceLabel(source)).toBe(label);
  });
});
