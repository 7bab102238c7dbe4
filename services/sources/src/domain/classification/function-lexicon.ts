import type { JobFunction } from '@b2g/contracts';

/** A board function, or `other`: a role the board does not list (machinist, nurse, accountant…). */
export type Role = JobFunction | 'other';

export interface RoleTerm {
  role: Role;
  pattern: RegExp;
}

const terms = (role: Role, alternatives: string, caseSensitive = false): RoleTerm => ({
  role,
  pattern: new RegExp(
    `(?<![\\w-])(?:${alternatives
      .split('|')
      // Longest first: an alternation takes the first alternative that matches.
      .sort((a, b) => b.trim().length - a.trim().length)
      .map((term) =>
        term
          .trim()
          .replace(/[.+^${}()[\]\\]/g, '\\$&')
          .replace(/[\s-]+/g, '[\\s-]+'),
      )
      .filter(Boolean)
      .join('|')})(?![\\w-])`,
    caseSensitive ? 'g' : 'gi',
  ),
});

/**
 * Role words of titles and departments. Where several match, the longest match covering the
 * others counts ("Sales Engineer" over "Sales", "Financial Analyst" over "Analyst"), then the last
 * one (the title's head noun: "Technical Recruiter" is a recruiter).
 */
export const ROLE_TERMS: readonly RoleTerm[] = [
  terms('sales', 'AE | BD | BDR | SDR | RevOps', true),
  terms(
    'sales',
    `sales | account executives? | account exec |  account managers? | account directors? |
    account management | business development |    sales development |
    business development representative | capture managers? | capture directors? | capture lead |
    capture | capture analyst | proposal analyst | business development analyst | proposal managers? | proposal writers? | proposal coordinators? | proposal directors? |
    proposal specialist | proposal development | proposals | channel managers? | channel sales |
    partner managers? | alliances? managers? | alliances | partnerships | customer success managers? | client success managers? | client success | partner development |
    customer success | client executives? | client partners? | client directors? |
    territory managers? | sales operations | revenue operations |  growth lead |
    sales analyst | strategic accounts | key accounts? | enterprise accounts? | named accounts? |
    account representative | sales representative | inside sales`,
  ),
  terms('marketing', 'PR | SEO | SEM', true),
  terms(
    'marketing',
    `marketing | marketer | product marketing | demand generation | demand gen | field marketing |
    content marketing | content writer | content strategist | content manager | content specialist |
    communications | comms | public relations |  brand | brand manager | social media |
    events manager | event manager | event marketing | events | copywriter | graphic designer |
      digital marketing | marketing operations | campaign manager | campaigns |
    public affairs | media relations | community manager | partner marketing | marketing analyst |
    web content | creative director | video producer | analyst relations`,
  ),
  terms('technical', 'ML | AI | SRE | DBA | QA | SDET | UX | IT | CISO | ISSO | ISSM | ISSE', true),
  terms(
    'technical',
    `engineer | engineers | engineering | developer | developers | programmer | architect |
    architecture | devops | devsecops |  site reliability | data scientist | data science |
    data engineer | machine learning |   analyst | cybersecurity | cyber security |
    cyber | information security | infosec |    penetration tester | pentester |
    SOC analyst | system administrator | systems administrator | sysadmin |
    network administrator | database administrator |  help desk | service desk |
    desktop support | IT specialist | IT support | technical support | support engineer |
    solutions engineer | sales engineer | sales engineering | pre-sales engineer |
    presales engineer | presales | pre-sales | solutions architect | solutions consultant |
    solution architect | solution engineer | technical account manager | product manager | product management |
    product owner | technical program manager | scrum master |  quality assurance analyst |
    test engineer |  cloud | implementation consultant | implementation specialist |
    implementation manager | implementation engineer | technical consultant | GIS analyst |
    GIS specialist | UX designer | UI designer | product designer | UX researcher | 
    technical writer | IT technician | network technician | desktop technician |
    help desk technician | field engineer | customer engineer | systems analyst |
    business analyst | data analyst | cyber analyst | security analyst | software | 
    information technology |  information security officer`,
  ),
  terms('other', 'RN | LPN | LVN | CNA | CDL | CNC | HVAC | HRBP | FP&A | HR', true),
  terms(
    'other',
    `machinist | machinists |  welder | welders | assembler | assemblers |
    assembly technician | electronics technician | manufacturing technician | technician |
    technicians | manufacturing engineer | mechanical engineer | quality engineer |
    process engineer | industrial engineer | manufacturing | production | inspector |
    quality inspector | nurse | nursing |    nurse practitioner | medical assistant |
    physician | pharmacist | pharmacy | therapist | clinician | clinical | dental | caregiver |
     phlebotomist | medical | warehouse | forklift | material handler | materials handler |
    picker | packer | shipping | receiving | logistics | inventory | supply chain | driver |
     courier | accountant | accounting | accounts payable | accounts receivable |
    bookkeeper | controller | payroll | tax | auditor | financial analyst | finance |
    treasury analyst | budget analyst | cost analyst | pricing analyst | pricing | 
    buyer | procurement specialist | purchasing | subcontracts | subcontract administrator |
    contracts administrator | contracts manager | contracts | contracts specialist | contract specialist |
     human resources | people partner | people operations | recruiter | recruiting |
    talent acquisition | sourcer | benefits | compensation analyst | 
    administrative assistant | executive assistant | office manager | receptionist | front desk |
    office coordinator | clerk | facilities | maintenance | janitor | custodian | housekeeping |
    electrician | plumber |  mechanic | carpenter | security officer | security guard |
    armed guard | cook | chef | food service | barista | dishwasher | cashier |
    retail associate | store manager | merchandiser | customer service representative |
    customer service | call center | customer support representative | paralegal | attorney |
    counsel | legal | teacher | instructor | tutor | professor | pilot | loan officer | teller |
    underwriter | claims adjuster | lab technician | laboratory | chemist | biologist`,
  ),
];
