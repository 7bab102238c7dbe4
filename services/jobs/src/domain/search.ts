import {
  HOURS_PER_YEAR,
  JOB_CLEARANCES,
  type JobClearance,
  type Sector,
  type Workplace,
} from '@b2g/contracts';
import type { JobRecord } from './model.js';

/** The search engine could not be reached or failed: search waits for it, listings degrade. */
export class SearchUnavailableError extends Error {
  override readonly name = 'SearchUnavailableError';
}

/** A `cursor` that no page of this search handed out. */
export class InvalidCursorError extends Error {
  override readonly name = 'InvalidCursorError';
}

/**
 * B2G words people search by, each set equivalent (applied at search time, so changing the list
 * needs no reindex). Multi-word entries are matched as phrases.
 */
export const B2G_SYNONYMS: readonly (readonly string[])[] = [
  ['bd', 'business development'],
  ['ae', 'account executive'],
  ['se', 'solutions engineer'],
  ['sled', 'state and local'],
  ['govcon', 'government contracting', 'capture'],
];

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

/**
 * The units every one of which a job must match: the search's words, with a multi-word synonym
 * ('business development') kept together so it can match its synonym ('BD') as a whole.
 */
export function searchUnits(search: string): string[] {
  const words = (search.toLowerCase().match(WORD) ?? []).map((word) => word.normalize('NFC'));
  const phrases = B2G_SYNONYMS.flat()
    .filter((entry) => entry.includes(' '))
    .map((entry) => entry.split(' '))
    .sort((a, b) => b.length - a.length);
  const units: string[] = [];
  for (let i = 0; i < words.length;) {
    const phrase = phrases.find((parts) => parts.every((part, k) => words[i + k] === part));
    const length = phrase?.length ?? 1;
    units.push(words.slice(i, i + length).join(' '));
    i += length;
  }
  return units;
}

/** Sectors a job must have to match a sector filter: BOTH jobs are federal and state/local jobs too. */
export const SECTOR_MATCHES: Readonly<Record<Sector, readonly Sector[]>> = {
  FEDERAL: ['FEDERAL', 'BOTH'],
  STATE_LOCAL: ['STATE_LOCAL', 'BOTH'],
  EDUCATION: ['EDUCATION'],
  BOTH: ['BOTH'],
};

/**
 * The last word, this long or longer, also matches as a word's beginning ('capt' finds 'Capture');
 * shorter ones would turn abbreviations ('SE', 'AE') into every word starting so.
 */
export const PREFIX_MIN_LENGTH = 3;

/** Words this long or longer tolerate one typo. */
export const FUZZY_MIN_LENGTH = 5;

/** Remote (fully, or remote without a day count), hybrid (1–4 remote days) or on-site. */
export function workplaceOf(job: Pick<JobRecord, 'isRemote' | 'remoteDays'>): Workplace {
  if (job.remoteDays !== null && job.remoteDays < 5) return 'hybrid';
  return job.isRemote || job.remoteDays === 5 ? 'remote' : 'on-site';
}

/** Clearances a `clearance` filter admits: that level and every lower one ("at most my clearance"). */
export function clearancesUpTo(level: JobClearance): JobClearance[] {
  return JOB_CLEARANCES.slice(0, JOB_CLEARANCES.indexOf(level) + 1);
}

/** The clearance a job needs as filters and facets count it: none when it names none. */
export function requiredClearanceOf(job: Pick<JobRecord, 'clearance'>): JobClearance {
  return job.clearance ?? 'none';
}

/**
 * A job's pay as the salary filter compares it: the top of its range (its minimum without a
 * maximum) in USD a year, an hourly rate times HOURS_PER_YEAR; null without pay.
 */
export function annualPayOf(
  job: Pick<JobRecord, 'salaryMin' | 'salaryMax' | 'salaryPeriod'>,
): number | null {
  const top = job.salaryMax ?? job.salaryMin ?? null;
  if (top === null) return null;
  return job.salaryPeriod === 'hour' ? top * HOURS_PER_YEAR : top;
}

/** Today (UTC) as YYYY-MM-DD: jobs whose closing date is before it are no longer listed. */
export function todayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}
