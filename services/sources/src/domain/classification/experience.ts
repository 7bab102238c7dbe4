import type { ExperienceLevel } from '@b2g/contracts';
import { finding, type Finding } from './finding.js';

const SENIOR_TITLE =
  /\b(?:senior|sr\.?|principal|lead|staff|director|head of|vice president|VP|SVP|EVP|chief|distinguished|fellow|manager of|executive director)\b|\b(?:III|IV|V)\b|\blevel\s*[34]\b/i;
const ENTRY_TITLE =
  /\b(?:junior|jr\.?|entry[- ]level|entry|intern|internship|graduate|new grad|apprentice|trainee|fellowship)\b|\bassociate\b(?!\s+(?:director|vice|partner|principal))|\s(?:I|1)\s*(?:$|[,(–-])|\blevel\s*1\b/i;
const MID_TITLE = /\b(?:mid[- ]level|intermediate)\b|\s(?:II|2)\s*(?:$|[,(–-])|\blevel\s*2\b/i;

/** "5+ years of …", "3-5 years in …", "8 yrs selling …"; not an employer's age ("for over 30 years"). */
const YEARS =
  /\b(\d{1,2})\s*(?:\+|or more)?\s*(?:(?:-|–|to)\s*\d{1,2}\s*)?\+?\s*(?:years?|yrs?)\b(?!\s+(?:old|ago|of age|in business))/gi;
const EMPLOYER_AGE =
  /(?:for|over|than|past|last|since|nearly|almost)\s+(?:over\s+|more than\s+|the\s+|nearly\s+)?$/i;
const ENTRY_TEXT =
  /\bentry[- ]level\b|\brecent (?:college )?graduates?\b|\bnew grads?\b|\bno (?:prior )?experience (?:is )?required\b/i;

/** Years asked: up to 2 is entry, 3 to 5 mid, 6 and more senior. */
const byYears = (years: number): ExperienceLevel =>
  years <= 2 ? 'entry' : years <= 5 ? 'mid' : 'senior';

/** The seniority the title names, else the fewest years of experience the description asks. */
export function classifyExperience(title: string, text: string): Finding<ExperienceLevel | null> {
  if (SENIOR_TITLE.test(title)) return finding('senior', 0.9, 'the title names a senior level');
  if (ENTRY_TITLE.test(title)) return finding('entry', 0.9, 'the title names an entry level');
  if (MID_TITLE.test(title)) return finding('mid', 0.85, 'the title names a mid level');
  const years = [...text.matchAll(YEARS)]
    .filter((match) => !EMPLOYER_AGE.test(text.slice(Math.max(0, match.index - 24), match.index)))
    .map((match) => Number(match[1]))
    .filter((n) => n >= 0 && n < 40);
  if (years.length > 0) {
    const least = Math.min(...years);
    return finding(byYears(least), 0.75, `the description asks for ${least}+ years of experience`);
  }
  if (ENTRY_TEXT.test(text)) return finding('entry', 0.7, 'the description says entry level');
  return finding(null, 0, 'no level or years of experience stated');
}
