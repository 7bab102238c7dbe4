import type { RiskSignal, RiskSignalName } from '@b2g/contracts';

/**
 * What each signal adds to a post's score. A post whose score reaches REVIEW_THRESHOLD waits for
 * review (POSTING_REVIEW=risky). One strong signal (a filled honeypot, a denied apply host, a
 * ticked agency role, a repeat of a rejected post) holds a post alone; weak ones (no e-mail, no
 * proof of work, a plain-HTTP link) only add up with others.
 */
export const SIGNAL_WEIGHTS: Record<RiskSignalName, number> = {
  no_email: 1,
  email_unverified: 1,
  free_mail: 2,
  domain_mismatch: 2,
  apply_ip_literal: 4,
  apply_shortener: 3,
  apply_not_https: 1,
  apply_denied: 5,
  near_duplicate: 3,
  domain_volume: 3,
  client_volume: 3,
  contact_in_description: 2,
  many_links: 2,
  scam_phrasing: 3,
  agency_role: 5,
  honeypot: 5,
  no_proof_of_work: 2,
};

/** The score from which a post waits for review. */
export const REVIEW_THRESHOLD = 5;

/** A repeat of a rejected or banned post weighs as much as the threshold: it is held alone. */
export const NEAR_REJECTED_WEIGHT = REVIEW_THRESHOLD;

/** What scam phrases add up to at most (SCAM_LEXICON: a weak one adds scam_phrasing's weight). */
export const SCAM_PHRASING_MAX_WEIGHT = 8;

/** A raised signal with its weight (SIGNAL_WEIGHTS' unless given) and its evidence. */
export function signal(
  name: RiskSignalName,
  evidence: string,
  weight = SIGNAL_WEIGHTS[name],
): RiskSignal {
  return { signal: name, weight, evidence };
}
