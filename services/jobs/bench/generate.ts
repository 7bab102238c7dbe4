import { randomUUID } from 'node:crypto';
import {
  ADMIN_SOURCE_CHOICES,
  EMPLOYER_TYPES,
  EXPERIENCE_LEVELS,
  JOB_FUNCTIONS,
  SECTORS,
  type SearchParams,
  type EmployerType,
  type ExperienceLevel,
  type JobFunction,
  type Sector,
} from '@b2g/contracts';
import { prng } from '@b2g/service-kit';

/**
 * Synthetic job postings for benchmarks: deterministic (seeded), B2G-flavoured titles, companies
 * and US locations, and ~900-character descriptions with a long tail of rare words so the index
 * vocabulary grows the way real postings make it grow.
 */
export interface GeneratedJob {
  _id: string;
  title: string;
  company: string;
  location: string;
  description: string;
  url: string;
  sector: Sector;
  employerType: EmployerType;
  experienceLevel: ExperienceLevel;
  jobFunction: JobFunction;
  isAgencyRole: boolean;
  isRemote: boolean;
  remoteDays: number | null;
  source: string;
  postedAt: Date;
  createdAt: Date;
}

const TITLE_HEADS: Record<JobFunction, string[]> = {
  sales: [
    'Account Executive',
    'Business Development Manager',
    'Capture Manager',
    'Sales Director',
    'Territory Manager',
    'Inside Sales Representative',
    'Strategic Account Manager',
    'Partner Sales Manager',
  ],
  marketing: [
    'Marketing Manager',
    'Demand Generation Manager',
    'Product Marketing Manager',
    'Communications Specialist',
    'Content Marketing Lead',
    'Field Marketing Manager',
    'Events Marketing Coordinator',
    'Proposal Writer',
  ],
  technical: [
    'Solutions Architect',
    'Sales Engineer',
    'Cybersecurity Engineer',
    'Cloud Engineer',
    'Data Analyst',
    'Software Developer',
    'Systems Engineer',
    'DevSecOps Engineer',
  ],
};
const TITLE_PREFIXES = ['', '', 'Senior ', 'Junior ', 'Principal ', 'Lead ', 'Associate '];
const TITLE_SUFFIXES = [
  '',
  '',
  ' - Federal Civilian',
  ' - DoD',
  ' - State & Local',
  ' - Higher Education',
  ' - K-12',
  ' - Public Sector',
];
const COMPANY_HEADS = [
  'Liberty',
  'Capitol',
  'Patriot',
  'Summit',
  'Keystone',
  'Frontier',
  'Granite',
  'Beacon',
  'Meridian',
  'Pioneer',
  'Sentinel',
  'Harbor',
  'Cardinal',
  'Redwood',
  'Atlas',
  'Vanguard',
];
const COMPANY_TAILS = [
  'Systems',
  'Federal',
  'Solutions',
  'Analytics',
  'GovTech',
  'Consulting',
  'Data',
  'Digital',
  'Partners',
  'Networks',
  'Labs',
  'Public Sector',
];
const LOCATIONS = [
  'Washington, DC',
  'Arlington, VA',
  'Reston, VA',
  'Herndon, VA',
  'Bethesda, MD',
  'Columbia, MD',
  'Austin, TX',
  'Sacramento, CA',
  'Denver, CO',
  'Raleigh, NC',
  'Tallahassee, FL',
  'Columbus, OH',
  'Albany, NY',
  'Boston, MA',
  'Huntsville, AL',
  'San Antonio, TX',
  'Colorado Springs, CO',
  'Remote',
  'Remote - US',
  'Atlanta, GA',
];
const SENTENCES = [
  'You will own a territory of federal civilian agencies and build relationships with program offices.',
  'Our platform helps state and local governments modernize citizen services and case management.',
  'The role partners with channel partners, resellers and systems integrators on GSA Schedule and SEWP vehicles.',
  'Experience navigating the federal acquisition lifecycle, from sources sought to award, is required.',
  'You will lead demand generation campaigns for public sector buyers, including webinars and field events.',
  'Candidates should understand FedRAMP, StateRAMP and CMMC compliance requirements.',
  'Work closely with solutions engineers to scope cloud migration and zero trust architecture projects.',
  'We support school districts, community colleges and universities with secure learning platforms.',
  'An active Secret clearance is preferred; the ability to obtain one is required.',
  'Travel up to 25% to customer sites and industry conferences in the national capital region.',
  'You will write proposals, capability statements and responses to RFPs, RFIs and RFQs.',
  'Build dashboards and analyses of pipeline, bookings and marketing-sourced opportunities.',
  'Design secure, scalable data pipelines for agency mission systems on AWS GovCloud and Azure Government.',
  'This is a hybrid position with two days a week in our office; fully remote candidates considered.',
  'We offer competitive base salary, uncapped commission, 401(k) matching and generous paid leave.',
];

const SYLLABLES = [
  'ba',
  'ke',
  'ri',
  'so',
  'tu',
  'lan',
  'mer',
  'dio',
  'vex',
  'qua',
  'zen',
  'tor',
  'pli',
  'gra',
  'mon',
  'sel',
  'fic',
  'ond',
  'yst',
  'arc',
];

export function createGenerator(seed = 42) {
  const random = prng(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const rareWords = Array.from({ length: 40_000 }, () => {
    const count = 2 + Math.floor(random() * 3);
    return Array.from({ length: count }, () => pick(SYLLABLES)).join('');
  });
  const now = Date.now();

  return function generateJob(): GeneratedJob {
    const jobFunction = pick(JOB_FUNCTIONS);
    const title = `${pick(TITLE_PREFIXES)}${pick(TITLE_HEADS[jobFunction])}${pick(TITLE_SUFFIXES)}`;
    const company = `${pick(COMPANY_HEADS)} ${pick(COMPANY_TAILS)}`;
    const sentences = Array.from({ length: 7 }, () => pick(SENTENCES));
    const rare = Array.from({ length: 6 }, () => pick(rareWords)).join(' ');
    const remote = random();
    const postedAt = new Date(now - Math.floor(random() * 60 * 86_400_000));
    const id = randomUUID();
    return {
      _id: id,
      title,
      company,
      location: pick(LOCATIONS),
      description: `${sentences.join(' ')} Tools and programs: ${rare}.`,
      url: `https://careers.example.com/jobs/${id}`,
      sector: pick(SECTORS),
      employerType: pick(EMPLOYER_TYPES),
      experienceLevel: pick(EXPERIENCE_LEVELS),
      jobFunction,
      isAgencyRole: random() < 0.1,
      isRemote: remote < 0.3,
      remoteDays: remote < 0.3 ? 5 : remote < 0.6 ? 1 + Math.floor(random() * 4) : null,
      source: pick(ADMIN_SOURCE_CHOICES),
      postedAt,
      createdAt: postedAt,
    };
  };
}

const nth = <T>(values: readonly T[], i: number): T => values[i % values.length] as T;

/**
 * The i-th saved search as people save them: a generated job's description word (its tools and
 * programs) with two of its title's words or a filter, so each matches a handful of new jobs.
 */
export function savedSearchOf(job: GeneratedJob, i: number): SearchParams {
  const rare = job.description.split(': ')[1]?.split(' ')[0] ?? '';
  return {
    search: i % 2 === 0 ? rare : `${rare} ${job.title.split(' ').slice(0, 2).join(' ')}`,
    ...(i % 3 === 0 ? { sector: nth(SECTORS, i) } : {}),
    ...(i % 4 === 0 ? { jobFunction: nth(JOB_FUNCTIONS, i) } : {}),
  };
}
