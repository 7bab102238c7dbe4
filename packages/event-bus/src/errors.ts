/**
 * Thrown by a handler when something it needs is down (not when the event is wrong): the event
 * waits in RabbitMQ and is tried again every `retryDelaysMs[0]`, without using up its retries and
 * without ever being dead-lettered.
 */
export class DependencyUnavailableError extends Error {
  override readonly name = 'DependencyUnavailableError';
}

/**
 * A document's write lease stayed taken for longer than a writer waits (its holder is slow, or
 * died holding it): nothing was written. Like an unreachable database, the caller may try again.
 */
export class WriteLeaseTimeoutError extends Error {
  override readonly name = 'WriteLeaseTimeoutError';

  constructor(document: string) {
    super(`the write lease of ${document} stayed taken`);
  }
}

/**
 * The driver's errors for a database it cannot reach (a server restarting, a connection lost),
 * by name: mongoose wraps some (MongooseServerSelectionError) and a handler may wrap them again.
 */
const UNREACHABLE_DATABASE = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClearedError',
]);

/**
 * A socket's own error passed up as it is: the driver writing a command on a connection the server
 * had closed (`EPIPE`, seen while FerretDB restarted), or one the server reset.
 */
const LOST_CONNECTION = new Set(['EPIPE', 'ECONNRESET']);

/**
 * The database is out of reach: one of the driver's errors above, a lost connection's socket
 * error, mongoose giving up on an operation it buffered while disconnected (its
 * `bufferTimeoutMS`; a plain MongooseError), FerretDB cancelling an operation because it is
 * shutting down, or a write lease that stayed taken.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code } = error as NodeJS.ErrnoException;
  return (
    UNREACHABLE_DATABASE.has(error.name) ||
    (code !== undefined && LOST_CONNECTION.has(code)) ||
    error instanceof WriteLeaseTimeoutError ||
    (error.name === 'MongooseError' && error.message.includes('buffering timed out')) ||
    (error.name === 'MongoServerError' && error.message.endsWith('context canceled'))
  );
}

/**
 * A handler's failure that says nothing about the event: a dependency down (declared with
 * DependencyUnavailableError) or its database out of reach. The event waits for it, as long as it
 * takes, instead of using up its retries and landing in the dead-letter queue with its effect lost.
 */
export function isDependencyDown(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    if (cause instanceof DependencyUnavailableError || isDatabaseUnreachable(cause)) return true;
    cause = cause.cause;
  }
  return false;
}

/** Publishing or waiting was refused because the bus has no connection to RabbitMQ (now, or any more). */
export class EventBusUnavailableError extends Error {
  override readonly name = 'EventBusUnavailableError';
}
