import { createHmac, timingSafeEqual } from 'node:crypto';
import { badRequest } from '@b2g/service-kit';

/** What a link in an alert e-mail lets its holder do. */
export type LinkPurpose = 'confirm' | 'manage';

export interface LinkClaims {
  purpose: LinkPurpose;
  savedSearchId: string;
  expiresAt: Date;
}

export const LINK_MESSAGES = {
  invalid: 'This link is not valid',
  expired: 'This link has expired',
} as const;

/** A link token that is malformed, forged, for another purpose, or expired: a 400. */
const invalidLink = (reason: keyof typeof LINK_MESSAGES) => badRequest(LINK_MESSAGES[reason]);

const PURPOSE_CODES: Record<LinkPurpose, string> = { confirm: 'c', manage: 'm' };

/**
 * Signed, expiring link tokens: `<purpose>.<saved search id>.<expiry, s>.<HMAC-SHA256>` in
 * base64url, keyed by a configured secret. Nothing is stored; the id alone opens nothing.
 */
export class LinkTokens {
  constructor(
    private readonly secret: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  sign(purpose: LinkPurpose, savedSearchId: string, ttlMs: number): string {
    const expires = Math.floor((this.now().getTime() + ttlMs) / 1000);
    const body = `${PURPOSE_CODES[purpose]}.${savedSearchId}.${expires.toString(36)}`;
    return `${body}.${this.mac(body)}`;
  }

  /** The claims of a genuine, unexpired token of `purpose`; a 400 otherwise. */
  verify(token: string, purpose: LinkPurpose): LinkClaims {
    const parts = token.split('.');
    if (parts.length !== 4) throw invalidLink('invalid');
    const [code, savedSearchId, expires, mac] = parts as [string, string, string, string];
    const body = `${code}.${savedSearchId}.${expires}`;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw invalidLink('invalid');
    if (code !== PURPOSE_CODES[purpose]) throw invalidLink('invalid');
    const expiresAt = new Date(parseInt(expires, 36) * 1000);
    if (!(expiresAt > this.now())) throw invalidLink('expired');
    return { purpose, savedSearchId, expiresAt };
  }

  private mac(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('base64url');
  }
}
