import type { Channel, ConsumeMessage, Options } from 'amqplib';
import type { IntegrationEvent } from '@b2g/contracts';
import type { Logger } from 'pino';
import { isDependencyDown } from './errors.js';
import { validateEvent } from './events.js';
import type { ConfirmPublisher } from './publishing.js';
import type { HandlerRegistry } from './registry.js';
import type { BrokerIdentity } from './senders.js';
import { HEADERS, topologyNames } from './topology.js';

const MAX_ERROR_HEADER_LENGTH = 500;

/** The queue one subscription consumes and the handlers it runs. */
export interface ConsumedQueue {
  queue?: string | undefined;
  registry: HandlerRegistry;
}

export interface ConsumerCounters {
  consumed: number;
  retried: number;
  deadLettered: number;
}

export interface DeliveriesOptions {
  service: string;
  exchange: string;
  retryDelaysMs: readonly number[];
  publisher: ConfirmPublisher;
  identity: BrokerIdentity;
  counters: ConsumerCounters;
  log: Logger;
}

interface MessageLog {
  eventId: unknown;
  eventType: unknown;
  correlationId: unknown;
  queue: string | undefined;
  attempt: number;
}

/**
 * What happens to one delivered message: validated, checked for forgery, handed to its handler,
 * then acked, sent to wait in a retry queue, or dead-lettered to `<service>.events.dlq`.
 */
export class Deliveries {
  constructor(private readonly options: DeliveriesOptions) {}

  /** Never rejects: every outcome ends in an ack, a retry, the DLQ, or a redelivery by the broker. */
  async handle(sub: ConsumedQueue, channel: Channel, message: ConsumeMessage): Promise<void> {
    const { counters, log: logger } = this.options;
    const headers = message.properties.headers ?? {};
    const attempt = attemptOf(headers[HEADERS.attempt]);
    const log: MessageLog = {
      eventId: message.properties.messageId,
      eventType: message.properties.type ?? message.fields.routingKey,
      correlationId: headers[HEADERS.correlationId],
      queue: sub.queue,
      attempt,
    };
    let event: IntegrationEvent;
    try {
      event = validateEvent(JSON.parse(message.content.toString('utf8')));
    } catch (error) {
      await this.deadLetter(sub, channel, message, `unreadable event: ${errorText(error)}`, log);
      return;
    }
    const forgery = this.options.identity.forgeryOf(event, message);
    if (forgery) {
      await this.deadLetter(sub, channel, message, forgery, log);
      return;
    }
    const handler = sub.registry.handlerFor(event.type);
    if (!handler) {
      // A binding left from an earlier version of the service: nobody here wants this type any more.
      if (settle(() => channel.ack(message))) logger.debug(log, 'no handler for event, acked');
      return;
    }
    try {
      await handler(event, { redelivered: message.fields.redelivered, attempt });
    } catch (error) {
      await this.retryOrDeadLetter(sub, channel, message, error, log);
      return;
    }
    if (!settle(() => channel.ack(message))) {
      logger.debug(log, 'channel closed before the ack: the broker will redeliver');
      return;
    }
    counters.consumed += 1;
    logger.debug(log, 'event consumed');
  }

  private async retryOrDeadLetter(
    sub: ConsumedQueue,
    channel: Channel,
    message: ConsumeMessage,
    error: unknown,
    log: MessageLog,
  ) {
    const waits = isDependencyDown(error);
    const delayMs = this.options.retryDelaysMs[waits ? 0 : log.attempt - 1];
    if (delayMs === undefined) {
      await this.deadLetter(
        sub,
        channel,
        message,
        `handler failed on attempt ${log.attempt}: ${errorText(error)}`,
        log,
      );
      return;
    }
    try {
      await this.options.publisher.send(
        topologyNames.retry(this.options.exchange, delayMs),
        sub.queue ?? '',
        message.content,
        this.copyOf(message, {
          [HEADERS.attempt]: waits ? log.attempt : log.attempt + 1,
          [HEADERS.lastError]: errorText(error),
        }),
      );
    } catch (publishError) {
      this.options.log.warn({ ...log, err: publishError }, 'cannot schedule a retry, requeueing');
      settle(() => channel.nack(message, false, true));
      return;
    }
    if (!settle(() => channel.ack(message))) return;
    this.options.counters.retried += 1;
    if (waits)
      this.options.log.debug(
        { ...log, err: error, retryInMs: delayMs },
        'dependency down, event waits',
      );
    else
      this.options.log.warn(
        { ...log, err: error, retryInMs: delayMs },
        'handler failed, retrying later',
      );
  }

  /** Moves the message to `<service>.events.dlq` with its body and headers plus the reason. */
  private async deadLetter(
    sub: ConsumedQueue,
    channel: Channel,
    message: ConsumeMessage,
    reason: string,
    log: MessageLog,
  ) {
    try {
      await this.options.publisher.send(
        '',
        topologyNames.deadLetterQueue(this.options.service),
        message.content,
        this.copyOf(message, {
          [HEADERS.deadLetterReason]: reason,
          [HEADERS.failedQueue]: sub.queue,
        }),
      );
      if (!settle(() => channel.ack(message))) return;
    } catch {
      // The queue's own dead-lettering keeps body and headers (without the reason header).
      if (!settle(() => channel.nack(message, false, false))) return;
    }
    this.options.counters.deadLettered += 1;
    this.options.log.error({ ...log, reason }, 'event dead-lettered');
  }

  /** The properties of a retry or dead-letter copy of `message`, published as our own user. */
  private copyOf(message: ConsumeMessage, extraHeaders: Record<string, unknown>): Options.Publish {
    const { identity } = this.options;
    const publisherUser = identity.publisherUserOf(message);
    return copyProperties(message, identity.user, {
      ...extraHeaders,
      ...(publisherUser === undefined ? {} : { [HEADERS.publisherUser]: publisherUser }),
    });
  }
}

/** Runs an ack/nack; false when the channel is already closed (the broker redelivers then). */
function settle(action: () => void): boolean {
  try {
    action();
    return true;
  } catch {
    return false;
  }
}

function attemptOf(header: unknown): number {
  const value = Number(header);
  return Number.isInteger(value) && value >= 1 ? value : 1;
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > MAX_ERROR_HEADER_LENGTH
    ? `${text.slice(0, MAX_ERROR_HEADER_LENGTH)}…`
    : text;
}

/** The message's properties for a copy of it, without the broker's dead-letter history. */
function copyProperties(
  message: ConsumeMessage,
  userId: string,
  extraHeaders: Record<string, unknown>,
): Options.Publish {
  const properties = message.properties;
  const headers: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(properties.headers ?? {})) {
    if (
      name !== 'x-death' &&
      !name.startsWith('x-first-death-') &&
      !name.startsWith('x-last-death-')
    ) {
      headers[name] = value;
    }
  }
  return {
    persistent: true,
    contentType: properties.contentType,
    contentEncoding: properties.contentEncoding,
    messageId: properties.messageId,
    type: properties.type,
    timestamp: properties.timestamp,
    appId: properties.appId,
    userId,
    correlationId: properties.correlationId,
    headers: { ...headers, ...extraHeaders },
  };
}
