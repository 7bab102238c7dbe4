/**
 * The words that show a posting sells to, builds for or serves government: agencies, contract
 * vehicles, compliance regimes, SLED buyers, and the commercial words that point the other way.
 * Each group has a market and a weight (how much one mention moves the market score); terms match
 * whole words, case-insensitively unless the group is case-sensitive (acronyms that are ordinary
 * words in lower case). Lists are written as `a | b | c` to keep each group readable.
 */
export type Market = 'federal' | 'state_local' | 'education' | 'public' | 'commercial';
/** A group's market; `federal_and_sled` gives its points to federal and state and local work alike. */
export type SignalMarket = Market | 'federal_and_sled';

export interface SignalGroup {
  name: string;
  market: SignalMarket;
  weight: number;
  terms: readonly string[];
  caseSensitive?: boolean;
}

const list = (text: string): string[] =>
  text
    .split('|')
    .map((term) => term.trim())
    .filter(Boolean);

const group = (
  name: string,
  market: SignalMarket,
  weight: number,
  terms: string,
  caseSensitive = false,
): SignalGroup => ({ name, market, weight, terms: list(terms), caseSensitive });

export const MARKET_SIGNALS: readonly SignalGroup[] = [
  group(
    'federal agency',
    'federal',
    2.5,
    `Department of Defense | Department of Homeland Security | Department of Veterans Affairs |
    Veterans Affairs | Department of Energy | Department of Justice | Department of State |
    State Department | Department of the Treasury | Department of Health and Human Services |
    Centers for Medicare | Department of Agriculture | Department of Transportation |
    Department of the Interior | Department of Commerce | Department of Labor |
    Intelligence Community | U.S. Army | Army | Navy | Air Force | Space Force | Marine Corps |
    Coast Guard | combatant commands | Pentagon | Census Bureau | Small Business Administration |
    Federal Aviation Administration | National Institutes of Health | Defense Health Agency |
    Missile Defense Agency | Army Corps of Engineers | Naval Sea Systems Command | Joint Staff |
    Air Force Research Laboratory | Department of Education | military services`,
  ),
  group(
    'federal agency',
    'federal',
    2.5,
    `DoD | DOD | DHS | HHS | DOE | DOJ | USDA | NASA | NOAA | GSA | DISA | DLA | DTRA | NGA |
    NRO | NSA | CIA | DIA | FBI | IRS | SSA | CDC | NIH | FDA | FAA | FEMA | CBP | USCIS | TSA |
    USMC | SOCOM | USSOCOM | CYBERCOM | INDOPACOM | NAVSEA | NAVAIR | NAVWAR | AFRL | DARPA |
    DHA | VHA | USPTO | OPM | SBA | EPA | DCSA | CISA | CMS`,
    true,
  ),
  group(
    'federal market',
    'federal',
    2.5,
    `federal government | federal agencies | federal agency | federal civilian |
    federal customers | federal clients | federal market | federal sales | federal sector |
    federal programs | federal contracts | federal health | federal business | federal space |
    federal accounts | federal team | federal missions | federal partners | civilian agencies |
    defense agencies | intelligence agencies | U.S. government | US government |
    United States Government | national security | defense and intelligence | warfighter |
    warfighters | mission partners | program offices | contracting officers | defense programs |
    DoD programs | federal systems integrator | government program | government programs`,
  ),
  group(
    'contract vehicle',
    'federal',
    2.5,
    `GSA Schedule | GSA MAS | Multiple Award Schedule | CIO-SP3 | CIO-SP4 | Alliant 2 |
    STARS III | 8(a) STARS | ITES-3S | SeaPort-NxG | SeaPort-e | Other Transaction Authority |
    task order | task orders | contract vehicle | contract vehicles | recompete | recompetes |
    prime contractor | prime contracts | Sources Sought | SAM.gov | GovWin | Bloomberg Government |
    HUBZone | 8(a) | set-aside | set-asides | Shipley | color team | color teams | pink team |
    gold team | capture plans | capture planning | capture management | black hat reviews |
    win themes | past performance | government contracting | GovCon | federal contractor`,
  ),
  group(
    'contract vehicle',
    'federal',
    2.5,
    `SEWP | OASIS | OASIS+ | GWAC | GWACs | IDIQ | IDIQs | BPA | BPAs | SBIR | STTR | FAR |
    DFARS | CPARS | SDVOSB | WOSB`,
    true,
  ),
  group(
    'federal compliance',
    'federal',
    2.5,
    `FedRAMP | CMMC | NIST 800-171 | NIST SP 800-171 | NIST 800-53 | NIST SP 800-53 | FISMA |
    Authority to Operate | Risk Management Framework | Impact Level 4 | Impact Level 5 | IL4 |
    IL5 | IL6 | GovCloud | DoD 8570 | DoD 8140 | DoDD 8570 | eMASS | STIG | STIGs | FIPS 140-2 |
    FIPS 140-3 | ICD 503 | JWICS | SIPRNet | NIPRNet | SCIF | ITAR | TIC 3.0 | Section 508`,
  ),
  group('federal compliance', 'federal', 2.5, 'ATO | ATOs | RMF', true),
  group(
    'federal and SLED market',
    'federal_and_sled',
    2.5,
    `federal, state and local | federal, state, and local | federal and state | federal, state |
    every level of government | all levels of government | federal and SLED | federal & SLED`,
  ),
  group(
    'state and local market',
    'state_local',
    2.5,
    `state and local | state & local | state agencies | state agency | state government |
    state governments | local government | local governments | local agencies | municipal |
    municipalities | municipality | counties | county government | county governments |
    cities and counties | city governments | city and county | public safety |
    law enforcement agencies | police departments | sheriff's offices | fire departments |
    911 centers | emergency communications | court systems | public works | transit agencies |
    public utilities | Medicaid | state health agencies | public health departments |
    city managers | special districts | state CIOs | elected officials | state procurement |
    NASPO | NASPO ValuePoint | Sourcewell | OMNIA Partners | cooperative purchasing |
    cooperative contracts | StateRAMP | TX-RAMP | CJIS | state and municipal |
    governmental agencies | DMVs | departments of motor vehicles | unemployment insurance |
    towns and counties | town and county | cities and towns | townships | county offices |
    human services agencies | state customers | state clients | health and human services`,
  ),
  group('state and local market', 'state_local', 2.5, 'SLED', true),
  group(
    'education market',
    'education',
    2.5,
    `K-12 | K12 | school district | school districts | superintendents | superintendent |
    district leaders | district administrators | higher education | higher ed |
    colleges and universities | community colleges | state departments of education |
    departments of education | ESSER | E-Rate | Title I | charter schools | school boards |
    public schools | education agencies | student information system | edtech | ed tech |
    school systems | institutions of higher learning | school leaders | district and school leaders |
    classrooms | districts`,
  ),
  group('education market', 'education', 2.5, 'LEAs | SEAs', true),
  group(
    'public sector',
    'public',
    2,
    `public sector | public-sector | government agencies | government customers |
    government clients | government contracts | government market | government sales |
    government accounts | government entities | government organizations | government buyers |
    public agencies | govtech | gov tech | government technology | civic tech |
    government procurement | public procurement | government partners | agency customers |
    agency clients | agency partners | RFP responses | government agency`,
  ),
  group('government', 'public', 1, 'government | governments'),
  group('public sector', 'public', 2, 'RFP | RFPs | RFI | RFIs | RFQ | RFQs', true),
  group(
    'commercial market',
    'commercial',
    1.5,
    `consumer | consumers | retail | retailers | e-commerce | ecommerce | direct-to-consumer |
    shoppers | restaurants | small and medium-sized businesses | banking clients |
    commercial banking | middle market | middle-market | fintech | influencer | influencers |
    Fortune 500 | commercial clients | commercial customers | startups | brands | merchants |
    hospitality | guests | franchise | patients | homeowners | subscribers | advertisers |
    wealth management | insurance carriers | auto dealers | dealerships | B2B SaaS companies`,
  ),
  group('commercial market', 'commercial', 1.5, 'CPG | DTC | D2C | SMB | SMBs | B2C', true),
];

/** Title words that name the buyer of the role ("Account Executive, Federal", "SLED AE"). */
export const TITLE_SIGNALS: readonly SignalGroup[] = [
  group(
    'title names federal work',
    'federal',
    3,
    `federal | defense | defence | civilian | national security | intelligence community |
    cleared | TS/SCI | army | navy | air force | space force | FedRAMP | homeland security`,
  ),
  group('title names federal work', 'federal', 3, 'DoD | DHS | IC', true),
  group(
    'title names state and local work',
    'state_local',
    3,
    'state & local | state and local | SLED | public safety | municipal | state government',
  ),
  group(
    'title names education',
    'education',
    3,
    'K-12 | K12 | higher ed | higher education | education | school districts',
  ),
  group(
    'title names government',
    'public',
    3,
    'public sector | government | gov | govtech | GovCon',
  ),
];

/** Places where most work is on federal programs: a weak hint, read from the location alone. */
export const FEDERAL_PLACES: readonly string[] = list(
  `Washington, DC | Washington, D.C. | Arlington | Reston | Herndon | Chantilly | McLean |
  Tysons | Fort Meade | Annapolis Junction | Hanover, MD | Columbia, MD | Fort Belvoir |
  Quantico | Springfield, VA | Bethesda | Colorado Springs | Huntsville | Dahlgren |
  Aberdeen Proving Ground | Wright-Patterson | Norfolk | Fort Bragg | Fort Liberty |
  Patuxent River | Crystal City | Falls Church | Alexandria, VA | Linthicum | Lexington Park`,
);

/** Company names of employers that sell to government ("Acme Federal", "GovServe", "NeoGov"). */
export const COMPANY_SIGNALS = [
  /\b(?:federal|government|govtech|defen[cs]e|public sector|national security)\b/i,
  /^Gov[A-Z]|[a-z]Gov\b|\bGov\b/,
];

/** Department or team names of a B2G organisation (the ATS's department field). */
export const DEPARTMENT_SIGNALS =
  /\b(?:federal|public sector|government|SLED|state (?:&|and) local|DoD|defen[cs]e|national security|intelligence community|civilian|K-12|higher ed(?:ucation)?)\b/i;
