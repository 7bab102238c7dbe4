import type { ClearanceLevel } from '@b2g/contracts';

/** A user with every stored field; `_id` is the uuid the API calls `id`. */
export interface UserAccount {
  _id: string;
  /** As the user typed it (shown); `usernameKey` is its lowercase form (unique, looked up). */
  username: string;
  usernameKey: string;
  email: string;
  emailKey: string;
  /** argon2id; read only when a password is being checked. */
  passwordHash: string;
  firstName: string;
  lastName: string;
  company: string | null;
  location: string | null;
  phoneNumber: string | null;
  clearanceLevel: ClearanceLevel;
  isEmailVerified: boolean;
  lastLoginAt: Date | null;
  profileComplete: boolean;
  notificationPreferences: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
}

/** A user without the password hash: what everything but a password check reads. */
export type UserRecord = Omit<UserAccount, 'passwordHash'>;

/** A sign-in: every token names one, and is accepted only while it is neither revoked nor expired. */
export interface Session {
  _id: string;
  userId: string;
  expiresAt: Date;
  revokedAt: Date | null;
  createdAt: Date;
  userAgent?: string;
}

export type SessionRef = Pick<Session, '_id' | 'expiresAt'>;

/** A password reset link as stored: only the SHA-256 (hex) of its token. */
export interface ResetToken {
  _id: string;
  userId: string;
  tokenHash: string;
  expiresAt: Date;
  usedAt: Date | null;
  createdAt: Date;
}

/** Lowercase form of a username or e-mail address: what uniqueness and sign-in compare. */
export const lookupKey = (value: string) => value.trim().toLowerCase();

/** What a request contributes to the events and sessions it causes. */
export interface RequestContext {
  correlationId?: string | undefined;
  userAgent?: string | undefined;
}
