import { randomUUID } from 'node:crypto';
import { ERROR_MESSAGES, REMEMBER_ME_SESSION_TTL_MS, SESSION_TTL_MS } from '@b2g/contracts';
import {
  unauthorized,
  type TokenIssuer,
  type TokenVerifier,
  type UserPrincipal,
} from '@b2g/service-kit';
import { causeOf, sessionsRevoked } from './events.js';
import type { RequestContext, SessionRef, UserRecord } from './model.js';
import type { SessionStore, UserStore } from './ports.js';

export interface Authenticated {
  principal: UserPrincipal;
  user: UserRecord;
}

export interface SessionsDeps {
  sessions: SessionStore;
  users: UserStore;
  issuer: TokenIssuer;
  verifier: TokenVerifier;
  now: () => number;
}

/**
 * Every token names a server-side session: it is accepted only while the signature, the expiry and
 * the session (not revoked, not expired) all say yes.
 */
export class Sessions {
  constructor(private readonly deps: SessionsDeps) {}

  /** Opens a session for the user and signs its token (1 day, or 30 with "remember me"). */
  async open(
    user: Pick<UserRecord, '_id' | 'username' | 'email'>,
    options: { rememberMe?: boolean | undefined } & RequestContext,
  ) {
    const now = this.deps.now();
    const sessionId = randomUUID();
    const signed = this.deps.issuer.signUser(
      { id: user._id, sessionId, username: user.username, email: user.email },
      options.rememberMe ? REMEMBER_ME_SESSION_TTL_MS : SESSION_TTL_MS,
      now,
    );
    await this.deps.sessions.create({
      _id: sessionId,
      userId: user._id,
      expiresAt: signed.expiresAt,
      revokedAt: null,
      createdAt: new Date(now),
      ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    });
    return signed.token;
  }

  /** The principal and user of a token whose session is live; otherwise a 401. */
  async authenticate(token: string): Promise<Authenticated> {
    const principal = await this.deps.verifier.verifyUser(token);
    const session = await this.deps.sessions.findById(principal.sessionId);
    const live =
      session !== null &&
      session.userId === principal.id &&
      session.revokedAt === null &&
      session.expiresAt.getTime() > this.deps.now();
    const user = live ? await this.deps.users.findById(principal.id) : null;
    if (!user) throw unauthorized(ERROR_MESSAGES.sessionInvalid);
    return { principal, user };
  }

  /** Revokes the token's session; a missing, invalid or already ended token is nothing to do. */
  async logout(token: string | undefined, context: RequestContext): Promise<void> {
    if (!token) return;
    const principal = await this.deps.verifier.verifyUser(token).catch(() => undefined);
    if (!principal) return;
    const session = await this.deps.sessions.findById(principal.sessionId);
    if (!session || session.userId !== principal.id || session.revokedAt !== null) return;
    const at = new Date(this.deps.now());
    await this.deps.sessions.revoke(
      session._id,
      at,
      sessionsRevoked(principal.id, [session], 'logout', causeOf(at, context)),
    );
  }

  /**
   * Marks the sessions of a session.revoked event revoked. A password change records the event
   * with the new hash, then marks the sessions; should the process stop in between, this marks them
   * when the relay publishes the event. Only sessions not yet revoked change, so a redelivery has
   * no second effect.
   */
  async applyRevocation(sessionIds: readonly string[], at: Date): Promise<void> {
    await this.deps.sessions.markRevoked(sessionIds, at);
  }

  /** Revoked sessions whose tokens are still unexpired: a verifier starting now must refuse them. */
  async revokedUnexpired(): Promise<Array<{ id: string; expiresAt: string }>> {
    const sessions: SessionRef[] = await this.deps.sessions.revokedUnexpired(
      new Date(this.deps.now()),
    );
    return sessions.map((session) => ({
      id: session._id,
      expiresAt: session.expiresAt.toISOString(),
    }));
  }
}
