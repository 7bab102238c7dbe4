import type { Workplace } from '@b2g/contracts';
import { finding, type Finding } from './finding.js';

export interface RemoteWork {
  workplace: Workplace | null;
  /** Remote days a week, 1 to 5 (5 = fully remote); null on-site or when not stated. */
  remoteDays: number | null;
}

const NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5 };
const N = String.raw`(\d|one|two|three|four|five)`;
const PER_WEEK = String.raw`(?:\s*(?:days?)?\s*(?:/|\s(?:per|a|each)\s)\s*week)?`;
const days = (word: string) => NUMBERS[word.toLowerCase()] ?? Number(word);

const REMOTE_DAYS = [
  new RegExp(
    String.raw`\b${N}(?:\s*(?:-|to)\s*\d)?\s+days?${PER_WEEK}\s+(?:remote(?:ly)?|from home|of telework|telework(?:ing)?|work(?:ing)? remotely)`,
    'i',
  ),
  new RegExp(String.raw`\b(?:remote|telework)\s+(?:up to\s+)?${N}\s+days?`, 'i'),
  new RegExp(String.raw`\bup to\s+${N}\s+days?${PER_WEEK}\s+(?:of\s+)?(?:remote|telework)`, 'i'),
];
const OFFICE_DAYS = [
  new RegExp(
    String.raw`\b${N}(?:\s*(?:-|to)\s*\d)?\s+days?${PER_WEEK}\s+(?:in|at)\s+(?:the\s+|our\s+|a\s+)?(?:[\w.-]+\s+){0,3}?(?:office|on-?site|customer site|client site|SCIF)`,
    'i',
  ),
  new RegExp(String.raw`\b${N}\s+days?${PER_WEEK}\s+(?:on-?site|in[- ]office|in[- ]person)`, 'i'),
  new RegExp(String.raw`\b(?:on-?site|in[- ]office|office|in[- ]person)\s+${N}\s+days?`, 'i'),
];
const FULLY_REMOTE =
  /\b(?:fully|100%|completely|entirely|100 percent)\s+remote\b|\bremote[- ]first\b|\bwork from anywhere\b|\b(?:role|position|job|opportunity) is (?:a )?remote\b|\bthis is a remote (?:role|position|job|opportunity)\b|\bremote (?:role|position) (?:within|anywhere in) the (?:US|U\.S\.|United States)\b/i;
const ON_SITE =
  /\b(?:100%|fully|must (?:be|work)|required to (?:be|work)|work(?:s)? (?:fully )?)\s*on-?site\b|\bon-?site (?:role|position|only)\b|\bin a SCIF\b|\bno (?:remote|telework)\b|\bnot (?:eligible for|a) remote\b|\bremote work is not\b/i;
const HYBRID = /\bhybrid\b/i;

const inRange = (n: number) => (Number.isInteger(n) && n >= 1 && n <= 5 ? n : null);
const remote = (remoteDays: number): RemoteWork =>
  remoteDays >= 5
    ? { workplace: 'remote', remoteDays: 5 }
    : { workplace: 'hybrid', remoteDays: remoteDays };
const ON_SITE_WORK: RemoteWork = { workplace: 'on-site', remoteDays: null };

/** The days the text counts: remote days, or five less the office days. */
function statedDays(text: string): RemoteWork | null {
  for (const pattern of REMOTE_DAYS) {
    const match = pattern.exec(text);
    const n = match?.[1] ? inRange(days(match[1])) : null;
    if (n) return remote(n);
  }
  for (const pattern of OFFICE_DAYS) {
    const match = pattern.exec(text);
    if (!match?.[1]) continue;
    const office = days(match[1]);
    if (office >= 5) return ON_SITE_WORK;
    const n = inRange(5 - office);
    if (n) return remote(n);
  }
  return null;
}

/** What an ATS's workplace type says ("remote", "hybrid", "onsite", "ON_SITE", "in office"). */
function atsWorkplace(value: string | undefined): Workplace | null {
  if (!value) return null;
  if (/remote/i.test(value)) return 'remote';
  if (/hybrid/i.test(value)) return 'hybrid';
  if (/on[\s_-]?site|in[\s_-]?office|in[\s_-]?person/i.test(value)) return 'on-site';
  return null;
}

/**
 * Where the work happens: days the text counts first (they are the most precise), then the ATS's
 * workplace type, then the text's words (fully remote, on-site, hybrid), then a "Remote" location.
 */
export function classifyRemote(
  text: string,
  location: string | undefined,
  workplaceType: string | undefined,
): Finding<RemoteWork> {
  const counted = statedDays(text);
  if (counted) return finding(counted, 0.9, describe(counted, 'the description counts the days'));
  const ats = atsWorkplace(workplaceType);
  if (ats === 'remote') return finding(remote(5), 0.9, 'the ATS marks it remote');
  if (ats === 'on-site') return finding(ON_SITE_WORK, 0.9, 'the ATS marks it on-site');
  if (ats === 'hybrid')
    return finding({ workplace: 'hybrid', remoteDays: null }, 0.8, 'the ATS marks it hybrid');
  if (FULLY_REMOTE.test(text)) return finding(remote(5), 0.85, 'the description says fully remote');
  if (ON_SITE.test(text)) return finding(ON_SITE_WORK, 0.8, 'the description says on-site');
  if (HYBRID.test(text) || (location && HYBRID.test(location)))
    return finding({ workplace: 'hybrid', remoteDays: null }, 0.7, 'the posting says hybrid');
  if (location && /\bremote\b/i.test(location))
    return finding(remote(5), 0.75, `the location is "${location}"`);
  return finding({ workplace: null, remoteDays: null }, 0.5, 'no remote work stated');
}

const describe = (work: RemoteWork, how: string) =>
  work.remoteDays ? `${how}: ${work.remoteDays} remote days a week` : `${how}: on-site`;
