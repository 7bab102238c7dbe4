import type { ExperienceLevel, ExtractedJob, JobFunction, Sector } from '@b2g/contracts';

/** What a source states of a job, before inference fills the rest. */
export interface StatedJob {
  title?: string | undefined;
  company?: string | undefined;
  location?: string | undefined;
  description?: string | undefined;
  /** Industry or category words that help infer the sector. */
  categories?: string | undefined;
  remoteDays?: number | undefined;
  experienceLevel?: ExperienceLevel | undefined;
}

/**
 * The form's fields from what a source states (a page's JSON-LD or meta tags, an ATS API): what
 * it does not state (sector, function, experience level, remote days) is inferred from its words.
 */
export function completeExtraction(stated: StatedJob): ExtractedJob {
  const { title, company, location, description } = stated;
  const text = [title, company, location, description, stated.categories]
    .filter(Boolean)
    .join('\n');
  const headline = [title, company].filter(Boolean).join('\n');

  const result: ExtractedJob = {};
  if (title) result.title = title;
  if (company) result.company = company;
  if (location) result.location = location;
  if (description) result.description = description;
  const sector = inferSector(headline, text);
  if (sector) result.sector = sector;
  const experienceLevel =
    stated.experienceLevel ?? inferExperienceLevel(title ?? '', description ?? '');
  if (experienceLevel) result.experienceLevel = experienceLevel;
  const jobFunction = inferJobFunction(title ?? '', description ?? '');
  if (jobFunction) result.jobFunction = jobFunction;
  const remoteDays =
    stated.remoteDays ??
    (location && /^remote\b/i.test(location) ? 5 : inferRemoteDays(description ?? ''));
  if (remoteDays) result.remoteDays = remoteDays;
  return result;
}

/** True when the extraction found something a person would fill the form with. */
export const hasJobData = (job: ExtractedJob) =>
  Boolean(job.title || job.company || job.description);

const count = (text: string, pattern: RegExp) =>
  text.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`))?.length ?? 0;

const FEDERAL = [
  /\bfederal\b/i,
  /\bagenc(?:y|ies)\b/i,
  /\bdepartment of\b/i,
  /\bDoD\b/,
  /\bU\.?S\.? (?:army|navy|air force|government)\b/i,
];
const STATE_LOCAL = [
  /\bstate\b(?![- ]of[- ]the[- ]art)/i,
  /\bcounty\b/i,
  /\bcity of\b/i,
  /\bmunicipal(?:ity|ities)?\b/i,
  /\bSLED\b/,
];
const EDUCATION = [
  /\bschool district\b/i,
  /\buniversit(?:y|ies)\b/i,
  /\bK-12\b/i,
  /\bcommunity college\b/i,
  /\bhigher education\b/i,
];

function score(patterns: RegExp[], headline: string, text: string) {
  return patterns.reduce(
    (sum, pattern) => sum + 3 * count(headline, pattern) + count(text, pattern),
    0,
  );
}

/**
 * The market the posting names. Words in the title or employer weigh three times those in the
 * text; a posting that names both federal and state/local work strongly is BOTH.
 */
export function inferSector(headline: string, text: string): Sector | undefined {
  const federal = score(FEDERAL, headline, text);
  const stateLocal = score(STATE_LOCAL, headline, text);
  const education = score(EDUCATION, headline, text);
  if (federal >= 2 && stateLocal >= 2) return 'BOTH';
  const best = Math.max(federal, stateLocal, education);
  if (best === 0) return undefined;
  if (federal === best) return 'FEDERAL';
  if (stateLocal === best) return 'STATE_LOCAL';
  return 'EDUCATION';
}

const FUNCTION_WORDS: Array<[JobFunction, RegExp]> = [
  [
    'sales',
    /\b(?:sales|account executive|account manager|business development|capture manager|BDR|SDR)\b/gi,
  ],
  [
    'marketing',
    /\b(?:marketing|communications|demand gen(?:eration)?|brand|content strategist)\b/gi,
  ],
  [
    'technical',
    /\b(?:engineer(?:ing)?|developer|architect|analyst|technical|devops|scientist)\b/gi,
  ],
];

/**
 * The job's function: in the title the last function word wins ('Sales Engineer' is technical,
 * 'Technical Account Executive' is sales); else the function the description names most.
 */
export function inferJobFunction(title: string, description: string): JobFunction | undefined {
  let last: { fn: JobFunction; at: number } | undefined;
  for (const [fn, pattern] of FUNCTION_WORDS) {
    for (const match of title.matchAll(pattern)) {
      if (!last || match.index > last.at) last = { fn, at: match.index };
    }
  }
  if (last) return last.fn;
  let best: { fn: JobFunction; n: number } | undefined;
  for (const [fn, pattern] of FUNCTION_WORDS) {
    const n = count(description, pattern);
    if (n > 0 && (!best || n > best.n)) best = { fn, n };
  }
  return best?.fn;
}

/** Seniority from the title, else from the years of experience asked; undefined when not sure. */
export function inferExperienceLevel(
  title: string,
  description: string,
): ExperienceLevel | undefined {
  if (
    /\b(?:senior|sr\.?|principal|lead|director|head of|vice president|vp|chief|staff)\b/i.test(
      title,
    )
  )
    return 'senior';
  if (/\b(?:junior|jr\.?|entry|associate|intern|graduate|trainee)\b/i.test(title)) return 'entry';
  if (/\b(?:mid|mid-level|intermediate)\b/i.test(title)) return 'mid';
  if (/\bentry[- ]level\b/i.test(description)) return 'entry';
  if (/\bmid[- ]level\b/i.test(description)) return 'mid';
  const years = [...description.matchAll(/\b(\d{1,2})\s*\+?\s*(?:-\s*\d{1,2}\s*)?years?\b/gi)]
    .map((match) => Number(match[1]))
    .filter((n) => n > 0 && n < 40);
  if (years.length === 0) return undefined;
  const least = Math.min(...years);
  if (least <= 1) return 'entry';
  if (least >= 5) return 'senior';
  return 'mid';
}

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5 };
const N = '(\\d|one|two|three|four|five)';
/** ' a week', ' per week', '/week', ' each week' (optional). */
const PER_WEEK = '(?:\\s*(?:/|\\s(?:per|a|each)\\s)\\s*week)?';
const asDays = (word: string | undefined) =>
  word ? (NUMBER_WORDS[word.toLowerCase()] ?? Number(word)) : Number.NaN;
const inRange = (days: number) =>
  Number.isInteger(days) && days >= 1 && days <= 5 ? days : undefined;

/** Remote days a week the text states: fully remote is 5; hybrid counts the remote days (or 5 minus office days). */
export function inferRemoteDays(text: string): number | undefined {
  if (
    /\b(?:fully|100%|completely|entirely|100 percent)\s+remote\b|\bremote[- ]first\b|\bwork from anywhere\b/i.test(
      text,
    )
  ) {
    return 5;
  }
  const remote =
    new RegExp(
      `\\b${N}\\s+days?${PER_WEEK}\\s+(?:remote(?:ly)?|from home|working remotely|telework)`,
      'i',
    ).exec(text) ?? new RegExp(`\\b(?:remote|telework)\\s+${N}\\s+days?`, 'i').exec(text);
  if (remote) return inRange(asDays(remote[1]));
  const office =
    new RegExp(
      `\\b${N}\\s+days?${PER_WEEK}\\s+(?:(?:in|at)\\s+(?:the\\s+|our\\s+)?(?:office|on-?site)|on-?site|in[- ]office)`,
      'i',
    ).exec(text) ?? new RegExp(`\\b(?:on-?site|in[- ]office)\\s+${N}\\s+days?`, 'i').exec(text);
  if (office) return inRange(5 - asDays(office[1]));
  if (/\bhybrid\b/i.test(text)) {
    const days = new RegExp(`\\b${N}\\s+days?\\b`, 'i').exec(text);
    if (days) return inRange(asDays(days[1]));
  }
  return undefined;
}
