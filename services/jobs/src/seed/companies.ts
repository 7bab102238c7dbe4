import type { AdminSourceChoice, EmployerType } from '@b2g/contracts';
import type { Market } from './customers.js';

/** A made-up employer of the demo jobs: what it is, whom it sells to and where it hires. */
export interface DemoCompany {
  name: string;
  employerType: EmployerType;
  /** The markets its jobs serve, the main one first. */
  markets: readonly Market[];
  /** Offices it hires into, headquarters first ("City, ST"). */
  offices: readonly string[];
  /** Completes "We are …": what it does, with its article. */
  about: string;
  /** How many demo jobs it has open. */
  openings: number;
  /**
   * The customers its jobs serve where it has a niche (names from the customer tables of its
   * markets); any customer of the market otherwise.
   */
  customers?: readonly string[];
  /** Where most of its postings come from (its applicant tracking system, or a direct post). */
  source: AdminSourceChoice;
  /** A staffing firm recruiting for its clients: its jobs are agency roles. */
  staffing?: true;
}

export const COMPANIES: readonly DemoCompany[] = [
  // Primes and mid-tier systems integrators.
  {
    name: 'Keystone Federal Systems',
    employerType: 'INTEGRATOR',
    markets: ['civilian'],
    offices: ['Arlington, VA', 'Washington, DC', 'Kansas City, MO'],
    about:
      'a mid-tier systems integrator modernizing case management, grants and financial systems for civilian agencies',
    openings: 6,
    source: 'smartrecruiters',
  },
  {
    name: 'Palisade Systems Group',
    employerType: 'INTEGRATOR',
    markets: ['civilian', 'defense'],
    offices: ['Reston, VA', 'McLean, VA', 'Colorado Springs, CO'],
    about:
      'a large prime contractor delivering enterprise IT, logistics and mission systems across more than 40 federal agencies',
    openings: 6,
    source: 'other',
  },
  {
    name: 'Meridian Defense Technologies',
    employerType: 'INTEGRATOR',
    markets: ['defense', 'intel'],
    offices: ['Falls Church, VA', 'San Diego, CA', 'Chantilly, VA'],
    about:
      'a defense prime building command-and-control, sensor and space ground systems for the armed services and the intelligence community',
    openings: 6,
    source: 'other',
  },
  {
    name: 'Redstone Mission Integrators',
    employerType: 'INTEGRATOR',
    markets: ['defense'],
    offices: ['Huntsville, AL', 'Colorado Springs, CO'],
    about:
      'an engineering services firm supporting Army aviation, missile defense and space programs from Redstone Arsenal',
    openings: 4,
    customers: [
      'Department of the Army',
      'Missile Defense Agency',
      'Army Futures Command',
      'U.S. Space Force',
    ],
    source: 'smartrecruiters',
  },
  {
    name: 'Atlas Mission Integrators',
    employerType: 'INTEGRATOR',
    markets: ['defense'],
    offices: ['San Antonio, TX', 'Dayton, OH'],
    about:
      'a mid-tier integrator modernizing Air Force logistics, training and cyber operations systems',
    openings: 4,
    customers: [
      'Department of the Air Force',
      'Air Force Life Cycle Management Center',
      'U.S. Space Force',
      'U.S. Cyber Command',
    ],
    source: 'other',
  },
  {
    name: 'Tidewater Government Solutions',
    employerType: 'INTEGRATOR',
    markets: ['defense', 'civilian'],
    offices: ['Norfolk, VA', 'Virginia Beach, VA', 'Washington, DC'],
    about:
      'a service-disabled veteran-owned integrator supporting Navy shipyards, fleet readiness and maritime agencies',
    openings: 4,
    customers: [
      'Department of the Navy',
      'Naval Sea Systems Command',
      'U.S. Marine Corps',
      'Department of Homeland Security',
      'Department of Transportation',
    ],
    source: 'linkedin',
  },
  {
    name: 'Ironclad Secure Networks',
    employerType: 'INTEGRATOR',
    markets: ['intel', 'defense'],
    offices: ['Chantilly, VA', 'Annapolis Junction, MD'],
    about:
      'a cleared integrator engineering secure networks and cross-domain solutions for intelligence and defense customers',
    openings: 5,
    customers: [
      'National Security Agency',
      'National Reconnaissance Office',
      'Defense Intelligence Agency',
      'U.S. Cyber Command',
      'Defense Information Systems Agency',
    ],
    source: 'other',
  },
  {
    name: 'Columbia Point Federal',
    employerType: 'INTEGRATOR',
    markets: ['civilian'],
    offices: ['Rockville, MD', 'Baltimore, MD'],
    about:
      'a health IT integrator supporting benefits, claims and research systems for VA, CMS and NIH',
    openings: 4,
    customers: [
      'Department of Veterans Affairs',
      'Centers for Medicare & Medicaid Services',
      'National Institutes of Health',
      'Department of Health and Human Services',
    ],
    source: 'smartrecruiters',
  },
  {
    name: 'Chesapeake Digital Services',
    employerType: 'INTEGRATOR',
    markets: ['civilian'],
    offices: ['Baltimore, MD', 'Washington, DC'],
    about: 'an 8(a) small business building user-centered digital services for civilian agencies',
    openings: 4,
    source: 'Direct Post',
  },
  {
    name: 'Anchorpoint Solutions',
    employerType: 'INTEGRATOR',
    markets: ['state_local'],
    offices: ['Sacramento, CA', 'Austin, TX', 'Tallahassee, FL'],
    about:
      'a systems integrator modernizing eligibility, child welfare and unemployment insurance systems for states',
    openings: 5,
    customers: [
      'California Department of Technology',
      'Florida Department of Children and Families',
      'Washington State Health Care Authority',
      'Texas Department of Information Resources',
      'New York State Office of Information Technology Services',
    ],
    source: 'smartrecruiters',
  },
  // Consultancies.
  {
    name: 'Cobalt Public Consulting',
    employerType: 'CONSULTANCY',
    markets: ['public_sector', 'civilian'],
    offices: ['Bethesda, MD', 'Atlanta, GA'],
    about:
      'a management consultancy advising HHS and state Medicaid agencies on program integrity and modernization',
    openings: 4,
    customers: [
      'Department of Health and Human Services',
      'Centers for Medicare & Medicaid Services',
      'National Institutes of Health',
      'Centers for Medicare & Medicaid Services and state Medicaid agencies',
      'USDA Food and Nutrition Service and state SNAP agencies',
    ],
    source: 'lever',
  },
  {
    name: 'Summit Procurement Partners',
    employerType: 'CONSULTANCY',
    markets: ['civilian', 'state_local'],
    offices: ['Vienna, VA', 'Denver, CO'],
    about:
      'a procurement advisory firm helping agencies plan acquisitions and write better solicitations',
    openings: 3,
    source: 'Direct Post',
  },
  {
    name: 'Lodestar Capture Group',
    employerType: 'CONSULTANCY',
    markets: ['defense', 'civilian'],
    offices: ['Tysons, VA', 'Remote (US)'],
    about:
      'a capture and proposal consultancy that has written winning bids for more than 200 federal contractors',
    openings: 4,
    source: 'linkedin',
  },
  {
    name: 'Beacon Hill Advisory',
    employerType: 'CONSULTANCY',
    markets: ['state_local', 'higher_ed'],
    offices: ['Boston, MA', 'Providence, RI'],
    about:
      'a consultancy guiding state agencies and public universities through ERP and finance system modernization',
    openings: 4,
    source: 'greenhouse',
  },
  {
    name: 'Northgate Public Strategies',
    employerType: 'CONSULTANCY',
    markets: ['state_local'],
    offices: ['Chicago, IL', 'Columbus, OH', 'Madison, WI'],
    about:
      'a public sector consultancy helping Midwest states and cities plan and run digital transformation programs',
    openings: 4,
    customers: [
      'Illinois Department of Innovation & Technology',
      'Ohio Department of Administrative Services',
      'Michigan Department of Technology, Management & Budget',
      'City of Chicago',
    ],
    source: 'lever',
  },
  {
    name: 'Keel & Compass Consulting',
    employerType: 'CONSULTANCY',
    markets: ['defense'],
    offices: ['San Diego, CA', 'Norfolk, VA'],
    about: 'a defense acquisition consultancy supporting Navy and Marine Corps program offices',
    openings: 3,
    customers: ['Department of the Navy', 'Naval Sea Systems Command', 'U.S. Marine Corps'],
    source: 'Direct Post',
  },
  {
    name: 'Greenline Policy Partners',
    employerType: 'CONSULTANCY',
    markets: ['public_sector'],
    offices: ['Washington, DC', 'Atlanta, GA'],
    about:
      'a policy and implementation consultancy for workforce, nutrition and human services programs run jointly by federal and state agencies',
    openings: 3,
    customers: [
      'Department of Labor and state workforce agencies',
      'USDA Food and Nutrition Service and state SNAP agencies',
      'Department of Education and state education agencies',
    ],
    source: 'greenhouse',
  },
  // GovTech software.
  {
    name: 'ClearSky Cloud Federal',
    employerType: 'SOFTWARE',
    markets: ['civilian', 'defense'],
    offices: ['Herndon, VA', 'Washington, DC', 'Remote (US)'],
    about: 'the FedRAMP High and IL5 authorized cloud platform for federal agencies',
    openings: 6,
    source: 'greenhouse',
  },
  {
    name: 'Vantage Identity Federal',
    employerType: 'SOFTWARE',
    markets: ['civilian', 'defense'],
    offices: ['Reston, VA', 'Remote (US)'],
    about: 'an identity and zero trust access platform used by federal agencies and the military',
    openings: 4,
    source: 'lever',
  },
  {
    name: 'Polaris Geospatial',
    employerType: 'SOFTWARE',
    markets: ['intel', 'defense'],
    offices: ['St. Louis, MO', 'Herndon, VA'],
    about: 'a geospatial analytics platform for imagery analysts and mission planners',
    openings: 4,
    customers: [
      'National Geospatial-Intelligence Agency',
      'National Reconnaissance Office',
      'Defense Intelligence Agency',
      'Department of the Army',
      'U.S. Space Force',
    ],
    source: 'greenhouse',
  },
  {
    name: 'Civic Ledger',
    employerType: 'SOFTWARE',
    markets: ['state_local'],
    offices: ['Denver, CO', 'Remote (US)'],
    about:
      'the maker of budgeting and financial transparency software used by more than 900 cities and counties',
    openings: 5,
    customers: [
      'City and County of Denver',
      'City of Austin',
      'City of Chicago',
      'King County',
      'Los Angeles County',
      'Maricopa County',
    ],
    source: 'greenhouse',
  },
  {
    name: 'Prairie Software Co.',
    employerType: 'SOFTWARE',
    markets: ['state_local'],
    offices: ['Columbus, OH', 'Des Moines, IA'],
    about:
      'the maker of permitting, licensing and code enforcement software for cities, townships and special districts',
    openings: 4,
    customers: [
      'City of Austin',
      'City and County of Denver',
      'Maricopa County',
      'King County',
      'City of Chicago',
    ],
    source: 'lever',
  },
  {
    name: 'Sagebrush Data',
    employerType: 'SOFTWARE',
    markets: ['public_sector', 'state_local'],
    offices: ['Salt Lake City, UT', 'Remote (US)'],
    about:
      'a data integration platform that lets federal and state programs share case data safely',
    openings: 4,
    customers: [
      'Centers for Medicare & Medicaid Services and state Medicaid agencies',
      'USDA Food and Nutrition Service and state SNAP agencies',
      'Department of Labor and state workforce agencies',
      'Washington State Health Care Authority',
      'Florida Department of Children and Families',
    ],
    source: 'greenhouse',
  },
  {
    name: 'Lakeshore Analytics',
    employerType: 'SOFTWARE',
    markets: ['state_local'],
    offices: ['Chicago, IL', 'Austin, TX'],
    about: 'the maker of performance analytics and open data dashboards for state agencies',
    openings: 4,
    customers: [
      'Texas Department of Information Resources',
      'Illinois Department of Innovation & Technology',
      'Michigan Department of Technology, Management & Budget',
      'Ohio Department of Administrative Services',
      'New York State Office of Information Technology Services',
    ],
    source: 'lever',
  },
  {
    name: 'Harborview Cyber',
    employerType: 'SOFTWARE',
    markets: ['state_local', 'public_sector'],
    offices: ['Tampa, FL', 'Remote (US)'],
    about:
      'a managed detection and response platform protecting state and local governments from ransomware',
    openings: 4,
    customers: [
      'CISA and state and local cyber offices',
      'Los Angeles County',
      'Miami-Dade County',
      'City of Austin',
      'Harris County',
      'Georgia Technology Authority',
    ],
    source: 'greenhouse',
  },
  {
    name: 'Signal Ridge Public Safety',
    employerType: 'SOFTWARE',
    markets: ['state_local'],
    offices: ['Phoenix, AZ', 'Remote (US)'],
    about:
      'the maker of computer-aided dispatch and records management software for 911 centers and police',
    openings: 4,
    customers: [
      'Maricopa County',
      'Los Angeles County',
      'Harris County',
      'King County',
      'Miami-Dade County',
      'City of Austin',
      'City of Chicago',
    ],
    source: 'lever',
  },
  {
    name: 'OpenGate Permitting',
    employerType: 'SOFTWARE',
    markets: ['state_local'],
    offices: ['Raleigh, NC', 'Remote (US)'],
    about:
      'the maker of online permitting and inspections software for fast-growing cities and counties',
    openings: 3,
    customers: [
      'City of Austin',
      'Maricopa County',
      'Harris County',
      'King County',
      'Miami-Dade County',
    ],
    source: 'greenhouse',
  },
  {
    name: 'Quillwork Procurement Cloud',
    employerType: 'SOFTWARE',
    markets: ['public_sector', 'state_local'],
    offices: ['Atlanta, GA', 'Remote (US)'],
    about:
      'an eProcurement suite that runs sourcing, bids and contracts for states, cities and federal grant recipients',
    openings: 4,
    customers: [
      'Department of Transportation and state DOTs',
      'FEMA and state emergency management agencies',
      'EPA and state environmental agencies',
      'Ohio Department of Administrative Services',
      'City of Austin',
      'King County',
    ],
    source: 'lever',
  },
  // SLED and EdTech.
  {
    name: 'BrightPath EdTech',
    employerType: 'SOFTWARE',
    markets: ['higher_ed'],
    offices: ['Boston, MA', 'Remote (US)'],
    about: 'a student success and advising platform used by public universities and colleges',
    openings: 4,
    source: 'greenhouse',
  },
  {
    name: 'Magnolia K-12 Software',
    employerType: 'SOFTWARE',
    markets: ['k12'],
    offices: ['Atlanta, GA', 'Remote (US)'],
    about: 'a student information and family engagement system for school districts in the South',
    openings: 4,
    customers: [
      'Gwinnett County Public Schools',
      'Houston Independent School District',
      'Miami-Dade County Public Schools',
      'Wake County Public School System',
      'Fairfax County Public Schools',
    ],
    source: 'lever',
  },
  {
    name: 'Lantern Learning Systems',
    employerType: 'SOFTWARE',
    markets: ['k12'],
    offices: ['Minneapolis, MN', 'Remote (US)'],
    about: 'a literacy and math intervention platform adopted by more than 1,200 school districts',
    openings: 4,
    source: 'greenhouse',
  },
  {
    name: 'Campus Compass',
    employerType: 'SOFTWARE',
    markets: ['higher_ed'],
    offices: ['Nashville, TN', 'Remote (US)'],
    about:
      'the maker of enrollment and financial aid software for community colleges and state universities',
    openings: 3,
    source: 'lever',
  },
  {
    name: 'Cardinal Student Systems',
    employerType: 'SOFTWARE',
    markets: ['k12'],
    offices: ['Indianapolis, IN', 'Remote (US)'],
    about:
      'the maker of special education and assessment software for school districts and state departments of education',
    openings: 3,
    source: 'Direct Post',
  },
  // Media and events.
  {
    name: 'Potomac Events & Media',
    employerType: 'MEDIA_EVENTS',
    markets: ['public_sector', 'civilian'],
    offices: ['Washington, DC', 'Remote (US)'],
    about:
      'the organizer of government technology summits and executive roundtables in Washington and state capitals',
    openings: 4,
    source: 'Direct Post',
  },
  {
    name: 'GovReach Media',
    employerType: 'MEDIA_EVENTS',
    markets: ['state_local', 'civilian'],
    offices: ['Arlington, VA', 'Remote (US)'],
    about:
      'a publisher of news, research and webinars read by 300,000 federal, state and local technology leaders',
    openings: 4,
    source: 'linkedin',
  },
  {
    name: 'Capitol Signal',
    employerType: 'MEDIA_EVENTS',
    markets: ['defense', 'civilian'],
    offices: ['Washington, DC'],
    about:
      'a defense and federal IT news publication with a sponsored research and events business',
    openings: 3,
    source: 'Direct Post',
  },
  {
    name: 'Classroom Forward Events',
    employerType: 'MEDIA_EVENTS',
    markets: ['k12', 'higher_ed'],
    offices: ['Austin, TX', 'Remote (US)'],
    about: 'the producer of education technology conferences for district and campus leaders',
    openings: 3,
    source: 'linkedin',
  },
  // Other B2G: resellers, staffing and equipment.
  {
    name: 'Liberty Channel Partners',
    employerType: 'OTHER_B2G',
    markets: ['civilian', 'defense'],
    offices: ['Herndon, VA', 'Columbia, MD'],
    about:
      'a value-added reseller and distributor on GSA Schedule, SEWP and NASA contract vehicles',
    openings: 4,
    source: 'linkedin',
  },
  {
    name: 'Clearpath Cleared Staffing',
    employerType: 'OTHER_B2G',
    markets: ['defense', 'intel'],
    offices: ['Columbia, MD', 'Chantilly, VA'],
    about:
      'a staffing firm placing cleared professionals with defense and intelligence contractors',
    openings: 4,
    source: 'linkedin',
    staffing: true,
  },
  {
    name: 'Statewide Talent Partners',
    employerType: 'OTHER_B2G',
    markets: ['state_local', 'k12'],
    offices: ['Sacramento, CA', 'Remote (US)'],
    about:
      'a staffing firm recruiting for government technology vendors and the agencies they serve',
    openings: 3,
    source: 'other',
    staffing: true,
  },
  {
    name: 'Bastion Rugged Devices',
    employerType: 'OTHER_B2G',
    markets: ['public_sector', 'defense'],
    offices: ['Tampa, FL', 'Remote (US)'],
    about:
      'a maker of rugged laptops, radios and in-vehicle computers for public safety agencies and the military',
    openings: 4,
    customers: [
      'FEMA and state emergency management agencies',
      'CISA and state and local cyber offices',
      'Department of the Army',
      'U.S. Marine Corps',
    ],
    source: 'smartrecruiters',
  },
];
