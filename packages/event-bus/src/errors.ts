/**
 * Thrown by a handler when something it needs is down (not when the event is wrong): the event
 * waits in RabbitMQ and is tried again every `retryDelaysMs[0]`, without using up its retries and
 * without ever being dead-lettered.
 */
export class DependencyUnavailableError extends Error {
  override readonly name = 'DependencyUnavailableError';
}

/** Publishing or waiting was refused because the bus has no connection to RabbitMQ (now, or any more). */
export class EventBusUnavailableError extends Error {
  override readonly name = 'EventBusUnavailableError';
}
