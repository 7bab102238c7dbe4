import type { Channel } from 'amqplib';

export const DEFAULT_EXCHANGE = 'b2g.events';

/** Message headers the bus writes and reads. */
export const HEADERS = {
  correlationId: 'x-correlation-id',
  eventVersion: 'x-event-version',
  /** 1 on the first delivery; set on each copy sent through the retry path. */
  attempt: 'x-attempt',
  lastError: 'x-last-error',
  deadLetterReason: 'x-dead-letter-reason',
  /** The queue the message was consumed from before it was dead-lettered. */
  failedQueue: 'x-failed-queue',
  /**
   * On a retry or dead-letter copy (which the consuming service re-publishes as its own broker
   * user): the broker user that published the original. Believed only on a message whose
   * broker-checked `user_id` is the consuming service's own user.
   */
  publisherUser: 'x-publisher-user',
} as const;

/** Names of the queues and exchanges the bus declares. */
export const topologyNames = {
  serviceQueue: (service: string) => `${service}.events`,
  deadLetterQueue: (service: string) => `${service}.events.dlq`,
  /** A fanout exchange and a queue of the same name whose messages wait `delayMs`, then go back to their queue. */
  retry: (exchange: string, delayMs: number) => `${exchange}.retry.${delayMs}`,
};

export type SubscriptionKind = 'service' | 'instance';

export interface QueueDeclaration {
  service: string;
  exchange: string;
  kind: SubscriptionKind;
  /** The event types (routing keys) the queue is bound to. */
  types: readonly string[];
  retryDelaysMs: readonly number[];
}

/**
 * Declares what one subscription consumes from: the service's dead-letter queue, a delay queue per
 * retry wait, and its queue (`service`: the durable `<service>.events`; `instance`: an exclusive,
 * server-named one) bound to the exchange for each type. Returns the queue's name.
 */
export async function declareSubscriptionQueue(
  channel: Channel,
  declaration: QueueDeclaration,
): Promise<string> {
  const { service, exchange } = declaration;
  const deadLetterQueue = topologyNames.deadLetterQueue(service);
  await channel.assertQueue(deadLetterQueue, { durable: true });
  for (const delayMs of new Set(declaration.retryDelaysMs)) {
    const name = topologyNames.retry(exchange, delayMs);
    await channel.assertExchange(name, 'fanout', { durable: true });
    // Expired messages go back through the default exchange under their routing key: their queue's name.
    await channel.assertQueue(name, {
      durable: true,
      arguments: { 'x-message-ttl': delayMs, 'x-dead-letter-exchange': '' },
    });
    await channel.bindQueue(name, name, '');
  }
  // A message rejected without requeue lands in the DLQ (the fallback when it cannot be re-published there).
  const queueArguments = {
    'x-dead-letter-exchange': '',
    'x-dead-letter-routing-key': deadLetterQueue,
  };
  const { queue } =
    declaration.kind === 'service'
      ? await channel.assertQueue(topologyNames.serviceQueue(service), {
          durable: true,
          arguments: queueArguments,
        })
      : await channel.assertQueue('', {
          exclusive: true,
          autoDelete: true,
          durable: false,
          arguments: queueArguments,
        });
  for (const type of declaration.types) await channel.bindQueue(queue, exchange, type);
  return queue;
}
