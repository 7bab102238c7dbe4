import {
  SALARY_MAX_USD,
  type EmploymentType,
  type ExtractedJob,
  type SalaryPeriod,
} from '@b2g/contracts';

/** What a posting says of its terms: pay, closing date and employment type. */
export type PostingTerms = Pick<
  ExtractedJob,
  'salaryMin' | 'salaryMax' | 'salaryPeriod' | 'closingDate' | 'employmentType'
>;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The terms of a schema.org JobPosting: `baseSalary` (a MonetaryAmount in USD, its value a number
 * or a QuantitativeValue with minValue/maxValue and unitText), `validThrough` and
 * `employmentType`. What is missing, unclear or implausible is left out.
 */
export function readPostingTerms(posting: Json): PostingTerms {
  const terms: PostingTerms = { ...salaryOf(posting.baseSalary) };
  const closingDate = dateOf(posting.validThrough);
  if (closingDate) terms.closingDate = closingDate;
  const employmentType = employmentTypeOf(posting.employmentType);
  if (employmentType) terms.employmentType = employmentType;
  return terms;
}

/** schema.org's employment types (and the words ATS feeds use) as the board's. */
const EMPLOYMENT_WORDS: Record<string, EmploymentType> = {
  full_time: 'full_time',
  fulltime: 'full_time',
  part_time: 'part_time',
  parttime: 'part_time',
  contractor: 'contract',
  contract: 'contract',
  contract_to_hire: 'contract',
  temporary: 'temporary',
  temp: 'temporary',
  seasonal: 'temporary',
};

/** The first employment type a value names ('FULL_TIME', 'Full-time', ['CONTRACTOR', ...]). */
export function employmentTypeOf(value: unknown): EmploymentType | undefined {
  for (const item of Array.isArray(value) ? value : [value]) {
    if (typeof item !== 'string') continue;
    const word = item
      .trim()
      .toLowerCase()
      .replace(/[^a-z]+/g, '_')
      .replace(/^_|_$/g, '');
    const type = EMPLOYMENT_WORDS[word];
    if (type) return type;
  }
  return undefined;
}

/** A date or date-time as its calendar date (YYYY-MM-DD), if it is a real one. */
function dateOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const day = /^\d{4}-\d{2}-\d{2}/.exec(value.trim())?.[0];
  if (!day) return undefined;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(day) ? day : undefined;
}

/** Units of a schema.org QuantitativeValue as a board period and a factor to it. */
const UNITS: Record<string, { period: SalaryPeriod; factor: number }> = {
  year: { period: 'year', factor: 1 },
  month: { period: 'year', factor: 12 },
  week: { period: 'year', factor: 52 },
  hour: { period: 'hour', factor: 1 },
};

function amountOf(value: unknown): number | undefined {
  const amount =
    typeof value === 'string' ? Number(value.replace(/[$,\s]/g, '')) : (value as number);
  return typeof amount === 'number' && Number.isFinite(amount) && amount > 0 ? amount : undefined;
}

/** Pay in USD from a MonetaryAmount; nothing in another currency, or when it does not add up. */
function salaryOf(value: unknown): PostingTerms {
  if (!isObject(value)) return {};
  const currency = typeof value.currency === 'string' ? value.currency.toUpperCase() : 'USD';
  if (currency !== 'USD') return {};
  const quantity = isObject(value.value) ? value.value : { value: value.value };
  const unitText = quantity.unitText ?? value.unitText ?? 'YEAR';
  const unit = typeof unitText === 'string' ? UNITS[unitText.toLowerCase()] : undefined;
  if (!unit) return {};
  const low = amountOf(quantity.minValue) ?? amountOf(quantity.value);
  const high = amountOf(quantity.maxValue);
  const scaled = (amount: number | undefined) =>
    amount === undefined ? undefined : Math.round(amount * unit.factor * 100) / 100;
  const salaryMin = scaled(low);
  const salaryMax = scaled(high);
  const top = salaryMax ?? salaryMin;
  if (top === undefined || top > SALARY_MAX_USD[unit.period]) return {};
  if (salaryMin !== undefined && salaryMax !== undefined && salaryMin > salaryMax) return {};
  return {
    ...(salaryMin !== undefined ? { salaryMin } : {}),
    ...(salaryMax !== undefined ? { salaryMax } : {}),
    salaryPeriod: unit.period,
  };
}
