import { SALARY_MAX_USD, type SalaryPeriod } from '@b2g/contracts';
import type { SourceSalary } from '../model.js';
import { finding, type Finding } from './finding.js';
import { sentences } from './text.js';

export interface Salary {
  /** USD per `period`. */
  min: number;
  max: number;
  period: SalaryPeriod;
}

/** Plausible pay: a year's salary between these, or an hourly rate between those. */
const YEAR_RANGE = [15_000, 1_500_000] as const;
const HOUR_RANGE = [7, 500] as const;

const AMOUNT = String.raw`(?:\$\s?|USD\s?)(\d{1,3}(?:,\d{3})+(?:\.\d{2})?|\d+(?:\.\d+)?)\s*([kK])?`;
const SECOND = String.raw`(?:\$\s?|USD\s?)?(\d{1,3}(?:,\d{3})+(?:\.\d{2})?|\d+(?:\.\d+)?)\s*([kK])?`;
const RANGE = new RegExp(String.raw`${AMOUNT}(?:\s*(?:-|–|—|to|and)\s*${SECOND})?`, 'g');
const HOURLY = /^\s*(?:USD\s*)?(?:\/\s*(?:hr|hour)\b|(?:per|an|a|each)\s+hour\b|hourly\b)/i;
const HOURLY_BEFORE = /\bhourly\b|\bper hour\b|\bhourly (?:rate|wage|pay)\b/i;
/** A sentence about pay, and not about what the job sells or manages. */
const PAY_WORDS =
  /\bsalary\b|\bpay\b|\bcompensation\b|\bbase\b|\bwage\b|\brate\b|\bOTE\b|\bearnings\b|\bannual(?:ly)?\b|\bper (?:year|hour|annum)\b|\/\s*(?:hr|hour|yr|year)\b|\bhourly\b|\brange\b/i;
const NOT_PAY =
  /\bquota\b|\bdeals?\b|\bcontracts? (?:valued|worth)\b|\brevenue\b|\bbookings\b|\bpipeline\b|\bportfolio\b|\bbudget\b|\bfunding\b|\bawards?\b|\bbillion\b|\bmillion\b|\braised\b|\bARR\b|\bvalued at\b/i;

const amountOf = (digits: string | undefined, thousands: string | undefined) =>
  digits === undefined ? undefined : Number(digits.replace(/,/g, '')) * (thousands ? 1000 : 1);

const plausible = (amount: number, period: SalaryPeriod) => {
  const [low, high] = period === 'hour' ? HOUR_RANGE : YEAR_RANGE;
  return amount >= low && amount <= high;
};

function salaryIn(sentence: string): Salary | null {
  if (!PAY_WORDS.test(sentence) || NOT_PAY.test(sentence)) return null;
  for (const match of sentence.matchAll(RANGE)) {
    // "$120-150k": the thousands mark of the second amount applies to both.
    const k = match[2] ?? match[4];
    const low = amountOf(match[1], k);
    const high = amountOf(match[3], match[4]) ?? low;
    if (low === undefined || high === undefined) continue;
    const after = sentence.slice(match.index + match[0].length);
    const hourly =
      HOURLY.test(after) || (HOURLY_BEFORE.test(sentence) && high < HOUR_RANGE[1]) || high < 300;
    const period: SalaryPeriod = hourly ? 'hour' : 'year';
    const [min, max] = low <= high ? [low, high] : [high, low];
    if (plausible(min, period) && plausible(max, period)) return { min, max, period };
  }
  return null;
}

function atsPeriod(interval: string | undefined): { period: SalaryPeriod; factor: number } | null {
  if (!interval || /year|annual|yr/i.test(interval)) return { period: 'year', factor: 1 };
  if (/hour|hr/i.test(interval)) return { period: 'hour', factor: 1 };
  if (/month/i.test(interval)) return { period: 'year', factor: 12 };
  if (/week/i.test(interval)) return { period: 'year', factor: 52 };
  return null;
}

function fromAts(salary: SourceSalary | undefined): Salary | null {
  if (!salary || (salary.currency && salary.currency.toUpperCase() !== 'USD')) return null;
  const unit = atsPeriod(salary.interval);
  const low = salary.min ?? salary.max;
  const high = salary.max ?? salary.min;
  if (!unit || low === undefined || high === undefined) return null;
  const min = low * unit.factor;
  const max = high * unit.factor;
  if (min > max || max > SALARY_MAX_USD[unit.period] || !plausible(min, unit.period)) return null;
  return { min, max, period: unit.period };
}

/**
 * The pay: the ATS's own fields first, else the first pay range a sentence about pay states
 * ("$120,000 - $150,000", "$55–65/hr", "USD 95k to 120k"), a base salary before other pay.
 */
export function classifySalary(
  text: string,
  ats: SourceSalary | undefined,
): Finding<Salary | null> {
  const stated = fromAts(ats);
  if (stated) return finding(stated, 0.95, 'the ATS states the pay range');
  const found = sentences(text)
    .map((sentence) => ({ sentence, salary: salaryIn(sentence) }))
    .filter((entry): entry is { sentence: string; salary: Salary } => entry.salary !== null);
  const best = found.find(({ sentence }) => /\bbase\b/i.test(sentence)) ?? found[0];
  if (!best) return finding(null, 0.6, 'no pay range stated');
  const { min, max, period } = best.salary;
  return finding(
    best.salary,
    min === max ? 0.7 : 0.85,
    `the description states $${min.toLocaleString('en-US')}${min === max ? '' : `–$${max.toLocaleString('en-US')}`} ${period === 'hour' ? 'an hour' : 'a year'}`,
  );
}
