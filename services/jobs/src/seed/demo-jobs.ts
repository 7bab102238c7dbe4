import {
  ADMIN_SOURCE_CHOICES,
  EMPLOYER_TYPES,
  type AdminSourceChoice,
  type EmployerType,
  type ExperienceLevel,
  type JobFunction,
  type Sector,
} from '@b2g/contracts';
import type { B2gJobFields } from '../domain/model.js';

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
  /** Days before seeding that it was posted (0 to 60). */
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

type Row = [
  title: string,
  jobFunction: JobFunction,
  experienceLevel: ExperienceLevel,
  company: string,
  location: string,
  focus: string,
  sector: Sector,
];

const ROWS: Row[] = [
  [
    'Account Executive, Federal Civilian',
    'sales',
    'mid',
    'Keystone Federal Systems',
    'Arlington, VA',
    'civilian agencies such as Treasury, Commerce and the Department of Labor',
    'FEDERAL',
  ],
  [
    'Senior Account Executive, DoD',
    'sales',
    'senior',
    'Redstone Mission Integrators',
    'Huntsville, AL',
    'Army and Missile Defense Agency program offices',
    'FEDERAL',
  ],
  [
    'Business Development Manager, State & Local',
    'sales',
    'mid',
    'Evergreen Civic Solutions',
    'Sacramento, CA',
    'state agencies and large counties on the West Coast',
    'STATE_LOCAL',
  ],
  [
    'Capture Manager',
    'sales',
    'senior',
    'Tidewater Government Solutions',
    'Reston, VA',
    'recompetes and new-start pursuits above $50M',
    'BOTH',
  ],
  [
    'Inside Sales Representative, Public Sector',
    'sales',
    'entry',
    'Prairie Software Co.',
    'Columbus, OH',
    'cities, townships and special districts across the Midwest',
    'STATE_LOCAL',
  ],
  [
    'Regional Sales Director, SLED',
    'sales',
    'senior',
    'Civic Ledger',
    'Denver, CO',
    'state, local and education buyers in the Mountain West',
    'STATE_LOCAL',
  ],
  [
    'Strategic Account Manager, Higher Education',
    'sales',
    'mid',
    'BrightPath EdTech',
    'Boston, MA',
    'public universities and community college systems',
    'EDUCATION',
  ],
  [
    'Associate Account Executive, K-12',
    'sales',
    'entry',
    'Magnolia K-12 Software',
    'Atlanta, GA',
    'school districts in Georgia, Alabama and the Carolinas',
    'EDUCATION',
  ],
  [
    'Channel Sales Manager, Federal',
    'sales',
    'mid',
    'ClearSky Cloud Federal',
    'Herndon, VA',
    'resellers on GSA Schedule, SEWP and CIO-SP4 contract vehicles',
    'FEDERAL',
  ],
  [
    'Enterprise Account Executive, Intelligence Community',
    'sales',
    'senior',
    'Ironclad Secure Networks',
    'Chantilly, VA',
    'intelligence community customers (TS/SCI required)',
    'FEDERAL',
  ],
  [
    'Sales Development Representative, Government',
    'sales',
    'entry',
    'Sagebrush Data',
    'Salt Lake City, UT',
    'first meetings with state and federal data leaders',
    'BOTH',
  ],
  [
    'Partner Sales Manager, Public Sector',
    'sales',
    'mid',
    'Atlas Mission Integrators',
    'San Antonio, TX',
    'systems integrator partners supporting Air Force bases',
    'FEDERAL',
  ],
  [
    'Territory Account Manager, Texas State Government',
    'sales',
    'mid',
    'Lakeshore Analytics',
    'Austin, TX',
    'Texas state agencies buying through DIR contracts',
    'STATE_LOCAL',
  ],
  [
    'Sponsorship Sales Manager, GovTech Events',
    'sales',
    'mid',
    'Potomac Events & Media',
    'Washington, DC',
    'exhibitors and sponsors of government technology summits',
    'BOTH',
  ],
  [
    'Senior Business Development Director, Health IT',
    'sales',
    'senior',
    'Cobalt Public Consulting',
    'Bethesda, MD',
    'HHS, CMS and state Medicaid agencies',
    'BOTH',
  ],
  [
    'Account Executive, Public Safety',
    'sales',
    'mid',
    'Harborview Cyber',
    'Tallahassee, FL',
    'sheriffs, police departments and 911 centers',
    'STATE_LOCAL',
  ],
  [
    'Federal Sales Manager, Cloud Infrastructure',
    'sales',
    'senior',
    'ClearSky Cloud Federal',
    'Washington, DC',
    'FedRAMP High workloads at defense and civilian agencies',
    'FEDERAL',
  ],
  [
    'Government Relations and Sales Associate',
    'sales',
    'entry',
    'Granite State Digital',
    'Concord, NH',
    'New England municipalities and state offices',
    'STATE_LOCAL',
  ],
  [
    'Proposal Manager',
    'marketing',
    'mid',
    'Tidewater Government Solutions',
    'Norfolk, VA',
    'RFP responses for Navy and Coast Guard opportunities',
    'FEDERAL',
  ],
  [
    'Senior Product Marketing Manager, Public Sector',
    'marketing',
    'senior',
    'Meridian Public Sector Software',
    'Raleigh, NC',
    'positioning case management software for state agencies',
    'STATE_LOCAL',
  ],
  [
    'Demand Generation Manager, Federal',
    'marketing',
    'mid',
    'Keystone Federal Systems',
    'Arlington, VA',
    'pipeline programs aimed at federal IT decision makers',
    'FEDERAL',
  ],
  [
    'Marketing Coordinator, Government Events',
    'marketing',
    'entry',
    'Potomac Events & Media',
    'Washington, DC',
    'registration, speakers and sponsors of agency-focused conferences',
    'FEDERAL',
  ],
  [
    'Communications Specialist, SLED',
    'marketing',
    'entry',
    'Evergreen Civic Solutions',
    'Olympia, WA',
    'case studies with cities, counties and transit authorities',
    'STATE_LOCAL',
  ],
  [
    'Content Marketing Lead, GovTech',
    'marketing',
    'senior',
    'Civic Ledger',
    'Remote (US)',
    'thought leadership for state CIOs and finance directors',
    'STATE_LOCAL',
  ],
  [
    'Field Marketing Manager, Education',
    'marketing',
    'mid',
    'BrightPath EdTech',
    'Chicago, IL',
    'regional events for superintendents and university CIOs',
    'EDUCATION',
  ],
  [
    'Director of Public Sector Marketing',
    'marketing',
    'senior',
    'Ironclad Secure Networks',
    'Reston, VA',
    'the federal, state and local go-to-market plan',
    'BOTH',
  ],
  [
    'Digital Marketing Specialist, K-12',
    'marketing',
    'entry',
    'Magnolia K-12 Software',
    'Nashville, TN',
    'paid search and email campaigns to school district leaders',
    'EDUCATION',
  ],
  [
    'Partner Marketing Manager, Federal',
    'marketing',
    'mid',
    'Atlas Mission Integrators',
    'Colorado Springs, CO',
    'co-marketing with Space Force and NORAD partners',
    'FEDERAL',
  ],
  [
    'Account-Based Marketing Manager, DoD',
    'marketing',
    'mid',
    'Redstone Mission Integrators',
    'Huntsville, AL',
    'named-account programs for Army program executive offices',
    'FEDERAL',
  ],
  [
    'Marketing Operations Analyst, Public Sector',
    'marketing',
    'mid',
    'Prairie Software Co.',
    'Madison, WI',
    'campaign attribution and CRM hygiene for government pipeline',
    'BOTH',
  ],
  [
    'Public Relations Manager, Civic Technology',
    'marketing',
    'senior',
    'Granite State Digital',
    'Boston, MA',
    'press and analyst relations with state and local trade media',
    'STATE_LOCAL',
  ],
  [
    'Brand and Creative Manager, GovTech',
    'marketing',
    'mid',
    'GovReach Media',
    'Alexandria, VA',
    'brand campaigns for agencies and their contractors',
    'FEDERAL',
  ],
  [
    'Associate Product Marketing Manager, State Government',
    'marketing',
    'entry',
    'Lakeshore Analytics',
    'Springfield, IL',
    'launch messaging for state revenue and labor departments',
    'STATE_LOCAL',
  ],
  [
    'Webinar Program Manager, Federal Health',
    'marketing',
    'mid',
    'Cobalt Public Consulting',
    'Rockville, MD',
    'webinars for VA, IHS and Defense Health Agency audiences',
    'FEDERAL',
  ],
  [
    'Social Media Manager, Government Media',
    'marketing',
    'entry',
    'GovReach Media',
    'Remote (US)',
    'social channels of a newsletter read by 80,000 public servants',
    'BOTH',
  ],
  [
    'Solutions Architect, Federal Cloud',
    'technical',
    'senior',
    'ClearSky Cloud Federal',
    'Herndon, VA',
    'AWS GovCloud and Azure Government migrations',
    'FEDERAL',
  ],
  [
    'Sales Engineer, State & Local',
    'technical',
    'mid',
    'Meridian Public Sector Software',
    'Phoenix, AZ',
    'demos and proofs of concept for state and county IT teams',
    'STATE_LOCAL',
  ],
  [
    'Cybersecurity Engineer, CMMC',
    'technical',
    'mid',
    'Harborview Cyber',
    'Columbia, MD',
    'CMMC Level 2 readiness for defense industrial base suppliers',
    'FEDERAL',
  ],
  [
    'Junior Data Analyst, Public Health',
    'technical',
    'entry',
    'Sagebrush Data',
    'Denver, CO',
    'dashboards for state and county health departments',
    'STATE_LOCAL',
  ],
  [
    'Principal Systems Engineer, DoD Programs',
    'technical',
    'senior',
    'Redstone Mission Integrators',
    'Huntsville, AL',
    'mission systems integration for Army aviation programs',
    'FEDERAL',
  ],
  [
    'DevSecOps Engineer',
    'technical',
    'mid',
    'Atlas Mission Integrators',
    'San Antonio, TX',
    'software factories and CI/CD pipelines for Air Force customers',
    'FEDERAL',
  ],
  [
    'Implementation Consultant, ERP for Government',
    'technical',
    'mid',
    'Cobalt Public Consulting',
    'Harrisburg, PA',
    'finance and HR system rollouts for Pennsylvania agencies',
    'STATE_LOCAL',
  ],
  [
    'Software Developer, Student Information Systems',
    'technical',
    'entry',
    'Magnolia K-12 Software',
    'Atlanta, GA',
    'features used by teachers and registrars in 300 school districts',
    'EDUCATION',
  ],
  [
    'Senior Data Engineer, Federal Analytics',
    'technical',
    'senior',
    'Lakeshore Analytics',
    'Washington, DC',
    'data platforms for grant and procurement analytics',
    'FEDERAL',
  ],
  [
    'Cloud Security Analyst, FedRAMP',
    'technical',
    'mid',
    'Ironclad Secure Networks',
    'Reston, VA',
    'continuous monitoring and FedRAMP authorization packages',
    'FEDERAL',
  ],
  [
    'Technical Account Manager, Higher Education',
    'technical',
    'mid',
    'BrightPath EdTech',
    'Austin, TX',
    'integrations with university learning and identity systems',
    'EDUCATION',
  ],
  [
    'GIS Analyst, Local Government',
    'technical',
    'entry',
    'Evergreen Civic Solutions',
    'Portland, OR',
    'mapping and permitting data for cities and counties',
    'STATE_LOCAL',
  ],
  [
    'Lead Software Engineer, Benefits Modernization',
    'technical',
    'senior',
    'Keystone Federal Systems',
    'Remote (US)',
    'modernizing benefits claims systems for a civilian agency',
    'FEDERAL',
  ],
  [
    'Network Engineer, State Broadband',
    'technical',
    'mid',
    'Granite State Digital',
    'Montpelier, VT',
    'state broadband and public safety network build-outs',
    'STATE_LOCAL',
  ],
  [
    'Zero Trust Architect',
    'technical',
    'senior',
    'Tidewater Government Solutions',
    'Fort Meade, MD',
    'zero trust architecture for defense networks',
    'FEDERAL',
  ],
  [
    'Salesforce Developer, Public Sector',
    'technical',
    'mid',
    'Civic Ledger',
    'Sacramento, CA',
    'licensing and permitting apps for state departments',
    'STATE_LOCAL',
  ],
  [
    'Associate Solutions Engineer, GovTech',
    'technical',
    'entry',
    'Prairie Software Co.',
    'Kansas City, MO',
    'technical discovery with city clerks and finance offices',
    'STATE_LOCAL',
  ],
  [
    'Business Development Representative, Defense',
    'sales',
    'entry',
    'Frontier Systems Integration',
    'Dayton, OH',
    'Air Force Research Laboratory and Wright-Patterson buyers',
    'FEDERAL',
  ],
  [
    'Government Contracts Sales Lead',
    'sales',
    'senior',
    'Summit Procurement Partners',
    'Tysons, VA',
    'contract vehicle strategy and teaming agreements',
    'FEDERAL',
  ],
  [
    'Public Sector Marketing Manager, Cybersecurity',
    'marketing',
    'mid',
    'Harborview Cyber',
    'Tampa, FL',
    'campaigns for state CISOs and federal security teams',
    'BOTH',
  ],
  [
    'Events Marketing Manager, Defense Trade Shows',
    'marketing',
    'mid',
    'Frontier Systems Integration',
    'Colorado Springs, CO',
    'booths and briefings at AUSA, Space Symposium and Sea-Air-Space',
    'FEDERAL',
  ],
  [
    'Data Scientist, Fraud Analytics for State Agencies',
    'technical',
    'senior',
    'Sagebrush Data',
    'Remote (US)',
    'fraud models for unemployment insurance and Medicaid programs',
    'STATE_LOCAL',
  ],
  [
    'IT Project Manager, County Government',
    'technical',
    'mid',
    'Summit Procurement Partners',
    'Raleigh, NC',
    'county IT modernization projects from kickoff to go-live',
    'STATE_LOCAL',
  ],
  [
    'Account Executive, Transportation Agencies',
    'sales',
    'mid',
    'Lakeshore Analytics',
    'Albany, NY',
    'state DOTs, transit authorities and toll agencies',
    'STATE_LOCAL',
  ],
  [
    'Federal Marketing Writer',
    'marketing',
    'entry',
    'Summit Procurement Partners',
    'Washington, DC',
    'capability statements, white papers and past-performance write-ups',
    'FEDERAL',
  ],
  [
    'Customer Success Engineer, Public Safety Software',
    'technical',
    'mid',
    'Frontier Systems Integration',
    'Phoenix, AZ',
    'onboarding police and fire departments to dispatch software',
    'STATE_LOCAL',
  ],
  [
    'Senior Proposal Writer, Federal IT',
    'marketing',
    'senior',
    'Keystone Federal Systems',
    'Remote (US)',
    'technical volumes for large federal IT recompetes',
    'FEDERAL',
  ],
  [
    'Education Sales Consultant, Community Colleges',
    'sales',
    'mid',
    'BrightPath EdTech',
    'Sacramento, CA',
    'California community college districts',
    'EDUCATION',
  ],
  [
    'Technical Writer, Government Software',
    'technical',
    'entry',
    'Meridian Public Sector Software',
    'Remote (US)',
    'user guides and release notes read by state caseworkers',
    'STATE_LOCAL',
  ],
];

/** The admin form's sources in rotation, direct posts twice as often as each other one. */
const SOURCES: AdminSourceChoice[] = ['Direct Post', ...ADMIN_SOURCE_CHOICES];

/** Remote variants in rotation: on-site, fully remote, hybrid days, "remote work available". */
const REMOTE_VARIANTS: Array<{ isRemote: boolean; remoteDays: number | null; text: string }> = [
  { isRemote: false, remoteDays: null, text: 'This role is on-site.' },
  {
    isRemote: true,
    remoteDays: 5,
    text: 'This position is fully remote within the United States.',
  },
  { isRemote: true, remoteDays: 3, text: 'Hybrid: three days a week remote, two in the office.' },
  { isRemote: true, remoteDays: 2, text: 'Hybrid: two days a week remote.' },
  { isRemote: true, remoteDays: null, text: 'Remote work is available for the right candidate.' },
  {
    isRemote: true,
    remoteDays: 1,
    text: 'One remote day a week; the rest on-site with the customer.',
  },
  { isRemote: true, remoteDays: 4, text: 'Mostly remote: in the office one day a week.' },
];

type DemoTerms = Partial<
  Pick<
    DemoJob,
    | 'clearance'
    | 'polygraph'
    | 'salaryMin'
    | 'salaryMax'
    | 'salaryPeriod'
    | 'employmentType'
    | 'closesInDays'
  >
>;

/**
 * Issue 20's terms in rotation: pay by the year and by the hour, clearances up to TS/SCI with
 * polygraphs, closing dates; some jobs state none. Only federal work needs more than public trust.
 */
const TERM_VARIANTS: DemoTerms[] = [
  {
    clearance: 'secret',
    salaryMin: 110_000,
    salaryMax: 140_000,
    salaryPeriod: 'year',
    employmentType: 'full_time',
    closesInDays: 45,
  },
  {
    clearance: 'public_trust',
    salaryMin: 65,
    salaryMax: 80,
    salaryPeriod: 'hour',
    employmentType: 'contract',
    closesInDays: 21,
  },
  {},
  {
    clearance: 'top_secret',
    polygraph: 'ci',
    salaryMin: 150_000,
    salaryMax: 185_000,
    salaryPeriod: 'year',
    employmentType: 'full_time',
  },
  { salaryMin: 95_000, salaryPeriod: 'year', employmentType: 'full_time' },
  {
    clearance: 'ts_sci',
    polygraph: 'full_scope',
    salaryMin: 175_000,
    salaryMax: 215_000,
    salaryPeriod: 'year',
    employmentType: 'full_time',
    closesInDays: 60,
  },
];

/** Buyers named by federal demo jobs, in rotation. */
const FEDERAL_CUSTOMERS = [
  'Department of the Army',
  'Department of Homeland Security',
  'NASA',
  'Department of Veterans Affairs',
];

const FEDERAL_WORK: ReadonlySet<Sector> = new Set(['FEDERAL', 'BOTH']);

/** A variant's terms for a job of `sector`: outside federal work, at most public trust. */
function termsOf(index: number, sector: Sector) {
  const terms = TERM_VARIANTS[index % TERM_VARIANTS.length] as DemoTerms;
  const federal = FEDERAL_WORK.has(sector);
  const cleared = federal || terms.clearance === 'public_trust';
  return {
    clearance: cleared ? (terms.clearance ?? null) : null,
    polygraph: cleared ? (terms.polygraph ?? null) : null,
    salaryMin: terms.salaryMin ?? null,
    salaryMax: terms.salaryMax ?? null,
    salaryPeriod: terms.salaryPeriod ?? null,
    employmentType: terms.employmentType ?? null,
    closesInDays: terms.closesInDays,
    customer:
      sector === 'FEDERAL' ? (FEDERAL_CUSTOMERS[index % FEDERAL_CUSTOMERS.length] ?? null) : null,
  };
}

const SECTOR_TEXT: Record<Sector, string> = {
  FEDERAL: 'You will work with federal agencies and their contracting officers.',
  STATE_LOCAL: 'Our customers are state agencies, counties and cities.',
  EDUCATION: 'Our customers are school districts, colleges and universities.',
  BOTH: 'The role spans federal agencies as well as state and local governments.',
};

const FUNCTION_TEXT: Record<JobFunction, string> = {
  sales: 'You will build pipeline, forecast accurately and close multi-year contracts.',
  marketing: 'You will plan campaigns, write compelling copy and measure what drives pipeline.',
  technical:
    'You will design, build and explain solutions that meet government security requirements.',
};

const slug = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * The demo jobs: every sector, function, employer type, remote variant and B2G terms variant,
 * posted over 60 days.
 */
export const DEMO_JOBS: DemoJob[] = ROWS.map(
  ([title, jobFunction, experienceLevel, company, location, focus, sector], index) => {
    const remote = REMOTE_VARIANTS[
      index % REMOTE_VARIANTS.length
    ] as (typeof REMOTE_VARIANTS)[number];
    const onlyRemote = location.startsWith('Remote');
    return {
      title,
      company,
      location,
      description: [
        `${company} is hiring ${/^[AEIOU]/.test(title) ? 'an' : 'a'} ${title} focused on ${focus}.`,
        SECTOR_TEXT[sector],
        FUNCTION_TEXT[jobFunction],
        onlyRemote ? 'This position is fully remote within the United States.' : remote.text,
      ].join(' '),
      url: `https://careers.${slug(company)}.example/jobs/${slug(title)}`,
      sector,
      employerType: EMPLOYER_TYPES[index % EMPLOYER_TYPES.length] as EmployerType,
      jobFunction,
      experienceLevel,
      isAgencyRole: index % 9 === 4,
      isRemote: onlyRemote || remote.isRemote,
      remoteDays: onlyRemote ? 5 : remote.remoteDays,
      source: SOURCES[index % SOURCES.length] as AdminSourceChoice,
      daysAgo: Math.round((index * 60) / (ROWS.length - 1)),
      ...termsOf(index, sector),
    };
  },
);
