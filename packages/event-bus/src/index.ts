export { backoffDelay, type Backoff } from './async.js';
export {
  DEFAULT_EXCHANGE,
  DEFAULT_MAX_IN_FLIGHT,
  DEFAULT_PREFETCH,
  DEFAULT_RETRY_DELAYS_MS,
  DependencyUnavailableError,
  EventBus,
  EventBusUnavailableError,
  HEADERS,
  topologyNames,
  type EventBusOptions,
  type StartOptions,
  type SubscriptionKind,
} from './bus.js';
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
export { isDuplicateKey, withDocumentLock, type ModelOf } from './mongo.js';
export {
  DEFAULT_LEASE_COLLECTION,
  deleteWithEvents,
  documentWithEvents,
  Outbox,
  OUTBOX_FIELDS,
  outboxPlugin,
  toOutboxEntries,
  withEvents,
  type OutboxEntry,
  type OutboxModel,
  type OutboxOptions,
  type OutboxPluginOptions,
} from './outbox.js';
export { HandlerRegistry, type EventHandler, type HandlerContext } from './registry.js';
