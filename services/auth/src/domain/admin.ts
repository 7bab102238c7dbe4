import { createHash, timingSafeEqual } from 'node:crypto';
import { ERROR_MESSAGES } from '@b2g/contracts';
import {
  serviceUnavailable,
  unauthorized,
  type SignedToken,
  type TokenIssuer,
  type TokenVerifier,
} from '@b2g/service-kit';

export interface AdminAccessDeps {
  /** ADMIN_PASSWORD; undefined = admin access not configured. */
  password: string | undefined;
  issuer: TokenIssuer;
  verifier: TokenVerifier;
  /** Lifetime of an admin sign-in. */
  ttlMs: number;
  now: () => number;
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** The single admin password from the environment, exchanged for a short-lived admin token. */
export class AdminAccess {
  private readonly expected: Buffer | undefined;

  constructor(private readonly deps: AdminAccessDeps) {
    this.expected = deps.password === undefined ? undefined : digest(deps.password);
  }

  get configured(): boolean {
    return this.expected !== undefined;
  }

  async isAdmin(token: string | undefined): Promise<boolean> {
    if (!token || !this.configured) return false;
    return this.deps.verifier.verifyAdmin(token).then(
      () => true,
      () => false,
    );
  }

  /** 503 naming ADMIN_PASSWORD while it is unset. */
  assertConfigured(): Buffer {
    if (!this.expected) throw serviceUnavailable(ERROR_MESSAGES.adminNotConfigured);
    return this.expected;
  }

  /** Compares digests in constant time (equal lengths whatever was typed). */
  signIn(password: string): SignedToken {
    if (!timingSafeEqual(digest(password), this.assertConfigured()))
      throw unauthorized(ERROR_MESSAGES.adminPasswordInvalid);
    return this.deps.issuer.signAdmin(this.deps.ttlMs, this.deps.now());
  }
}
