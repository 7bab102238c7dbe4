export { backoffDelay, type Backoff } from './async.js';
export {
  DEFAULT_MAX_IN_FLIGHT,
  DEFAULT_PREFETCH,
  DEFAULT_RETRY_DELAYS_MS,
  EventBus,
  type EventBusOptions,
  type StartOptions,
} from './bus.js';
export {
  DependencyUnavailableError,
  EventBusUnavailableError,
  isDatabaseUnreachable,
  WriteLeaseTimeoutError,
} from './errors.js';
export { createEvent, EventValidationError, validateEvent, type EventMeta } from './events.js';
export {
  applyOnce,
  DEFAULT_PROCESSED_EVENTS_COLLECTION,
  idempotent,
  PROCESSED_EVENT_IDS_FIELD,
  ProcessedEvents,
  processedEventsPlugin,
  type ApplyOnceOptions,
} from './idempotency.js';
export { isDuplicateKey, type ModelOf } from './mongo.js';
export {
  deleteWithEvents,
  documentWithEvents,
  OUTBOX_FIELDS,
  outboxPlugin,
  toOutboxEntries,
  withEvents,
  type OutboxEntry,
  type OutboxPluginOptions,
} from './outbox-records.js';
export { DEFAULT_LEASE_COLLECTION, type OutboxModel, type OutboxOptions } from './outbox-relay.js';
export { Outbox, type Outgoing } from './outbox.js';
export { HandlerRegistry, type EventHandler, type HandlerContext } from './registry.js';
export { DEFAULT_EXCHANGE, HEADERS, topologyNames, type SubscriptionKind } from './topology.js';
