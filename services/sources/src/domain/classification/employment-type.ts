import type { EmploymentType } from '@b2g/contracts';
import { finding, type Finding } from './finding.js';

const KINDS: ReadonlyArray<[EmploymentType, RegExp]> = [
  ['part_time', /\bpart[\s_-]?time\b/i],
  ['contract', /\bcontract(?:or)?\b|\bfreelance\b|\b1099\b|\bC2H\b|\bcontract[\s-]to[\s-]hire\b/i],
  ['temporary', /\btemp(?:orary)?\b|\bseasonal\b|\bintern(?:ship)?\b|\bfixed[\s-]term\b/i],
  ['full_time', /\bfull[\s_-]?time\b|\bpermanent\b|\bregular\b|\bFTE\b/i],
];

/** Text that states the terms; "contract" alone is everywhere in government work. */
const TEXT_KINDS: ReadonlyArray<[EmploymentType, RegExp]> = [
  [
    'part_time',
    /\bpart[\s-]time (?:role|position|job|opportunity|schedule)\b|\bthis is a part[\s-]time\b/i,
  ],
  [
    'contract',
    /\bcontract[\s-]to[\s-]hire\b|\b(?:this is a |a )\d*[\s-]?(?:month )?contract (?:role|position|assignment|engagement|opportunity)\b|\b\d+[\s-]month contract\b|\bW-?2 contract\b|\b1099\b|\bcontract (?:role|position|assignment)\b/i,
  ],
  [
    'temporary',
    /\btemporary (?:role|position|assignment)\b|\bseasonal (?:role|position)\b|\b(?:summer )?internship\b/i,
  ],
  ['full_time', /\bfull[\s-]time\b/i],
];
const TITLE_KINDS: ReadonlyArray<[EmploymentType, RegExp]> = [
  ['part_time', /\bpart[\s-]time\b/i],
  [
    'contract',
    /\(contract(?:[\s-]to[\s-]hire)?\)|\bcontract(?:or)?\s*$|\bcontract[\s-]to[\s-]hire\b/i,
  ],
  ['temporary', /\btemp(?:orary)?\b|\bseasonal\b|\bintern(?:ship)?\b/i],
];

const first = (rules: ReadonlyArray<[EmploymentType, RegExp]>, text: string) =>
  rules.find(([, pattern]) => pattern.test(text))?.[0];

/** The terms: the ATS's own field, else the title, else what the description states. */
export function classifyEmploymentType(
  title: string,
  text: string,
  ats: string | undefined,
): Finding<EmploymentType | null> {
  const fromAts = ats ? first(KINDS, ats) : undefined;
  if (fromAts) return finding(fromAts, 0.95, `the ATS says "${ats}"`);
  const fromTitle = first(TITLE_KINDS, title);
  if (fromTitle) return finding(fromTitle, 0.9, 'the title states the terms');
  const fromText = first(TEXT_KINDS, text);
  if (fromText) return finding(fromText, 0.75, 'the description states the terms');
  return finding(null, 0, 'no employment terms stated');
}
