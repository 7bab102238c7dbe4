import {
  ADMIN_SOURCE_CHOICES,
  EMPLOYER_TYPES,
  EMPLOYMENT_TYPES,
  EXPERIENCE_LEVELS,
  FEATURED_MIN_DESCRIPTION_LENGTH,
  HOURS_PER_YEAR,
  JOB_CLEARANCES,
  JOB_FUNCTIONS,
  POLYGRAPHS,
  POSTED_WITHIN_DAYS,
  SALARY_FILTER_OPTIONS,
  SALARY_MAX_USD,
  SECTORS,
  WORKPLACES,
  descriptionBlocks,
  type Sector,
} from '@b2g/contracts';
import { describe, expect, it } from 'vitest';
import { workplaceOf } from '../domain/search.js';
import { COMPANIES } from './companies.js';
import {
  CIVILIAN_AGENCIES,
  CUSTOMERS,
  DEFENSE_CUSTOMERS,
  INTEL_CUSTOMERS,
  PUBLIC_SECTOR_BUYERS,
  SCHOOL_DISTRICTS,
  STATE_LOCAL_AGENCIES,
  UNIVERSITIES,
  type Customer,
} from './customers.js';
import { DEMO_JOBS, DEMO_SEED, generateDemoJobs, type DemoJob } from './demo-jobs.js';
import { demoRecords } from './seed.js';

const DAY = 86_400_000;
const names = (...lists: Array<readonly Customer[]>) =>
  new Set(lists.flat().map((customer) => customer.name));
const FEDERAL = names(CIVILIAN_AGENCIES, DEFENSE_CUSTOMERS, INTEL_CUSTOMERS);
const CUSTOMERS_OF_SECTOR: Record<Sector, Set<string>> = {
  FEDERAL,
  STATE_LOCAL: names(STATE_LOCAL_AGENCIES),
  EDUCATION: names(SCHOOL_DISTRICTS, UNIVERSITIES),
  BOTH: names(PUBLIC_SECTOR_BUYERS),
};
/** Words that name a defense or intelligence buyer, never a civilian agency. */
const DEFENSE_WORDS =
  /Army|Navy|Naval|Air Force|Space Force|Marine|Defense|Missile|Cyber Command|Intelligence|Reconnaissance|Security Agency/;
const CLEARED = new Set(['public_trust', 'secret', 'top_secret', 'ts_sci']);

/** Annual pay (hourly rates times HOURS_PER_YEAR), the bottom and the top of the range. */
function annual(job: DemoJob): { low: number; high: number } | undefined {
  if (job.salaryMin === null) return undefined;
  const times = job.salaryPeriod === 'hour' ? HOURS_PER_YEAR : 1;
  return { low: job.salaryMin * times, high: (job.salaryMax ?? job.salaryMin) * times };
}

/** The rules every generated data set keeps, whatever its seed. */
function expectCoherent(jobs: readonly DemoJob[]) {
  expect(jobs.length).toBeGreaterThanOrEqual(150);
  const companies = new Set(jobs.map((job) => job.company));
  expect(companies.size).toBeGreaterThanOrEqual(35);
  expect(companies.size).toBeLessThanOrEqual(45);
  for (const company of companies) {
    const types = new Set(jobs.filter((job) => job.company === company).map((j) => j.employerType));
    expect(types.size, company).toBe(1);
  }
  const identities = jobs.map((job) => `${job.title}|${job.company}|${job.location}`);
  expect(new Set(identities).size).toBe(jobs.length);
  expect(new Set(jobs.map((job) => job.url)).size).toBe(jobs.length);

  for (const job of jobs) {
    const label = `${job.title} at ${job.company}`;
    // Customers belong to the job's sector; titles naming a market serve that market.
    if (job.customer !== null)
      expect(CUSTOMERS_OF_SECTOR[job.sector], label).toContain(job.customer);
    if (job.title.includes('Federal Civilian') && job.customer !== null) {
      expect(names(CIVILIAN_AGENCIES), label).toContain(job.customer);
      expect(job.customer, label).not.toMatch(DEFENSE_WORDS);
    }
    if (job.title.endsWith(', DoD') && job.customer !== null)
      expect(names(DEFENSE_CUSTOMERS), label).toContain(job.customer);
    if (job.title.endsWith('Intelligence Community') && job.customer !== null)
      expect(names(INTEL_CUSTOMERS), label).toContain(job.customer);

    // A clearance only where a federal customer needs one; a polygraph only with TS/SCI;
    // classified work is not remote.
    if (job.clearance && CLEARED.has(job.clearance)) {
      expect(job.sector, label).toBe('FEDERAL');
      expect(FEDERAL, label).toContain(job.customer);
    }
    if (job.polygraph) expect(job.clearance, label).toBe('ts_sci');
    if (job.clearance === 'ts_sci') expect(workplaceOf(job), label).toBe('on-site');
    if (job.clearance === 'secret' || job.clearance === 'top_secret')
      expect(workplaceOf(job), label).not.toBe('remote');

    // Pay: a period with any amount, min below max, within the contracts' limits; hourly only for
    // contract, part-time and temporary work.
    const hasPay = job.salaryMin !== null || job.salaryMax !== null;
    expect(job.salaryPeriod !== null, label).toBe(hasPay);
    if (job.salaryMin !== null && job.salaryMax !== null)
      expect(job.salaryMin, label).toBeLessThan(job.salaryMax);
    if (job.salaryPeriod) {
      const top = job.salaryMax ?? job.salaryMin ?? 0;
      expect(top, label).toBeLessThanOrEqual(SALARY_MAX_USD[job.salaryPeriod]);
      expect(job.salaryMin ?? 0, label).toBeGreaterThan(job.salaryPeriod === 'hour' ? 15 : 40_000);
      expect(job.salaryPeriod === 'hour', label).toBe(job.employmentType !== 'full_time');
    }

    // Descriptions: an overview and the terms, then responsibilities and qualifications as lists.
    const blocks = descriptionBlocks(job.description);
    expect(
      blocks.filter((block) => block.kind === 'paragraph').length,
      label,
    ).toBeGreaterThanOrEqual(3);
    expect(
      blocks.filter((block) => block.kind === 'bullets'),
      label,
    ).toHaveLength(2);
    expect(job.description.split(/\n\s*\n/).length, label).toBeGreaterThanOrEqual(3);
    expect(job.description, label).toMatch(/\nResponsibilities:\n- /);
    expect(job.description, label).toMatch(/\nQualifications:\n- /);
    expect(job.description, label).toMatch(/\n\nCompensation:\n\S/);
    expect(job.description.length, label).toBeGreaterThanOrEqual(FEATURED_MIN_DESCRIPTION_LENGTH);
    expect(job.description, label).not.toMatch(/[{}]|is hiring a [AEIOU]|\bthe The\b/);
    expect(job.daysAgo, label).toBeGreaterThanOrEqual(0);
    expect(job.daysAgo, label).toBeLessThan(60);
  }

  // No entry-level job pays above a senior one of the same function.
  for (const jobFunction of JOB_FUNCTIONS) {
    const paid = (level: string) =>
      jobs
        .filter((job) => job.jobFunction === jobFunction && job.experienceLevel === level)
        .flatMap((job) => annual(job) ?? []);
    const entryTop = Math.max(...paid('entry').map((pay) => pay.high));
    const seniorBottom = Math.min(...paid('senior').map((pay) => pay.low));
    expect(entryTop, jobFunction).toBeLessThanOrEqual(seniorBottom);
  }
}

describe('demo data', () => {
  it('when generated from the tables, then companies, customers, clearances, pay and descriptions agree', () => {
    expectCoherent(DEMO_JOBS);
  });

  it('when generated with other seeds, then the same rules hold, and one seed always gives the same jobs', () => {
    for (const seed of [1, 7, 2_024]) expectCoherent(generateDemoJobs(seed));
    expect(generateDemoJobs(DEMO_SEED)).toEqual(DEMO_JOBS);
    expect(generateDemoJobs(1)).not.toEqual(DEMO_JOBS);
  });

  it('when a visitor filters the list, then every choice of every filter has demo jobs', () => {
    const values = <K extends keyof DemoJob>(key: K) => new Set(DEMO_JOBS.map((job) => job[key]));
    expect(values('sector')).toEqual(new Set(SECTORS));
    expect(values('jobFunction')).toEqual(new Set(JOB_FUNCTIONS));
    expect(values('employerType')).toEqual(new Set(EMPLOYER_TYPES));
    expect(values('experienceLevel')).toEqual(new Set(EXPERIENCE_LEVELS));
    expect(values('employmentType')).toEqual(new Set(EMPLOYMENT_TYPES));
    expect(values('source')).toEqual(new Set(ADMIN_SOURCE_CHOICES));
    expect(new Set(DEMO_JOBS.map(workplaceOf))).toEqual(new Set(WORKPLACES));
    for (const clearance of JOB_CLEARANCES)
      expect(
        DEMO_JOBS.some((job) => job.clearance === clearance),
        clearance,
      ).toBe(true);
    for (const polygraph of POLYGRAPHS)
      expect(
        DEMO_JOBS.some((job) => job.polygraph === polygraph),
        polygraph,
      ).toBe(true);
    expect(values('salaryPeriod')).toEqual(new Set(['year', 'hour', null]));
    // Each minimum salary choice admits jobs the one above it does not.
    const tops = DEMO_JOBS.flatMap((job) => annual(job)?.high ?? []);
    SALARY_FILTER_OPTIONS.forEach((floor, index) => {
      const ceiling = SALARY_FILTER_OPTIONS[index + 1] ?? Infinity;
      expect(
        tops.some((top) => top >= floor && top < ceiling),
        String(floor),
      ).toBe(true);
    });
    // Each "posted within" choice leaves some jobs out.
    for (const days of POSTED_WITHIN_DAYS) {
      const within = DEMO_JOBS.filter((job) => job.daysAgo < days).length;
      expect(within, `${days} days`).toBeGreaterThan(0);
      expect(within, `${days} days`).toBeLessThan(DEMO_JOBS.length);
    }
    expect(values('isAgencyRole')).toEqual(new Set([true, false]));
    expect(values('remoteDays')).toEqual(new Set([null, 1, 2, 3, 4, 5]));
    expect(DEMO_JOBS.some((job) => job.isRemote && job.remoteDays === null)).toBe(true);
  });

  it('when seeded, then every job is posted within the 60 days before the seed time', () => {
    const now = new Date('2030-06-15T12:00:00Z');
    const posted = demoRecords(now).map((record) => record.postedAt.getTime());
    expect(Math.max(...posted)).toBeLessThanOrEqual(now.getTime());
    expect(Math.max(...posted)).toBeGreaterThan(now.getTime() - DAY);
    expect(Math.min(...posted)).toBeGreaterThan(now.getTime() - 60 * DAY);
    expect(Math.min(...posted)).toBeLessThan(now.getTime() - 55 * DAY);
  });

  it('when a company names the customers of its niche, then each is a customer of one of its markets', () => {
    for (const company of COMPANIES) {
      const known = new Set(
        company.markets.flatMap((market) => CUSTOMERS[market].map((c) => c.name)),
      );
      for (const customer of company.customers ?? [])
        expect(known, company.name).toContain(customer);
    }
  });
});
