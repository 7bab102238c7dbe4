import type { AuthEvent } from './events.js';
import type { ResetToken, Session, SessionRef, UserAccount, UserRecord } from './model.js';

/** A taken username or e-mail address refused by the store (two registrations raced). */
export class DuplicateAccountError extends Error {
  override readonly name = 'DuplicateAccountError';
}

/**
 * The users. Writes that carry events record them in the same write, so a change and its events
 * are never separated.
 */
export interface UserStore {
  findById(id: string): Promise<UserRecord | null>;
  findWithHash(id: string): Promise<UserAccount | null>;
  findByEmail(emailKey: string): Promise<UserRecord | null>;
  /** By e-mail when the key holds an @ (usernames cannot), else by username; with the hash. */
  findForSignIn(key: string): Promise<UserAccount | null>;
  taken(keys: {
    usernameKey: string;
    emailKey: string;
  }): Promise<{ username: boolean; email: boolean }>;
  /** A taken username or e-mail throws DuplicateAccountError. */
  insert(user: UserAccount, events: AuthEvent[]): Promise<void>;
  recordSignIn(id: string, at: Date): Promise<void>;
  /** Null when the user no longer exists. */
  update(id: string, set: Partial<UserAccount>, events: AuthEvent[]): Promise<UserRecord | null>;
  /** Replaces a hash with a stronger one, unless the password changed meanwhile. */
  upgradeHash(id: string, from: string, to: string): Promise<void>;
  /** Gone from every read at once; its username and e-mail are free again. False when absent. */
  delete(id: string, events: AuthEvent[]): Promise<boolean>;
}

export interface SessionStore {
  create(session: Session): Promise<void>;
  findById(id: string): Promise<Session | null>;
  /** Revokes one live session with its events; false when it was not live. */
  revoke(id: string, at: Date, events: AuthEvent[]): Promise<boolean>;
  /** Sessions of a user still accepted at `now`, except `exceptId`. */
  live(userId: string, now: Date, exceptId?: string): Promise<SessionRef[]>;
  /** Marks sessions revoked (idempotent: already revoked ones keep their time). */
  markRevoked(ids: readonly string[], at: Date): Promise<number>;
  /** Revoked sessions whose tokens have not expired yet: what a verifier must still refuse. */
  revokedUnexpired(now: Date): Promise<SessionRef[]>;
  /**
   * After an account is deleted: ended sessions go; revoked unexpired ones stay (without the user
   * agent) until they expire, so services starting later still learn they are revoked.
   */
  forgetUser(userId: string, now: Date): Promise<void>;
  /** Removes sessions expired before `before` whose events are all published. */
  purgeExpired(before: Date): Promise<number>;
}

export interface ResetTokenStore {
  insert(token: ResetToken): Promise<void>;
  /** Marks the token used if it is unused and unexpired, atomically; its user, or null. */
  claim(tokenHash: string, now: Date): Promise<string | null>;
  /** Spends every other unused token of the user (after a successful reset). */
  spendAll(userId: string, now: Date): Promise<void>;
  deleteAll(userId: string): Promise<void>;
  purgeExpired(before: Date): Promise<number>;
}

/** Work that continues after the answer was sent; shutdown waits for it. */
export interface BackgroundWork {
  run(name: string, task: () => Promise<void>): void;
}

/**
 * Counted attempts shared by every instance: a key's live hits, each numbered in the key's
 * sequence; a number can be added once only (the service-kit's RateLimitHits).
 */
export interface AttemptLog {
  live(key: string): Promise<{ hits: { seq: number; at: number }[]; lastSeq: number }>;
  /** False when another instance added `seq` first. */
  add(key: string, seq: number, expiresAt: number): Promise<boolean>;
  remove(key: string, seq: number): Promise<void>;
  clear(key: string): Promise<void>;
}
