import type { EventData, EventType, IntegrationEvent } from '@b2g/contracts';
import { createEvent } from '@b2g/event-bus';
import type { AuthEvent, Cause } from '../domain/events.js';

/** What auth publishes (always through the outbox, recorded with the change it states). */
export const EVENT_SOURCE = 'auth';

function event<T extends EventType>(
  type: T,
  data: EventData<T>,
  cause: Cause,
): IntegrationEvent<T> {
  return createEvent(type, data, {
    source: EVENT_SOURCE,
    occurredAt: cause.at,
    ...(cause.correlationId ? { correlationId: cause.correlationId } : {}),
  });
}

/** The integration event that tells the other services about one of auth's domain events. */
export function toIntegrationEvent(domainEvent: AuthEvent): IntegrationEvent {
  const { cause } = domainEvent;
  switch (domainEvent.kind) {
    case 'UserRegistered': {
      const { user } = domainEvent;
      return event(
        'user.registered',
        {
          userId: user._id,
          username: user.username,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          registeredAt: user.createdAt.toISOString(),
        },
        cause,
      );
    }
    case 'ProfileUpdated': {
      const { user } = domainEvent;
      return event(
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
        cause,
      );
    }
    case 'AccountDeleted':
      return event(
        'user.deleted',
        { userId: domainEvent.userId, deletedAt: cause.at.toISOString() },
        cause,
      );
    case 'SessionsRevoked': {
      // One event for every session revoked by one change; `expiresAt` is the latest of theirs.
      const { sessions } = domainEvent;
      const latest = Math.max(...sessions.map((session) => session.expiresAt.getTime()));
      return event(
        'session.revoked',
        {
          userId: domainEvent.userId,
          sessionIds: sessions.map((session) => session._id),
          reason: domainEvent.reason,
          expiresAt: new Date(latest).toISOString(),
        },
        cause,
      );
    }
  }
}

export const toIntegrationEvents = (events: readonly AuthEvent[]): IntegrationEvent[] =>
  events.map(toIntegrationEvent);
