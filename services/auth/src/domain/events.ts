import type { SESSION_REVOCATION_REASONS } from '@b2g/contracts';
import type { RequestContext, SessionRef, UserRecord } from './model.js';

export type RevocationReason = (typeof SESSION_REVOCATION_REASONS)[number];

/** When a change happened and which request caused it (its id follows the change's events). */
export interface Cause {
  at: Date;
  correlationId?: string | undefined;
}

export type ProfileFields = Pick<
  UserRecord,
  '_id' | 'firstName' | 'lastName' | 'company' | 'location' | 'clearanceLevel' | 'phoneNumber'
>;

/**
 * What auth's decisions cause, recorded with the change that states them (events/outgoing.ts
 * turns each into the integration event the other services read).
 */
export type AuthEvent =
  | { kind: 'UserRegistered'; user: UserRecord; cause: Cause }
  | { kind: 'ProfileUpdated'; user: ProfileFields; cause: Cause }
  | { kind: 'AccountDeleted'; userId: string; cause: Cause }
  | {
      kind: 'SessionsRevoked';
      userId: string;
      sessions: readonly SessionRef[];
      reason: RevocationReason;
      cause: Cause;
    };

export const causeOf = (at: Date, context: RequestContext): Cause => ({
  at,
  correlationId: context.correlationId,
});

/** The revocation of the given sessions: none when there is nothing to revoke. */
export function sessionsRevoked(
  userId: string,
  sessions: readonly SessionRef[],
  reason: RevocationReason,
  cause: Cause,
): AuthEvent[] {
  return sessions.length === 0
    ? []
    : [{ kind: 'SessionsRevoked', userId, sessions, reason, cause }];
}
