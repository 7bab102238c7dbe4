import { randomUUID } from 'node:crypto';
import {
  EVENT_SCHEMA_VERSION,
  parseIntegrationEvent,
  type EventData,
  type EventType,
  type IntegrationEvent,
} from '@b2g/contracts';

/** An event (or its data) does not match its contract in @b2g/contracts. */
export class EventValidationError extends Error {
  override readonly name = 'EventValidationError';

  constructor(readonly problems: string[]) {
    super(`invalid integration event: ${problems.join('; ')}`);
  }
}

/** Checks an envelope and its data against the contracts; returns the parsed event or throws. */
export function validateEvent(raw: unknown): IntegrationEvent {
  const result = parseIntegrationEvent(raw);
  if (result.success) return result.data;
  throw new EventValidationError(
    result.error.issues.map((issue) => `${issue.path.join('.') || '(event)'}: ${issue.message}`),
  );
}

export interface EventMeta {
  /** The service that states the fact, e.g. `jobs`. */
  source: string;
  /** Carried over from the request or event that caused this one; a new chain starts with the event's own id. */
  correlationId?: string;
  /** Defaults to now. */
  occurredAt?: Date;
}

/** Builds a validated integration event: a new uuid, the current schema version, the time it happened. */
export function createEvent<T extends EventType>(
  type: T,
  data: EventData<T>,
  meta: EventMeta,
): IntegrationEvent<T> {
  const id = randomUUID();
  const event = validateEvent({
    id,
    type,
    version: EVENT_SCHEMA_VERSION,
    occurredAt: (meta.occurredAt ?? new Date()).toISOString(),
    source: meta.source,
    correlationId: meta.correlationId ?? id,
    data,
  });
  // The envelope schema is a union discriminated by `type`, and `type` is T.
  return event as IntegrationEvent<T>;
}
