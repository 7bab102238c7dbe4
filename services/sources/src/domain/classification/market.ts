import type { JobClearance } from '@b2g/contracts';
import {
  COMPANY_SIGNALS,
  FEDERAL_PLACES,
  MARKET_SIGNALS,
  TITLE_SIGNALS,
  type Market,
  type SignalMarket,
  type SignalGroup,
} from './market-lexicons.js';
import { sentences, termPattern } from './text.js';

/** One term found, where, and the points it gave its market. */
export interface Evidence {
  market: SignalMarket;
  group: string;
  term: string;
  where: 'title' | 'description' | 'department' | 'company' | 'location' | 'clearance';
  points: number;
}

export type MarketScores = Record<Market, number>;

export interface MarketReading {
  scores: MarketScores;
  evidence: Evidence[];
}

/** Equal-opportunity and legal boilerplate names "federal, state and local law" in every posting. */
const BOILERPLATE =
  /equal (?:employment )?opportunity|without regard to|protected veteran|veteran status|disability status|\bEEO\b|affirmative action|reasonable accommodation|E-Verify|pay transparency|applicable (?:federal|state|local)|(?:federal|state|local),? (?:state|local)?,? ?(?:and|or) (?:local )?laws?\b|background check|drug[\s-]free|VEVRAA/i;

export const withoutBoilerplate = (text: string): string =>
  sentences(text)
    .filter((sentence) => !BOILERPLATE.test(sentence))
    .join('\n');

interface CompiledTerm {
  group: SignalGroup;
  term: string;
  pattern: RegExp;
}

const compile = (groups: readonly SignalGroup[]): CompiledTerm[] =>
  groups
    .flatMap((group) =>
      group.terms.map((term) => ({ group, term, pattern: termPattern(term, group.caseSensitive) })),
    )
    // Longest first: a term's words are used once ("federal government", not also "government").
    .sort((a, b) => b.term.length - a.term.length);

const MARKET_TERMS = compile(MARKET_SIGNALS);
const TITLE_TERMS = compile(TITLE_SIGNALS);
const PLACE_TERMS = FEDERAL_PLACES.map((place) => termPattern(place));

/** Repeats count less: a term's first mention counts whole, up to two more a quarter each. */
const repeated = (weight: number, count: number) => weight * (1 + 0.25 * (Math.min(count, 3) - 1));

function scan(
  text: string,
  terms: CompiledTerm[],
  where: Evidence['where'],
  scale = 1,
): Evidence[] {
  let rest = text;
  const found: Evidence[] = [];
  for (const { group, term, pattern } of terms) {
    const count = rest.match(pattern)?.length ?? 0;
    if (count === 0) continue;
    rest = rest.replace(pattern, ' ');
    found.push({
      market: group.market,
      group: group.name,
      term,
      where,
      points: repeated(group.weight, count) * scale,
    });
  }
  return found;
}

/** Points a required (or only preferred) clearance gives federal work. */
const CLEARANCE_POINTS: Record<JobClearance, number> = {
  none: 0,
  public_trust: 2,
  secret: 3,
  top_secret: 3.5,
  ts_sci: 4,
};

export interface MarketInput {
  title: string;
  description: string;
  department?: string | undefined;
  company?: string | undefined;
  location?: string | undefined;
  clearance: JobClearance;
  preferredClearance: JobClearance | null;
}

/** Each market's score: the points of every signal the posting's parts show. */
export function readMarkets(input: MarketInput): MarketReading {
  const evidence = [
    ...scan(input.title, TITLE_TERMS, 'title'),
    ...scan(withoutBoilerplate(input.description), MARKET_TERMS, 'description'),
    ...(input.department ? scan(input.department, TITLE_TERMS, 'department', 0.8) : []),
    ...(input.company ? scan(input.company, TITLE_TERMS, 'company', 0.5) : []),
  ];
  if (
    input.company &&
    !evidence.some((e) => e.where === 'company') &&
    COMPANY_SIGNALS.some((p) => p.test(input.company ?? ''))
  )
    evidence.push({
      market: 'public',
      group: 'company name',
      term: input.company,
      where: 'company',
      points: 1.5,
    });
  const location = input.location ?? '';
  if (PLACE_TERMS.some((pattern) => location.match(pattern)))
    evidence.push({
      market: 'federal',
      group: 'federal place',
      term: location,
      where: 'location',
      points: 1,
    });
  const level = input.clearance !== 'none' ? input.clearance : input.preferredClearance;
  if (level && level !== 'none')
    evidence.push({
      market: 'federal',
      group: input.clearance !== 'none' ? 'clearance required' : 'clearance preferred',
      term: level,
      where: 'clearance',
      points: CLEARANCE_POINTS[level] * (input.clearance !== 'none' ? 1 : 0.7),
    });
  const scores: MarketScores = {
    federal: 0,
    state_local: 0,
    education: 0,
    public: 0,
    commercial: 0,
  };
  // "Federal, state and local agencies" names two markets: each counts it.
  for (const { market, points } of evidence) {
    if (market === 'federal_and_sled') {
      scores.federal += points;
      scores.state_local += points;
    } else scores[market] += points;
  }
  return { scores, evidence };
}
