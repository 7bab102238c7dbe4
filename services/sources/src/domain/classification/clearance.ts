import {
  JOB_CLEARANCES,
  JOB_CLEARANCE_LABELS,
  POLYGRAPH_LABELS,
  type JobClearance,
  type Polygraph,
} from '@b2g/contracts';
import { finding, type Finding } from './finding.js';
import { sentences } from './text.js';

const LEVELS: ReadonlyArray<[Exclude<JobClearance, 'none'>, RegExp]> = [
  [
    'ts_sci',
    /\bTS\s*\/\s*SCI\b|\bTS[\s-]SCI\b|\bTop[\s-]Secret\s*\/\s*SCI\b|\bTop[\s-]Secret\s*\/\s*Sensitive Compartmented|\bTop[\s-]Secret[\s\w]{0,20}\bSCI\b|\bSCI eligib/i,
  ],
  [
    'top_secret',
    /\bTop[\s-]Secret\b|\b(?:active|current|interim|final)\s+TS\b|\bTS\s+(?:clearance|level)\b/i,
  ],
  [
    'secret',
    /(?<!Top[\s-])(?<!trade\s)\b(?:Secret|SECRET)\b(?!\s+(?:sauce|shopper|weapon|ingredient|Service))|\bsecret(?=\s+(?:security\s+)?clearance)/,
  ],
  ['public_trust', /\bpublic[\s-]trust\b/i],
];

/** "Secret" counts only in a sentence about clearances ("secret sauce" does not). */
const CLEARANCE_CONTEXT =
  /clearance|cleared|eligib|adjudicat|investigation|DoD|DCSA|polygraph|poly\b|SCI|\bTS\b|level|\bactive\b|\binterim\b/i;
const UNSTATED_LEVEL =
  /\b(?:active|current|must (?:have|hold|possess)(?: an?)?)\s+(?:U\.S\.\s+|DoD\s+)?(?:security\s+)?clearance\b/i;
const NO_CLEARANCE =
  /\bno (?:security )?clearance (?:is )?(?:required|needed)|\b(?:does|do) not require an? (?:security )?clearance|\bclearance (?:is )?not required/i;
/** A sentence that wishes for something rather than requiring it. */
const PREFERRED =
  /\bpreferred\b|\bdesired\b|\ba plus\b|\bnice to have\b|\bbonus\b|\bideally\b|\badvantage\b|\bhighly desirable\b/i;

const FULL_SCOPE = /\bfull[\s-]*scope\b|\bFSP\b|\blifestyle\s+poly|\bFS\s*poly/i;
const CI_POLY = /\bCI[\s-]*poly(?:graph)?\b|\bcounter[\s-]?intelligence\s+poly(?:graph)?\b/i;
const ANY_POLY = /\bpoly(?:graph)?\b/i;

export interface ClearanceFindings {
  clearance: Finding<JobClearance>;
  polygraph: Finding<Polygraph>;
  /** Levels the posting only prefers (they still show government work). */
  preferred: JobClearance | null;
}

const rank = (level: JobClearance) => JOB_CLEARANCES.indexOf(level);
const higher = (a: JobClearance | null, b: JobClearance) => (a && rank(a) >= rank(b) ? a : b);

/** A title's "(Secret)" is a clearance without saying so; in the text, "Secret" needs context. */
function levelOf(clause: string, sentence: string, inTitle: boolean): JobClearance | null {
  for (const [level, pattern] of LEVELS) {
    if (!pattern.test(clause)) continue;
    if (level === 'secret' && !inTitle && !CLEARANCE_CONTEXT.test(sentence)) continue;
    return level;
  }
  return UNSTATED_LEVEL.test(clause) ? 'secret' : null;
}

/** A sentence that prefers something may require something else: "Secret required, TS/SCI a plus". */
const clausesOf = (sentence: string) =>
  PREFERRED.test(sentence) ? sentence.split(/,\s+|;\s*|\s+but\s+|\s+while\s+/) : [sentence];

function polygraphOf(sentence: string): Polygraph | null {
  if (FULL_SCOPE.test(sentence)) return 'full_scope';
  if (CI_POLY.test(sentence)) return 'ci';
  return ANY_POLY.test(sentence) ? 'ci' : null;
}

/**
 * The clearance and polygraph a posting requires: the highest level a sentence requires (a level
 * only preferred is not required), "an active clearance" of no stated level read as Secret, and a
 * polygraph of no stated kind read as a CI polygraph.
 */
export function classifyClearance(title: string, text: string): ClearanceFindings {
  let required: JobClearance | null = null;
  let preferred: JobClearance | null = null;
  let poly: Polygraph | null = null;
  let preferredPoly: Polygraph | null = null;
  let statedNone = false;
  for (const sentence of [title, ...sentences(text)]) {
    if (NO_CLEARANCE.test(sentence)) {
      statedNone = true;
      continue;
    }
    for (const clause of clausesOf(sentence)) {
      const level = levelOf(clause, sentence, sentence === title);
      const wished = PREFERRED.test(clause);
      if (level) {
        if (wished) preferred = higher(preferred, level);
        else required = higher(required, level);
      }
      const kind = polygraphOf(clause);
      if (kind && (level || CLEARANCE_CONTEXT.test(sentence))) {
        if (wished) preferredPoly = preferredPoly === 'full_scope' ? preferredPoly : kind;
        else poly = poly === 'full_scope' ? poly : kind;
      }
    }
  }
  const clearance = required
    ? finding(required, 0.95, `requires ${JOB_CLEARANCE_LABELS[required]} clearance`)
    : preferred
      ? finding<JobClearance>(
          'none',
          0.7,
          `${JOB_CLEARANCE_LABELS[preferred]} clearance is only preferred`,
        )
      : finding<JobClearance>(
          'none',
          statedNone ? 0.95 : 0.8,
          statedNone ? 'states that no clearance is required' : 'names no clearance',
        );
  const polygraph = poly
    ? finding(poly, 0.9, `requires a ${POLYGRAPH_LABELS[poly]}`)
    : finding<Polygraph>(
        'none',
        preferredPoly ? 0.7 : 0.85,
        preferredPoly ? 'a polygraph is only preferred' : 'names no polygraph',
      );
  return { clearance, polygraph, preferred: preferred ?? (preferredPoly ? 'secret' : null) };
}
