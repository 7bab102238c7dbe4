import type { JobClearance, Polygraph, Sector } from '@b2g/contracts';

/**
 * The markets a demo job sells into. Federal civilian, defense and intelligence buyers are the
 * federal sector; state and local, K-12 and higher education the SLED ones; `public_sector` buyers
 * pair a federal agency with the state agencies that run its programs (the "both" sector).
 */
export type Market =
  'civilian' | 'defense' | 'intel' | 'state_local' | 'k12' | 'higher_ed' | 'public_sector';

export const MARKET_SECTOR: Record<Market, Sector> = {
  civilian: 'FEDERAL',
  defense: 'FEDERAL',
  intel: 'FEDERAL',
  state_local: 'STATE_LOCAL',
  k12: 'EDUCATION',
  higher_ed: 'EDUCATION',
  public_sector: 'BOTH',
};

/** How a title names its market: "Account Executive, Federal Civilian". */
export const MARKET_LABEL: Record<Market, string> = {
  civilian: 'Federal Civilian',
  defense: 'DoD',
  intel: 'Intelligence Community',
  state_local: 'State & Local',
  k12: 'K-12',
  higher_ed: 'Higher Education',
  public_sector: 'Public Sector',
};

/** Who a job's work is for, as a sentence names them: "… selling to {buyers}". */
export const MARKET_BUYERS: Record<Market, string> = {
  civilian: 'federal civilian agencies',
  defense: 'defense program offices and commands',
  intel: 'intelligence community agencies',
  state_local: 'state agencies, counties and cities',
  k12: 'school districts',
  higher_ed: 'public colleges and universities',
  public_sector: 'federal agencies and the state agencies that run their programs',
};

export interface Customer {
  name: string;
  /** The clearances its contracts ask of people on them, most common first; none for SLED. */
  clearances: readonly JobClearance[];
  /** Polygraphs its TS/SCI work asks for (only TS/SCI work has one). */
  polygraphs?: readonly Polygraph[];
}

const civilian = (name: string, ...clearances: JobClearance[]): Customer => ({
  name,
  clearances: clearances.length > 0 ? clearances : ['public_trust', 'none'],
});

const noClearance = (name: string): Customer => ({ name, clearances: [] });

/** Federal civilian agencies: public trust, and Secret where the mission is national security. */
export const CIVILIAN_AGENCIES: readonly Customer[] = [
  civilian('Department of the Treasury'),
  civilian('Internal Revenue Service'),
  civilian('Department of Commerce'),
  civilian('U.S. Census Bureau'),
  civilian('Department of Labor'),
  civilian('Department of Health and Human Services'),
  civilian('Centers for Medicare & Medicaid Services'),
  civilian('National Institutes of Health'),
  civilian('Department of Veterans Affairs'),
  civilian('Social Security Administration'),
  civilian('General Services Administration'),
  civilian('Department of Agriculture'),
  civilian('Department of the Interior'),
  civilian('Department of Transportation'),
  civilian('Federal Aviation Administration', 'public_trust', 'secret'),
  civilian('NASA', 'public_trust', 'secret'),
  civilian('Environmental Protection Agency'),
  civilian('Department of Education'),
  civilian('U.S. Patent and Trademark Office'),
  civilian('Small Business Administration'),
  civilian('Department of Housing and Urban Development'),
  civilian('Office of Personnel Management'),
  civilian('Department of Homeland Security', 'secret', 'public_trust'),
  civilian('Department of State', 'secret', 'top_secret'),
  civilian('Department of Energy', 'secret', 'public_trust'),
];

/** Defense buyers: Secret and Top Secret, TS/SCI for cyber and space work. */
export const DEFENSE_CUSTOMERS: readonly Customer[] = [
  { name: 'Department of the Army', clearances: ['secret', 'top_secret'] },
  { name: 'Department of the Navy', clearances: ['secret', 'top_secret'] },
  { name: 'Department of the Air Force', clearances: ['secret', 'top_secret'] },
  { name: 'U.S. Space Force', clearances: ['top_secret', 'ts_sci'], polygraphs: ['none'] },
  { name: 'U.S. Marine Corps', clearances: ['secret'] },
  { name: 'Defense Information Systems Agency', clearances: ['secret', 'top_secret'] },
  { name: 'Defense Logistics Agency', clearances: ['secret'] },
  { name: 'Defense Health Agency', clearances: ['public_trust', 'secret'] },
  { name: 'Missile Defense Agency', clearances: ['secret', 'top_secret'] },
  { name: 'Army Futures Command', clearances: ['secret'] },
  { name: 'Naval Sea Systems Command', clearances: ['secret'] },
  { name: 'Air Force Life Cycle Management Center', clearances: ['secret', 'top_secret'] },
  { name: 'U.S. Cyber Command', clearances: ['ts_sci'], polygraphs: ['ci', 'none'] },
];

/** The intelligence community: TS/SCI, most with a polygraph. */
export const INTEL_CUSTOMERS: readonly Customer[] = [
  { name: 'National Security Agency', clearances: ['ts_sci'], polygraphs: ['full_scope'] },
  { name: 'National Reconnaissance Office', clearances: ['ts_sci'], polygraphs: ['ci'] },
  {
    name: 'National Geospatial-Intelligence Agency',
    clearances: ['ts_sci'],
    polygraphs: ['ci', 'none'],
  },
  { name: 'Defense Intelligence Agency', clearances: ['ts_sci'], polygraphs: ['ci'] },
];

export const STATE_LOCAL_AGENCIES: readonly Customer[] = [
  'California Department of Technology',
  'Texas Department of Information Resources',
  'New York State Office of Information Technology Services',
  'Florida Department of Children and Families',
  'Ohio Department of Administrative Services',
  'Georgia Technology Authority',
  "Colorado Governor's Office of Information Technology",
  'Virginia Information Technologies Agency',
  'Washington State Health Care Authority',
  'Illinois Department of Innovation & Technology',
  'North Carolina Department of Information Technology',
  'Michigan Department of Technology, Management & Budget',
  'City of Chicago',
  'City of Austin',
  'City and County of Denver',
  'Los Angeles County',
  'Maricopa County',
  'King County',
  'Miami-Dade County',
  'Harris County',
].map(noClearance);

export const SCHOOL_DISTRICTS: readonly Customer[] = [
  'Fairfax County Public Schools',
  'Gwinnett County Public Schools',
  'Houston Independent School District',
  'Los Angeles Unified School District',
  'Chicago Public Schools',
  'Miami-Dade County Public Schools',
  'Denver Public Schools',
  'Clark County School District',
  'Wake County Public School System',
  'Montgomery County Public Schools',
].map(noClearance);

export const UNIVERSITIES: readonly Customer[] = [
  'University of Texas System',
  'State University of New York',
  'California Community Colleges',
  'Arizona State University',
  'The Ohio State University',
  'University System of Georgia',
  'Maricopa Community Colleges',
  'Purdue University',
  'University of Minnesota',
  'Virginia Community College System',
].map(noClearance);

/** A federal agency together with the state agencies that run its programs. */
export const PUBLIC_SECTOR_BUYERS: readonly Customer[] = [
  'Centers for Medicare & Medicaid Services and state Medicaid agencies',
  'FEMA and state emergency management agencies',
  'USDA Food and Nutrition Service and state SNAP agencies',
  'Department of Labor and state workforce agencies',
  'CISA and state and local cyber offices',
  'Department of Transportation and state DOTs',
  'Department of Education and state education agencies',
  'EPA and state environmental agencies',
].map(noClearance);

export const CUSTOMERS: Record<Market, readonly Customer[]> = {
  civilian: CIVILIAN_AGENCIES,
  defense: DEFENSE_CUSTOMERS,
  intel: INTEL_CUSTOMERS,
  state_local: STATE_LOCAL_AGENCIES,
  k12: SCHOOL_DISTRICTS,
  higher_ed: UNIVERSITIES,
  public_sector: PUBLIC_SECTOR_BUYERS,
};
