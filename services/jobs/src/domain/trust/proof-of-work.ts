import { randomBytes } from 'node:crypto';
import type { PostChallenge } from '@b2g/contracts';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { UsedProofStore } from '../ports.js';

export interface ProofOfWorkSettings {
  /** Signs challenges; every instance must share it (unset: a random key of this process). */
  hmacKey?: string | undefined;
  /** How long a challenge may be answered (default 30 minutes: a form takes a while to fill). */
  ttlMs?: number;
  /** The challenge's largest secret number: the work a browser does (default 100,000). */
  maxNumber?: number;
}

export const DEFAULT_PROOF_TTL_MS = 30 * 60_000;
export const DEFAULT_PROOF_MAX_NUMBER = 100_000;

/** Why a proof of work did not count; `valid` when it did. */
export type ProofCheck = 'valid' | 'missing' | 'unreadable' | 'invalid' | 'expired' | 'replayed';

/** A solved challenge as the browser sends it (altcha-lib's v1 payload). */
type Payload = Exclude<Parameters<typeof verifySolution>[0], string>;

/** The one algorithm this site's challenges use. */
const ALGORITHM = 'SHA-256';

function parsePayload(proof: string): Payload | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(proof, 'base64').toString('utf8'));
    if (typeof value !== 'object' || value === null) return undefined;
    const payload = value as Partial<Payload>;
    return payload.algorithm === ALGORITHM &&
      typeof payload.challenge === 'string' &&
      typeof payload.number === 'number' &&
      typeof payload.salt === 'string' &&
      typeof payload.signature === 'string'
      ? (payload as Payload)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Self-hosted ALTCHA proof of work (altcha-lib's v1 challenges): the server signs a challenge
 * whose salt carries its expiry; the browser finds the number; a post's answer counts once.
 */
export class ProofOfWork {
  private readonly hmacKey: string;
  private readonly ttlMs: number;
  private readonly maxNumber: number;

  constructor(
    private readonly used: UsedProofStore,
    settings: ProofOfWorkSettings = {},
    private readonly now: () => Date = () => new Date(),
  ) {
    this.hmacKey = settings.hmacKey ?? randomBytes(32).toString('hex');
    this.ttlMs = settings.ttlMs ?? DEFAULT_PROOF_TTL_MS;
    this.maxNumber = settings.maxNumber ?? DEFAULT_PROOF_MAX_NUMBER;
  }

  challenge(): Promise<PostChallenge> {
    return createChallenge({
      hmacKey: this.hmacKey,
      algorithm: ALGORITHM,
      maxNumber: this.maxNumber,
      expires: new Date(this.now().getTime() + this.ttlMs),
    });
  }

  /** Checks a post's answer: signed here, solved, not expired, not used before (then used). */
  async check(proof: string | undefined): Promise<ProofCheck> {
    if (!proof?.trim()) return 'missing';
    const payload = parsePayload(proof.trim());
    if (!payload) return 'unreadable';
    const expires = Number(extractParams(payload).expires);
    if (!Number.isFinite(expires) || !(await verifySolution(payload, this.hmacKey, false)))
      return 'invalid';
    const expiresAt = new Date(expires * 1000);
    if (expiresAt <= this.now()) return 'expired';
    return (await this.used.markUsed(payload.salt, expiresAt)) ? 'valid' : 'replayed';
  }
}
