import { SECTOR_LABELS, type Sector } from '@b2g/contracts';
import { finding, type Finding } from './finding.js';
import type { MarketScores } from './market.js';

/** A market counts for the sector from this score (one clear signal). */
const PRESENT = 2;

/**
 * The market the posting serves: federal, state and local, or education (SLED's schools and
 * universities); BOTH when it names federal work and SLED work alike; BOTH too when it names only
 * "public sector" or "government" work, which spans them.
 */
export function classifySector(scores: MarketScores): Finding<Sector | null> {
  const federal = scores.federal;
  const sled = scores.state_local + scores.education;
  if (
    federal >= PRESENT &&
    sled >= PRESENT &&
    Math.min(federal, sled) >= 0.4 * Math.max(federal, sled)
  )
    return finding<Sector>('BOTH', 0.75, `names federal (${federal}) and SLED (${sled}) work`);
  if (federal < PRESENT && sled < PRESENT)
    return scores.public >= PRESENT
      ? finding<Sector>('BOTH', 0.5, 'names government work of no particular level')
      : finding(null, 0, 'names no government market');
  const sector: Sector =
    federal >= sled
      ? 'FEDERAL'
      : scores.education > scores.state_local
        ? 'EDUCATION'
        : 'STATE_LOCAL';
  const total = federal + sled;
  const lead =
    sector === 'FEDERAL' ? federal : sector === 'EDUCATION' ? scores.education : scores.state_local;
  return finding(
    sector,
    Math.round((0.5 + 0.45 * (lead / total)) * 100) / 100,
    `mostly ${SECTOR_LABELS[sector]} signals`,
  );
}
