import type {
  EventData,
  EventType,
  IntegrationEvent,
  SESSION_REVOCATION_REASONS,
} from '@b2g/contracts';
import { createEvent } from '@b2g/event-bus';
import type { UserRecord } from '../data/users.js';
import type { SessionRef } from '../data/sessions.js';

/** What auth publishes (always through the outbox, recorded with the change it states). */
export const EVENT_SOURCE = 'auth';

export interface EventContext {
  /** The request id, so a chain of events can be followed back to the call that caused it. */
  correlationId?: string | undefined;
  at: Date;
}

export type RevocationReason = (typeof SESSION_REVOCATION_REASONS)[number];

function event<T extends EventType>(
  type: T,
  data: EventData<T>,
  context: EventContext,
): IntegrationEvent<T> {
  return createEvent(type, data, {
    source: EVENT_SOURCE,
    occurredAt: context.at,
    ...(context.correlationId ? { correlationId: context.correlationId } : {}),
  });
}

export const userRegistered = (user: UserRecord, context: EventContext) =>
  event(
    'user.registered',
    {
      userId: user._id,
      username: user.username,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      registeredAt: user.createdAt.toISOString(),
    },
    context,
  );

export const userUpdated = (
  user: Pick<
    UserRecord,
    '_id' | 'firstName' | 'lastName' | 'company' | 'location' | 'clearanceLevel' | 'phoneNumber'
  >,
  context: EventContext,
) =>
  event(
    'user.updated',
    {
      userId: user._id,
      firstName: user.firstName,
      lastName: user.lastName,
      company: user.company,
      location: user.location,
      clearanceLevel: user.clearanceLevel,
      phoneNumber: user.phoneNumber,
    },
    context,
  );

export const userDeleted = (userId: string, context: EventContext) =>
  event('user.deleted', { userId, deletedAt: context.at.toISOString() }, context);

/** One event for every session revoked by one change; `expiresAt` is the latest of their expiries. */
export function sessionsRevoked(
  userId: string,
  sessions: readonly SessionRef[],
  reason: RevocationReason,
  context: EventContext,
): IntegrationEvent<'session.revoked'>[] {
  if (sessions.length === 0) return [];
  const latest = Math.max(...sessions.map((session) => session.expiresAt.getTime()));
  return [
    event(
      'session.revoked',
      {
        userId,
        sessionIds: sessions.map((session) => session._id),
        reason,
        expiresAt: new Date(latest).toISOString(),
      },
      context,
    ),
  ];
}
