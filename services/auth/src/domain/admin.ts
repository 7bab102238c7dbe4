import { createHash, timingSafeEqual } from 'node:crypto';
import { ADMIN_SESSION_USER_ID, ERROR_MESSAGES } from '@b2g/contracts';
import {
  serviceUnavailable,
  unauthorized,
  type SignedToken,
  type TokenIssuer,
  type TokenVerifier,
} from '@b2g/service-kit';
import { causeOf, sessionsRevoked } from './events.js';
import type { RequestContext } from './model.js';
import type { SessionStore } from './ports.js';

export interface AdminAccessDeps {
  /** ADMIN_PASSWORD; undefined = admin access not configured. */
  password: string | undefined;
  issuer: TokenIssuer;
  verifier: TokenVerifier;
  /** Admin sign-ins are sessions (of ADMIN_SESSION_USER_ID), so logout revokes them everywhere. */
  sessions: SessionStore;
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
    return (await this.liveSession(token)) !== undefined;
  }

  /** Revokes the sign-in of `token` (session.revoked tells every service); nothing to do without one. */
  async signOut(token: string | undefined, context: RequestContext): Promise<void> {
    const session = await this.liveSession(token);
    if (!session) return;
    const at = new Date(this.deps.now());
    await this.deps.sessions.revoke(
      session._id,
      at,
      sessionsRevoked(ADMIN_SESSION_USER_ID, [session], 'logout', causeOf(at, context)),
    );
  }

  private async liveSession(token: string | undefined) {
    if (!token || !this.configured) return undefined;
    const sessionId = await this.deps.verifier.verifyAdmin(token).catch(() => undefined);
    if (!sessionId) return undefined;
    const session = await this.deps.sessions.findById(sessionId);
    const live =
      session !== null &&
      session.userId === ADMIN_SESSION_USER_ID &&
      session.revokedAt === null &&
      session.expiresAt.getTime() > this.deps.now();
    return live ? session : undefined;
  }

  /** 503 naming ADMIN_PASSWORD while it is unset. */
  assertConfigured(): Buffer {
    if (!this.expected) throw serviceUnavailable(ERROR_MESSAGES.adminNotConfigured);
    return this.expected;
  }

  /** Compares digests in constant time (equal lengths whatever was typed), then opens a session. */
  async signIn(password: string): Promise<SignedToken> {
    if (!timingSafeEqual(digest(password), this.assertConfigured()))
      throw unauthorized(ERROR_MESSAGES.adminPasswordInvalid);
    const now = this.deps.now();
    const signed = this.deps.issuer.signAdmin(this.deps.ttlMs, now);
    await this.deps.sessions.create({
      _id: signed.sessionId,
      userId: ADMIN_SESSION_USER_ID,
      expiresAt: signed.expiresAt,
      revokedAt: null,
      createdAt: new Date(now),
    });
    return signed;
  }
}
