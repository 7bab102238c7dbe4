import { randomUUID } from 'node:crypto';
import {
  ERROR_MESSAGES,
  type ChangePasswordRequest,
  type LoginRequest,
  type ProfileUpdateRequest,
  type RegisterRequest,
  type User,
} from '@b2g/contracts';
import {
  badRequest,
  conflict,
  unauthorized,
  type AppError,
  type UserPrincipal,
} from '@b2g/service-kit';
import { causeOf, sessionsRevoked, type RevocationReason } from './events.js';
import { lookupKey, type RequestContext, type UserAccount, type UserRecord } from './model.js';
import type { PasswordHasher } from './passwords.js';
import {
  DuplicateAccountError,
  type ResetTokenStore,
  type SessionStore,
  type UserStore,
} from './ports.js';
import type { Sessions } from './sessions.js';
import { profileOf, toPublicUser } from './users.js';

export interface AccountsDeps {
  users: UserStore;
  sessionStore: SessionStore;
  resetTokens: ResetTokenStore;
  sessions: Sessions;
  hasher: PasswordHasher;
  now: () => number;
}

export interface SignedIn {
  token: string;
  user: User;
}

/** Registration, sign-in, profile, password change and account deletion. */
export class Accounts {
  constructor(private readonly deps: AccountsDeps) {}

  async register(input: RegisterRequest, context: RequestContext): Promise<SignedIn> {
    const keys = { usernameKey: lookupKey(input.username), emailKey: lookupKey(input.email) };
    // Cheap check first, so a taken name costs no hash; the unique indexes decide races.
    await this.refuseTaken(keys);
    const passwordHash = await this.deps.hasher.hash(input.password);
    const at = new Date(this.deps.now());
    const user: UserAccount = {
      _id: randomUUID(),
      username: input.username,
      ...keys,
      email: input.email,
      passwordHash,
      ...profileOf(input),
      isEmailVerified: false,
      lastLoginAt: null,
      profileComplete: false,
      notificationPreferences: {},
      createdAt: at,
      updatedAt: at,
    };
    const { passwordHash: _hash, ...record } = user;
    try {
      await this.deps.users.insert(user, [
        { kind: 'UserRegistered', user: record, cause: causeOf(at, context) },
      ]);
    } catch (error) {
      if (error instanceof DuplicateAccountError) await this.refuseTaken(keys);
      throw error;
    }
    const token = await this.deps.sessions.open(record, context);
    return { token, user: toPublicUser(record) };
  }

  /**
   * One answer for an unknown account and a wrong password, in about the same time: an unknown
   * account is checked against a dummy hash.
   */
  /** The id of the account a sign-in names, if there is one. */
  async accountIdOf(emailOrUsername: string): Promise<string | undefined> {
    return (await this.deps.users.findForSignIn(lookupKey(emailOrUsername)))?._id;
  }

  async login(input: LoginRequest, context: RequestContext): Promise<SignedIn> {
    const user = await this.deps.users.findForSignIn(lookupKey(input.emailOrUsername));
    const valid = user
      ? await this.deps.hasher.verify(user.passwordHash, input.password)
      : await this.deps.hasher.verifyNothing(input.password);
    if (!user || !valid) throw unauthorized(ERROR_MESSAGES.invalidCredentials);

    if (this.deps.hasher.needsRehash(user.passwordHash)) {
      await this.deps.users.upgradeHash(
        user._id,
        user.passwordHash,
        await this.deps.hasher.hash(input.password),
      );
    }
    const at = new Date(this.deps.now());
    await this.deps.users.recordSignIn(user._id, at);
    const token = await this.deps.sessions.open(user, { ...context, rememberMe: input.rememberMe });
    const { passwordHash: _hash, ...record } = user;
    return { token, user: toPublicUser({ ...record, lastLoginAt: at }) };
  }

  /** Applies the given fields; absent ones stay, blank text clears. Publishes user.updated. */
  async updateProfile(
    current: UserRecord,
    changes: ProfileUpdateRequest,
    context: RequestContext,
  ): Promise<User> {
    const defined = Object.fromEntries(
      Object.entries(changes).filter(([, value]) => value !== undefined),
    ) as Partial<UserAccount>;
    const merged = { ...current, ...defined };
    const at = new Date(this.deps.now());
    // The whole profile is written with its event, so the last write and the last event agree.
    const set: Partial<UserAccount> = {
      firstName: merged.firstName,
      lastName: merged.lastName,
      company: merged.company,
      location: merged.location,
      phoneNumber: merged.phoneNumber,
      clearanceLevel: merged.clearanceLevel,
      notificationPreferences: merged.notificationPreferences,
      profileComplete: Boolean(merged.company && merged.location && merged.phoneNumber),
      updatedAt: at,
    };
    const updated = await this.deps.users.update(current._id, set, [
      {
        kind: 'ProfileUpdated',
        user: { ...merged, _id: current._id },
        cause: causeOf(at, context),
      },
    ]);
    if (!updated) throw unauthorized(ERROR_MESSAGES.sessionInvalid);
    return toPublicUser(updated);
  }

  /** Changes the password after checking the current one; every other session of the user ends. */
  async changePassword(
    principal: UserPrincipal,
    input: ChangePasswordRequest,
    context: RequestContext,
  ): Promise<void> {
    await this.checkPassword(
      principal.id,
      input.currentPassword,
      badRequest(ERROR_MESSAGES.currentPasswordIncorrect, [
        { path: 'currentPassword', message: ERROR_MESSAGES.currentPasswordIncorrect },
      ]),
    );
    const changed = await this.setPassword(
      principal.id,
      input.newPassword,
      'password_changed',
      context,
      principal.sessionId,
    );
    if (!changed) throw unauthorized(ERROR_MESSAGES.sessionInvalid);
  }

  /**
   * Stores a new password hash together with a session.revoked event naming the user's live
   * sessions (but `keepSessionId`), then marks those sessions revoked. Should the process stop in
   * between, auth's own consumer of session.revoked marks them when the event is relayed.
   * False when the user no longer exists.
   */
  async setPassword(
    userId: string,
    password: string,
    reason: RevocationReason,
    context: RequestContext,
    keepSessionId?: string,
  ): Promise<boolean> {
    const passwordHash = await this.deps.hasher.hash(password);
    const at = new Date(this.deps.now());
    const revoked = await this.deps.sessionStore.live(userId, at, keepSessionId);
    const updated = await this.deps.users.update(
      userId,
      { passwordHash, updatedAt: at },
      sessionsRevoked(userId, revoked, reason, causeOf(at, context)),
    );
    if (!updated) return false;
    await this.deps.sessionStore.markRevoked(
      revoked.map((session) => session._id),
      at,
    );
    await this.deps.resetTokens.spendAll(userId, at);
    return true;
  }

  /**
   * Deletes the account after checking its password: the user document with user.deleted and
   * session.revoked recorded in it (a delete through the outbox: the events outlive the document),
   * then its reset tokens; its sessions end.
   */
  async deleteAccount(
    principal: UserPrincipal,
    password: string,
    context: RequestContext,
  ): Promise<void> {
    await this.checkPassword(
      principal.id,
      password,
      unauthorized(ERROR_MESSAGES.passwordIncorrect),
    );
    const at = new Date(this.deps.now());
    const revoked = await this.deps.sessionStore.live(principal.id, at);
    const cause = causeOf(at, context);
    const deleted = await this.deps.users.delete(principal.id, [
      { kind: 'AccountDeleted', userId: principal.id, cause },
      ...sessionsRevoked(principal.id, revoked, 'account_deleted', cause),
    ]);
    if (!deleted) throw unauthorized(ERROR_MESSAGES.sessionInvalid);
    await this.deps.sessionStore.markRevoked(
      revoked.map((session) => session._id),
      at,
    );
    await this.deps.sessionStore.forgetUser(principal.id, at);
    await this.deps.resetTokens.deleteAll(principal.id);
  }

  private async checkPassword(userId: string, password: string, wrong: AppError): Promise<void> {
    const user = await this.deps.users.findWithHash(userId);
    if (!user) throw unauthorized(ERROR_MESSAGES.sessionInvalid);
    if (!(await this.deps.hasher.verify(user.passwordHash, password))) throw wrong;
  }

  /** 409 naming what is taken (the username first); both are listed in the details. */
  private async refuseTaken(keys: { usernameKey: string; emailKey: string }): Promise<void> {
    const taken = await this.deps.users.taken(keys);
    const details = [
      ...(taken.username ? [{ path: 'username', message: ERROR_MESSAGES.usernameTaken }] : []),
      ...(taken.email ? [{ path: 'email', message: ERROR_MESSAGES.emailTaken }] : []),
    ];
    const first = details[0];
    if (first) throw conflict(first.message, details);
  }
}
