import { SALARY_PERIOD_LABELS, type Job } from '@b2g/contracts';

const THOUSAND = 1_000;

/** A yearly amount in thousands ($120k), an hourly one in dollars ($62.50). */
function amount(value: number, period: Job['salaryPeriod']): string {
  if (period !== 'hour' && value >= THOUSAND && value % 100 === 0)
    return `$${(value / THOUSAND).toLocaleString('en-US', { maximumFractionDigits: 1 })}k`;
  return `$${value.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
}

/** "$120k–$150k a year", "From $60 an hour", "Up to $90k a year"; undefined without pay. */
export function salaryLabel(
  job: Pick<Job, 'salaryMin' | 'salaryMax' | 'salaryPeriod'>,
): string | undefined {
  const period = job.salaryPeriod ?? 'year';
  const per = SALARY_PERIOD_LABELS[period];
  const { salaryMin: min, salaryMax: max } = job;
  if (min != null && max != null && min !== max)
    return `${amount(min, period)}–${amount(max, period)} ${per}`;
  if (min != null) return `${max === min ? '' : 'From '}${amount(min, period)} ${per}`;
  if (max != null) return `Up to ${amount(max, period)} ${per}`;
  return undefined;
}

/** A closing date (YYYY-MM-DD) as a reader's date, e.g. "Jan 31, 2030" (the day itself, in UTC). */
export function closingDateLabel(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
