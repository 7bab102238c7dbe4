import { describe, expect, it } from 'vitest';
import { extractJob } from './extract.js';
import { employmentTypeOf, readPostingTerms } from './posting-terms.js';

const salary = (value: unknown, extra: Record<string, unknown> = {}) => ({
  baseSalary: { '@type': 'MonetaryAmount', currency: 'USD', value, ...extra },
});

describe('readPostingTerms', () => {
  it('when baseSalary is a yearly range, then min, max and year', () => {
    expect(
      readPostingTerms(
        salary({
          '@type': 'QuantitativeValue',
          minValue: 120000,
          maxValue: 150000,
          unitText: 'YEAR',
        }),
      ),
    ).toEqual({ salaryMin: 120_000, salaryMax: 150_000, salaryPeriod: 'year' });
  });

  it('when baseSalary is hourly with text amounts, then an hourly range', () => {
    expect(
      readPostingTerms(salary({ minValue: '$65', maxValue: '80.50', unitText: 'HOUR' })),
    ).toEqual({ salaryMin: 65, salaryMax: 80.5, salaryPeriod: 'hour' });
  });

  it('when baseSalary is one monthly value, then it is a yearly minimum', () => {
    expect(readPostingTerms(salary({ value: 10000, unitText: 'MONTH' }))).toEqual({
      salaryMin: 120_000,
      salaryPeriod: 'year',
    });
  });

  it.each([
    ['another currency', salary({ minValue: 50000, unitText: 'YEAR' }, { currency: 'EUR' })],
    ['a daily rate', salary({ minValue: 500, unitText: 'DAY' })],
    ['min above max', salary({ minValue: 150000, maxValue: 120000, unitText: 'YEAR' })],
    ['an implausible hourly rate', salary({ minValue: 90000, unitText: 'HOUR' })],
    ['no amount', salary({ unitText: 'YEAR' })],
  ])('when baseSalary has %s, then no pay is read', (_case, posting) => {
    expect(readPostingTerms(posting)).toEqual({});
  });

  it('when validThrough is a date-time or a date, then its calendar date; an impossible one is left out', () => {
    expect(readPostingTerms({ validThrough: '2030-03-31T23:59:59-05:00' })).toEqual({
      closingDate: '2030-03-31',
    });
    expect(readPostingTerms({ validThrough: '2030-04-01' })).toEqual({ closingDate: '2030-04-01' });
    expect(readPostingTerms({ validThrough: '2030-02-30' })).toEqual({});
    expect(readPostingTerms({ validThrough: 'soon' })).toEqual({});
  });

  it('when employmentType is a schema.org value, a word or a list, then the first known type', () => {
    expect(employmentTypeOf('FULL_TIME')).toBe('full_time');
    expect(employmentTypeOf('Part-time')).toBe('part_time');
    expect(employmentTypeOf(['INTERN', 'CONTRACTOR'])).toBe('contract');
    expect(employmentTypeOf('TEMPORARY')).toBe('temporary');
    expect(employmentTypeOf('VOLUNTEER')).toBeUndefined();
    expect(employmentTypeOf(42)).toBeUndefined();
  });
});

describe('extractJob with terms', () => {
  it('when a page has a JobPosting with pay, closing date and type, then auto fill has them', () => {
    const posting = {
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Capture Manager',
      hiringOrganization: { name: 'Acme Federal' },
      employmentType: 'FULL_TIME',
      validThrough: '2030-06-30T00:00:00Z',
      ...salary({ minValue: 140000, maxValue: 170000, unitText: 'YEAR' }),
    };
    const html = `<script type="application/ld+json">${JSON.stringify(posting)}</script>`;
    expect(extractJob(html)).toMatchObject({
      title: 'Capture Manager',
      salaryMin: 140_000,
      salaryMax: 170_000,
      salaryPeriod: 'year',
      closingDate: '2030-06-30',
      employmentType: 'full_time',
    });
  });

  it('when only meta tags describe the job, then no terms are invented', () => {
    const read = extractJob('<title>Grant Writer</title><meta name="description" content="$90k">');
    expect(read).not.toHaveProperty('salaryMin');
    expect(read).not.toHaveProperty('employmentType');
  });
});
