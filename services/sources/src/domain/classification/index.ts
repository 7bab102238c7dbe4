export { classify, type Classification } from './classify.js';
export { DECISIONS, EXCLUDE_AT, LIVE_AT, type Decision } from './decision.js';
export type { Finding } from './finding.js';
export type { Role } from './function-lexicon.js';
export type { RemoteWork } from './remote.js';
export type { Salary } from './salary.js';
