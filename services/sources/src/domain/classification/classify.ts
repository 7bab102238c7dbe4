import type {
  EmploymentType,
  ExperienceLevel,
  JobClearance,
  JobFunction,
  Polygraph,
  Sector,
} from '@b2g/contracts';
import type { SourcePosting } from '../model.js';
import { classifyClearance } from './clearance.js';
import { decide, type Decision } from './decision.js';
import { classifyEmploymentType } from './employment-type.js';
import { classifyExperience } from './experience.js';
import { finding, type Finding } from './finding.js';
import type { Role } from './function-lexicon.js';
import { boardFunction, classifyFunction } from './job-function.js';
import { readMarkets } from './market.js';
import { classifyRemote, type RemoteWork } from './remote.js';
import { classifySalary, type Salary } from './salary.js';
import { classifySector } from './sector.js';
import { plainText } from './text.js';

export interface Classification {
  /** live: published at once; pending: waits in the review queue; excluded: kept out and counted. */
  decision: Decision;
  /** How likely the posting is a B2G sales, marketing or technical role (0 to 1). */
  confidence: number;
  /** Why, in words a reviewer reads: the role, the government and commercial signals, the verdict. */
  reasons: string[];
  /** The board function (null when the role is not one the board lists); `role` says which. */
  jobFunction: Finding<JobFunction | null>;
  role: Finding<Role | null>;
  sector: Finding<Sector | null>;
  clearance: Finding<JobClearance>;
  polygraph: Finding<Polygraph>;
  remote: Finding<RemoteWork>;
  salary: Finding<Salary | null>;
  experienceLevel: Finding<ExperienceLevel | null>;
  employmentType: Finding<EmploymentType | null>;
}

/** Every field of one posting from its title, description, location and the ATS's own fields. */
export function classify(posting: SourcePosting): Classification {
  const description = plainText(posting.description);
  const title = plainText(posting.title);
  const role = classifyFunction(title, posting.department, description);
  const { clearance, polygraph, preferred } = classifyClearance(title, description);
  const markets = readMarkets({
    title,
    description,
    department: posting.department,
    company: posting.company,
    location: posting.location,
    clearance: clearance.value,
    preferredClearance: preferred,
  });
  const verdict = decide(role, markets.scores, markets.evidence);
  const jobFunction = boardFunction(role.value);
  return {
    decision: verdict.decision,
    confidence: verdict.confidence,
    reasons: verdict.reasons,
    jobFunction: finding(jobFunction, jobFunction ? role.confidence : 0, role.reason),
    role,
    sector: classifySector(markets.scores),
    clearance,
    polygraph,
    remote: classifyRemote(description, posting.location, posting.workplaceType),
    salary: classifySalary(description, posting.salary),
    experienceLevel: classifyExperience(title, description),
    employmentType: classifyEmploymentType(title, description, posting.employmentType),
  };
}
