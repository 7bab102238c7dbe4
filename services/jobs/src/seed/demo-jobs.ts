import {
  EMPLOYMENT_TYPE_LABELS,
  JOB_CLEARANCE_LABELS,
  JOB_CLEARANCES,
  JOB_FUNCTIONS,
  POLYGRAPH_LABELS,
  formatSalary,
  type AdminSourceChoice,
  type EmployerType,
  type ExperienceLevel,
  type JobClearance,
  type JobFunction,
  type Polygraph,
  type Sector,
} from '@b2g/contracts';
import type { B2gJobFields } from '../domain/model.js';
import { COMPANIES, type DemoCompany } from './companies.js';
import {
  CUSTOMERS,
  MARKET_BUYERS,
  MARKET_LABEL,
  MARKET_SECTOR,
  type Customer,
  type Market,
} from './customers.js';
import { prng } from '@b2g/service-kit';
import { ROLE_TEMPLATES, type RoleTemplate } from './roles.js';

/** One demo posting; companies are made up, URLs use the reserved `.example` domain. */
export interface DemoJob {
  title: string;
  company: string;
  location: string;
  description: string;
  url: string;
  sector: Sector;
  employerType: EmployerType;
  jobFunction: JobFunction;
  experienceLevel: ExperienceLevel;
  isAgencyRole: boolean;
  isRemote: boolean;
  remoteDays: number | null;
  source: AdminSourceChoice;
  /** Days before seeding that it was posted (0 to 59). */
  daysAgo: number;
  /** Days after seeding that it closes (its `closingDate`), if it states one. */
  closesInDays?: number | undefined;
  clearance: B2gJobFields['clearance'];
  polygraph: B2gJobFields['polygraph'];
  salaryMin: number | null;
  salaryMax: number | null;
  salaryPeriod: B2gJobFields['salaryPeriod'];
  employmentType: B2gJobFields['employmentType'];
  customer: string | null;
}

/** The seed of the demo data everyone sees: the same jobs on every machine. */
export const DEMO_SEED = 44;

/** Demo jobs are posted over this many days before the seeding. */
export const DEMO_POSTING_DAYS = 60;

/** Remote variants: on-site, fully remote, hybrid days, "remote work available". */
const REMOTE_VARIANTS: ReadonlyArray<{
  isRemote: boolean;
  remoteDays: number | null;
  text: string;
}> = [
  { isRemote: false, remoteDays: null, text: 'This role is on-site in {location}.' },
  {
    isRemote: true,
    remoteDays: 5,
    text: 'This position is fully remote within the United States.',
  },
  {
    isRemote: true,
    remoteDays: 3,
    text: 'Hybrid: three days a week remote, two in our {location} office.',
  },
  { isRemote: true, remoteDays: 2, text: 'Hybrid: two days a week remote, three in {location}.' },
  {
    isRemote: true,
    remoteDays: null,
    text: 'Based in {location}; remote work is available for the right candidate.',
  },
  {
    isRemote: true,
    remoteDays: 1,
    text: 'One remote day a week; the rest on-site with the customer near {location}.',
  },
  {
    isRemote: true,
    remoteDays: 4,
    text: 'Mostly remote: in the {location} office one day a week.',
  },
];

const FULLY_REMOTE = REMOTE_VARIANTS[1] as (typeof REMOTE_VARIANTS)[number];
const ON_SITE = REMOTE_VARIANTS[0] as (typeof REMOTE_VARIANTS)[number];
const REMOTE_LOCATION = 'Remote (US)';

/** Extra pay for a cleared role, by clearance: cleared people are scarce. */
const CLEARANCE_PREMIUM: Record<JobClearance, number> = {
  none: 1,
  public_trust: 1.03,
  secret: 1.08,
  top_secret: 1.12,
  ts_sci: 1.18,
};

/** The level each of a company's openings is for, in turn: mostly mid-level, as boards are. */
const LEVEL_CYCLE: readonly ExperienceLevel[] = [
  'mid',
  'senior',
  'entry',
  'mid',
  'entry',
  'senior',
];

const CLOSING_DAYS = [14, 21, 30, 45, 60] as const;

const rank = (clearance: JobClearance) => JOB_CLEARANCES.indexOf(clearance);

const slug = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const article = (word: string) => (/^[AEIOU]/.test(word) ? 'an' : 'a');

const fill = (text: string, market: Market) => text.replaceAll('{buyers}', MARKET_BUYERS[market]);

const fits = (role: RoleTemplate, company: DemoCompany, market: Market) =>
  role.employerTypes.includes(company.employerType) &&
  (role.markets === undefined || role.markets.includes(market));

/**
 * The demo jobs from the tables (companies, roles, customers): each company's openings spread over
 * the three functions and levels, for the markets it sells into; clearance from the customer's
 * programs where the role works on them; pay from the role's band, the clearance premium and a
 * little spread; posted over the last DEMO_POSTING_DAYS days. The same `seed` gives the same jobs.
 */
export function generateDemoJobs(seed = DEMO_SEED): DemoJob[] {
  const random = prng(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const chance = (probability: number) => random() < probability;
  const used = new Map<RoleTemplate, number>();

  /** The role of an opening: the least used one that fits, so every kind of job appears. */
  function chooseRole(
    company: DemoCompany,
    market: Market,
    jobFunction: JobFunction,
    level: ExperienceLevel,
    taken: Set<string>,
  ): RoleTemplate {
    const fitting = ROLE_TEMPLATES.filter(
      (role) => fits(role, company, market) && !taken.has(titleOf(role, market)),
    );
    // Intelligence work is cleared work: its openings are the roles that can hold TS/SCI.
    const cleared = fitting.filter((role) => role.maxClearance === 'ts_sci');
    const open = market === 'intel' && cleared.length > 0 ? cleared : fitting;
    const tiers = [
      open.filter((role) => role.jobFunction === jobFunction && role.experienceLevel === level),
      open.filter((role) => role.jobFunction === jobFunction),
      open.filter((role) => role.experienceLevel === level),
      open,
    ];
    const candidates = tiers.find((tier) => tier.length > 0);
    if (!candidates) throw new Error(`No demo role fits ${company.name} in ${market}`);
    const fewest = Math.min(...candidates.map((role) => used.get(role) ?? 0));
    const role = pick(candidates.filter((candidate) => (used.get(candidate) ?? 0) === fewest));
    used.set(role, fewest + 1);
    return role;
  }

  /** Media sell to vendors and market-wide roles serve no one customer: those name none. */
  function customerOf(company: DemoCompany, role: RoleTemplate, market: Market) {
    if (company.employerType === 'MEDIA_EVENTS' || role.marketWide) return null;
    const all = CUSTOMERS[market];
    const niche = all.filter((customer) => company.customers?.includes(customer.name));
    return pick(niche.length > 0 ? niche : all);
  }

  function clearanceOf(role: RoleTemplate, customer: Customer | null) {
    const wanted = customer?.clearances.length
      ? chance(0.7)
        ? customer.clearances[0]
        : pick(customer.clearances)
      : undefined;
    if (wanted && rank(wanted) <= rank(role.maxClearance)) {
      const polygraph =
        wanted === 'ts_sci' ? pick<Polygraph>(customer?.polygraphs ?? ['none']) : null;
      return { clearance: wanted, polygraph };
    }
    return { clearance: chance(0.35) ? ('none' as const) : null, polygraph: null };
  }

  function payOf(role: RoleTemplate, clearance: JobClearance | null) {
    const roll = random();
    if (roll < 0.1) return { salaryMin: null, salaryMax: null, salaryPeriod: null };
    const factor = CLEARANCE_PREMIUM[clearance ?? 'none'] * (0.95 + random() * 0.1);
    const step = role.pay.period === 'year' ? 5_000 : 1;
    const round = (amount: number) => Math.round((amount * factor) / step) * step;
    return {
      salaryMin: round(role.pay.min),
      salaryMax: roll < 0.16 ? null : round(role.pay.max),
      salaryPeriod: role.pay.period,
    };
  }

  const jobs: Array<Omit<DemoJob, 'daysAgo'>> = [];
  COMPANIES.forEach((company, companyIndex) => {
    const taken = new Set<string>();
    for (let opening = 0; opening < company.openings; opening += 1) {
      const market = company.markets[opening % 3 === 2 ? 1 : 0] ?? company.markets[0];
      if (!market) throw new Error(`${company.name} sells to no market`);
      const jobFunction = JOB_FUNCTIONS[(companyIndex + opening) % JOB_FUNCTIONS.length];
      const level = LEVEL_CYCLE[opening % LEVEL_CYCLE.length];
      if (!jobFunction || !level) throw new Error('No function or level to hire for');
      const role = chooseRole(company, market, jobFunction, level, taken);
      const title = titleOf(role, market);
      taken.add(title);
      const customer = customerOf(company, role, market);
      const { clearance, polygraph } = clearanceOf(role, customer);
      const cleared = clearance !== null && rank(clearance) >= rank('secret');
      // Classified work is done on-site (TS/SCI in a SCIF); the rest may be remote.
      const offices = cleared
        ? company.offices.filter((office) => office !== REMOTE_LOCATION)
        : company.offices;
      const location = opening === 0 ? (offices[0] as string) : pick(offices);
      const remote =
        location === REMOTE_LOCATION
          ? FULLY_REMOTE
          : clearance === 'ts_sci'
            ? ON_SITE
            : cleared
              ? pick([ON_SITE, ON_SITE, ...REMOTE_VARIANTS.filter((v) => v.remoteDays === 1)])
              : pick(REMOTE_VARIANTS);
      const pay = payOf(role, clearance);
      const closesInDays = chance(0.45) ? pick(CLOSING_DAYS) : undefined;
      const sourceRoll = random();
      const source: AdminSourceChoice =
        sourceRoll < 0.6 ? company.source : sourceRoll < 0.85 ? 'Direct Post' : 'linkedin';
      jobs.push({
        title,
        company: company.name,
        location,
        description: describe({
          company,
          role,
          title,
          market,
          customer,
          location,
          remoteText: remote.text.replaceAll('{location}', location),
          clearance,
          polygraph,
          pay: { ...pay, employmentType: role.employmentType },
        }),
        url: `https://careers.${slug(company.name)}.example/jobs/${1_000 + jobs.length}-${slug(title)}`,
        sector: MARKET_SECTOR[market],
        employerType: company.employerType,
        jobFunction: role.jobFunction,
        experienceLevel: role.experienceLevel,
        isAgencyRole: company.staffing === true,
        isRemote: remote.isRemote,
        remoteDays: remote.remoteDays,
        source,
        closesInDays,
        clearance,
        polygraph,
        ...pay,
        employmentType: role.employmentType,
        customer: customer?.name ?? null,
      });
    }
  });

  // Posting days spread evenly over the period, in a shuffled order so companies mix on every day.
  const order = jobs.map((_, index) => index);
  for (let index = order.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [order[index], order[other]] = [order[other] as number, order[index] as number];
  }
  return order.map((jobIndex, position) => ({
    ...(jobs[jobIndex] as Omit<DemoJob, 'daysAgo'>),
    daysAgo: Math.floor((position * DEMO_POSTING_DAYS) / order.length),
  }));
}

function titleOf(role: RoleTemplate, market: Market) {
  return role.title.replace('{market}', MARKET_LABEL[market]);
}

interface Posting {
  company: DemoCompany;
  role: RoleTemplate;
  title: string;
  market: Market;
  customer: Customer | null;
  location: string;
  remoteText: string;
  clearance: JobClearance | null;
  polygraph: B2gJobFields['polygraph'];
  pay: Pick<DemoJob, 'salaryMin' | 'salaryMax' | 'salaryPeriod' | 'employmentType'>;
}

/**
 * A posting's description as plain text the job page formats: an overview, the work and its
 * terms, then "Responsibilities:" and "Qualifications:" as bullet lists and "Compensation:", each
 * heading on a line of its own.
 */
function describe(posting: Posting): string {
  const { company, role, title, market } = posting;
  const overview = `${company.name} is hiring ${article(title)} ${title} to ${fill(role.summary, market)}. We are ${company.about}.`;
  const work = [workText(posting), posting.remoteText, clearanceText(posting)]
    .filter(Boolean)
    .join(' ');
  return [
    overview,
    work,
    ['Responsibilities:', ...role.responsibilities.map((line) => `- ${fill(line, market)}`)].join(
      '\n',
    ),
    ['Qualifications:', ...role.qualifications.map((line) => `- ${fill(line, market)}`)].join('\n'),
    `Compensation:\n${payText(posting)}`,
  ].join('\n\n');
}

function workText({ company, market, customer }: Posting): string {
  if (!customer && company.staffing)
    return `Our client, a company serving ${MARKET_BUYERS[market]}, is hiring through us for this position.`;
  if (!customer)
    return company.employerType === 'MEDIA_EVENTS'
      ? `Our readers and attendees are ${MARKET_BUYERS[market]}, and our sponsors the companies that serve them.`
      : `Our customers are ${MARKET_BUYERS[market]}.`;
  if (company.staffing)
    return `Our client, a contractor supporting ${inProse(customer.name)}, is hiring through us for this position.`;
  return `The role supports our work with ${inProse(customer.name)}.`;
}

/** A customer's name inside a sentence: "the Department of the Army", "NASA", "Maricopa County". */
function inProse(name: string): string {
  const bare =
    /^(The |NASA|FEMA|CISA|EPA|Arizona State|Purdue)/.test(name) ||
    /(County|Schools|Colleges)$/.test(name);
  return bare ? name : `the ${name}`;
}

function clearanceText({ clearance, polygraph }: Posting): string {
  if (clearance === null) return '';
  if (clearance === 'none') return 'No security clearance is required.';
  if (clearance === 'public_trust')
    return 'You must be able to obtain a Public Trust determination; U.S. citizenship is required.';
  const poly = polygraph && polygraph !== 'none' ? ` with a ${POLYGRAPH_LABELS[polygraph]}` : '';
  return `An active ${JOB_CLEARANCE_LABELS[clearance]} clearance${poly} is required to start; U.S. citizenship is required.`;
}

function payText({ role, pay }: Posting): string {
  const salary = formatSalary(pay);
  const terms = EMPLOYMENT_TYPE_LABELS[pay.employmentType ?? 'full_time'].toLowerCase();
  const closing =
    'We are an equal opportunity employer and welcome applicants of every background.';
  if (!salary)
    return `Pay is competitive and depends on experience; we share the range in the first conversation. ${closing}`;
  if (pay.salaryPeriod === 'hour')
    return `This is a ${terms} position paid ${salary}, on a W-2 basis. ${closing}`;
  const extra =
    role.jobFunction === 'sales' ? 'uncapped commission' : 'an annual performance bonus';
  return `Base pay: ${salary}, plus ${extra}, medical, dental and vision coverage, a 401(k) match and paid time off. ${closing}`;
}

/** The demo jobs everyone sees (DEMO_SEED). */
export const DEMO_JOBS: readonly DemoJob[] = generateDemoJobs();
