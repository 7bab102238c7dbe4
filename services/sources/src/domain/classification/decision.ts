import type { FunctionFinding } from './job-function.js';
import type { Evidence, MarketScores } from './market.js';
import { clamp01 } from './text.js';

export const DECISIONS = ['live', 'pending', 'excluded'] as const;
export type Decision = (typeof DECISIONS)[number];

/** A posting at least this sure to be B2G goes live; at most `EXCLUDE_AT`, it is kept out. */
export const LIVE_AT = 0.7;
export const EXCLUDE_AT = 0.3;
/** Government score at which the market is as sure as 1 − 1/e (about 0.63). */
const MARKET_SCALE = 3.5;
/** Commercial words lower the government score by at most this much. */
const COMMERCIAL_CAP = 3;
/** How likely a role no rule names is a board role: even, so strong signals send it to review. */
const UNKNOWN_ROLE = 0.5;

export interface B2gDecision {
  decision: Decision;
  /** How likely the posting is a B2G sales, marketing or technical role (0 to 1). */
  confidence: number;
  /** How likely it serves government, from the market signals alone. */
  marketConfidence: number;
  /** How likely its role is one the board lists, from the function rule alone. */
  roleConfidence: number;
  reasons: string[];
}

/** How likely the role is a board role: a board function as sure as its rule, `other` the reverse. */
export function roleConfidence(role: FunctionFinding): number {
  if (role.value === null) return UNKNOWN_ROLE;
  return role.value === 'other' ? 1 - role.confidence : role.confidence;
}

export const governmentScore = (scores: MarketScores): number =>
  scores.federal +
  scores.state_local +
  scores.education +
  scores.public -
  Math.min(scores.commercial, COMMERCIAL_CAP);

/** How likely a posting serves government, from its score: 0 at none, rising towards 1. */
export const marketConfidence = (score: number): number =>
  clamp01(1 - Math.exp(-Math.max(0, score) / MARKET_SCALE));

const listed = (evidence: Evidence[]) =>
  [...evidence]
    .sort((a, b) => b.points - a.points)
    .slice(0, 6)
    .map((e) => `${e.term} (${e.group}, ${e.where})`)
    .join('; ');

/**
 * Live, pending or excluded: the chance that the role is a board role times the chance that the
 * posting serves government, against `LIVE_AT` and `EXCLUDE_AT`.
 */
export function decide(
  role: FunctionFinding,
  scores: MarketScores,
  evidence: Evidence[],
): B2gDecision {
  const byRole = roleConfidence(role);
  const byMarket = marketConfidence(governmentScore(scores));
  const confidence = clamp01(byRole * byMarket);
  const government = evidence.filter((e) => e.market !== 'commercial');
  const commercial = evidence.filter((e) => e.market === 'commercial');
  const reasons = [
    `role: ${role.reason} (${byRole.toFixed(2)})`,
    government.length > 0
      ? `government signals: ${listed(government)} (${byMarket.toFixed(2)})`
      : 'no government signal: no agency, contract vehicle, compliance regime, clearance or SLED buyer named',
  ];
  if (commercial.length > 0) reasons.push(`commercial signals: ${listed(commercial)}`);
  const decision: Decision =
    confidence >= LIVE_AT ? 'live' : confidence <= EXCLUDE_AT ? 'excluded' : 'pending';
  reasons.push(
    decision === 'live'
      ? `B2G confidence ${confidence.toFixed(2)} ≥ ${LIVE_AT}: goes live`
      : decision === 'excluded'
        ? `B2G confidence ${confidence.toFixed(2)} ≤ ${EXCLUDE_AT}: kept out`
        : `B2G confidence ${confidence.toFixed(2)} between ${EXCLUDE_AT} and ${LIVE_AT}: waits for review`,
  );
  return { decision, confidence, marketConfidence: byMarket, roleConfidence: byRole, reasons };
}
