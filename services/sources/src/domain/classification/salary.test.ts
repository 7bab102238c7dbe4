import { describe, expect, it } from 'vitest';
import { classifySalary } from './salary.js';

const salary = (text: string) => classifySalary(text, undefined).value;

describe('classifySalary', () => {
  it('when a yearly range is written in full, with K or with a shared K, then it reads the amounts a year', () => {
    expect(salary('The salary range for this role is $120,000 - $150,000.')).toEqual({
      min: 120_000,
      max: 150_000,
      period: 'year',
    });
    expect(salary('Salary range: $95K–$125K.')).toEqual({
      min: 95_000,
      max: 125_000,
      period: 'year',
    });
    expect(salary('Base pay $120-150k depending on experience.')).toEqual({
      min: 120_000,
      max: 150_000,
      period: 'year',
    });
    expect(salary('Compensation: USD 130,000 to 160,000 annually.')).toEqual({
      min: 130_000,
      max: 160_000,
      period: 'year',
    });
  });

  it('when the amounts are an hourly rate, then the period is the hour', () => {
    expect(salary('Pay: $28 - $36 per hour.')).toEqual({ min: 28, max: 36, period: 'hour' });
    expect(salary('Hourly rate: $52.50/hr.')).toEqual({ min: 52.5, max: 52.5, period: 'hour' });
  });

  it('when dollars are a quota, a contract or company size, then they are not pay', () => {
    expect(salary('Carry an annual quota of $1.2M in new bookings.')).toBeNull();
    expect(salary('We won a $450 million IDIQ last year.')).toBeNull();
    expect(salary('First Harbor is a bank with $40 billion in assets.')).toBeNull();
    expect(salary('You will manage a $2,000,000 marketing budget.')).toBeNull();
  });

  it('when a base salary and on-target earnings are both given, then the base range is kept', () => {
    expect(
      salary('OTE of $300,000 for top performers. Base salary range: $140,000–$160,000.'),
    ).toEqual({ min: 140_000, max: 160_000, period: 'year' });
  });

  it('when the ATS states pay, then its fields win; in another currency they are not kept', () => {
    const ats = classifySalary('Salary range: $1-$2.', {
      min: 90_000,
      max: 110_000,
      currency: 'USD',
      interval: 'per-year-salary',
    });
    expect(ats.value).toEqual({ min: 90_000, max: 110_000, period: 'year' });
    expect(ats.reason).toMatch(/ATS/);
    expect(classifySalary('', { min: 5_000, max: 6_000, interval: 'monthly' }).value).toEqual({
      min: 60_000,
      max: 72_000,
      period: 'year',
    });
    expect(classifySalary('', { min: 80_000, max: 90_000, currency: 'EUR' }).value).toBeNull();
  });
});
