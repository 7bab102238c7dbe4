import { describe, expect, it } from 'vitest';
import { EXCLUDE_AT, LIVE_AT, decide, governmentScore, marketConfidence } from './decision.js';
import { finding } from './finding.js';
import type { Role } from './function-lexicon.js';
import type { MarketScores } from './market.js';

const scores = (partial: Partial<MarketScores>): MarketScores => ({
  federal: 0,
  state_local: 0,
  education: 0,
  public: 0,
  commercial: 0,
  ...partial,
});
const role = (value: Role | null, confidence = 0.95) => finding(value, confidence, 'test');

describe('decide', () => {
  it('when a board role names strong government work, then it goes live', () => {
    const verdict = decide(role('sales'), scores({ federal: 7.5 }), []);
    expect(verdict.decision).toBe('live');
    expect(verdict.confidence).toBeGreaterThanOrEqual(LIVE_AT);
    expect(verdict.reasons.at(-1)).toMatch(/goes live/);
  });

  it('when a board role names one government buyer only, then it waits for review', () => {
    const verdict = decide(role('technical'), scores({ state_local: 2.5 }), []);
    expect(verdict.decision).toBe('pending');
    expect(verdict.confidence).toBeGreaterThan(EXCLUDE_AT);
    expect(verdict.confidence).toBeLessThan(LIVE_AT);
  });

  it('when the role is outside the board, then it is kept out however much government it names', () => {
    const verdict = decide(role('other'), scores({ federal: 20 }), []);
    expect(verdict.decision).toBe('excluded');
    expect(verdict.confidence).toBeLessThanOrEqual(EXCLUDE_AT);
  });

  it('when no rule names the role but government signals are strong, then it waits for review', () => {
    expect(decide(role(null, 0), scores({ federal: 20 }), []).decision).toBe('pending');
  });

  it('when a board role names no government work, then it is kept out', () => {
    const verdict = decide(role('marketing'), scores({ commercial: 4.5 }), []);
    expect(verdict.decision).toBe('excluded');
    expect(verdict.confidence).toBe(0);
  });

  it('when commercial words come with government ones, then they lower the score, by at most 3', () => {
    expect(governmentScore(scores({ federal: 5, commercial: 1.5 }))).toBe(3.5);
    expect(governmentScore(scores({ federal: 5, commercial: 9 }))).toBe(2);
  });

  it('when the government score grows, then the market confidence rises towards 1', () => {
    expect(marketConfidence(0)).toBe(0);
    expect(marketConfidence(2.5)).toBeLessThan(marketConfidence(5));
    expect(marketConfidence(50)).toBe(1);
  });
});
