import { hostname } from 'node:os';
import amqp from 'amqplib';
import type { Channel, ChannelModel, ConfirmChannel, ConsumeMessage, Options } from 'amqplib';
import { EVENT_PUBLISHERS, type IntegrationEvent } from '@b2g/contracts';
import type { Logger } from 'pino';
import { backoffDelay, delay, Semaphore, settleWithin, Signal, type Backoff } from './async.js';
import { validateEvent } from './events.js';
import type { HandlerRegistry } from './registry.js';

export const DEFAULT_EXCHANGE = 'b2g.events';
export const DEFAULT_PREFETCH = 100;
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [1000, 5000, 30_000];
export const DEFAULT_MAX_IN_FLIGHT = 1000;
const DEFAULT_RECONNECT_BACKOFF: Backoff = { initialMs: 200, maxMs: 10_000 };
const DEFAULT_CLOSE_TIMEOUT_MS = 5000;
const MAX_ERROR_HEADER_LENGTH = 500;
/** A broker that does not answer the TCP connect within this is treated as down (then backoff). */
const CONNECT_TIMEOUT_MS = 10_000;

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

export interface EventBusOptions {
  /** amqp://user:pass@host:port/vhost (add `?heartbeat=10` to notice a dead peer within seconds). */
  url: string;
  /** Names the service's queues: `<service>.events`, `<service>.events.dlq`. */
  service: string;
  /** Topic exchange of integration events; default `b2g.events`. */
  exchange?: string;
  /** Unacked deliveries per subscription, i.e. handlers running at once; default 100. */
  prefetch?: number;
  /** Wait before each retry of a failed handler; its length is the number of retries; default [1000, 5000, 30000]. */
  retryDelaysMs?: readonly number[];
  /** Published messages waiting for their broker confirm at most; default 1000. */
  maxInFlight?: number;
  /** Delay between connection attempts; default 200 ms doubling to 10 s. */
  reconnectBackoff?: Backoff;
  /** How long `close()` waits for running handlers and unconfirmed publishes; default 5 s. */
  closeTimeoutMs?: number;
  logger: Logger;
}

export interface StartOptions {
  /** Reject if not connected within this time (the bus keeps trying in the background). Default: wait as long as it takes. */
  timeoutMs?: number;
}

/**
 * Thrown by a handler when something it needs is down (not when the event is wrong): the event
 * waits in RabbitMQ and is tried again every `retryDelaysMs[0]`, without using up its retries and
 * without ever being dead-lettered.
 */
export class DependencyUnavailableError extends Error {
  override readonly name = 'DependencyUnavailableError';
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
 * A handler's failure that says nothing about the event: a dependency down (declared with
 * DependencyUnavailableError) or its database out of reach. The event waits for it, as long as it
 * takes, instead of using up its retries and landing in the dead-letter queue with its effect lost.
 */
export function isDependencyDown(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    if (cause instanceof DependencyUnavailableError || UNREACHABLE_DATABASE.has(cause.name))
      return true;
    cause = cause.cause;
  }
  return false;
}

/** Publishing or waiting was refused because the bus has no connection to RabbitMQ (now, or any more). */
export class EventBusUnavailableError extends Error {
  override readonly name = 'EventBusUnavailableError';
}

interface Subscription {
  kind: SubscriptionKind;
  registry: HandlerRegistry;
  /** The connection it is set up on, if any. */
  model?: ChannelModel | undefined;
  channel?: Channel | undefined;
  queue?: string | undefined;
  consumerTag?: string | undefined;
}

interface Counters {
  published: number;
  publishFailed: number;
  consumed: number;
  retried: number;
  deadLettered: number;
  reconnected: number;
}

interface MessageLog {
  eventId: unknown;
  eventType: unknown;
  correlationId: unknown;
  queue: string | undefined;
  attempt: number;
}

/**
 * One RabbitMQ connection per process: a confirm channel for publishing and one channel per
 * subscription. Reconnects by itself, re-declaring the topology and resuming its consumers.
 */
export class EventBus {
  readonly exchange: string;
  readonly service: string;
  private readonly prefetch: number;
  private readonly retryDelaysMs: readonly number[];
  private readonly reconnectBackoff: Backoff;
  private readonly closeTimeoutMs: number;
  private readonly log: Logger;
  private readonly window: Semaphore;
  private readonly subscriptions: Subscription[] = [];
  private readonly counters: Counters = {
    published: 0,
    publishFailed: 0,
    consumed: 0,
    retried: 0,
    deadLettered: 0,
    reconnected: 0,
  };
  private readonly runningHandlers = new Set<Promise<void>>();
  private readonly unconfirmed = new Set<Promise<void>>();
  private readonly connectionChanged = new Signal();
  private readonly connectionListeners = new Set<(connected: boolean) => void>();
  private readonly stopping = new AbortController();
  private model: ChannelModel | undefined;
  private publisher: ConfirmChannel | undefined;
  /** Set while the publisher's write buffer is full: publishes wait for it to drain. */
  private writable: Promise<void> | undefined;
  private connecting: Promise<void> | undefined;
  private everConnected = false;
  private closed = false;
  /** The broker user of the connection: every message published carries it as `user_id`. */
  private readonly brokerUser: string;
  /**
   * With a broker user per service (`<namespace><service>`, e.g. `jobs` or `b2g_jobs`), the
   * namespace the other services' users share; undefined with one user shared by all services.
   */
  private readonly userNamespace: string | undefined;

  constructor(private readonly options: EventBusOptions) {
    if (!options.service) throw new Error('EventBus needs a service name');
    this.service = options.service;
    this.exchange = options.exchange ?? DEFAULT_EXCHANGE;
    this.prefetch = options.prefetch ?? DEFAULT_PREFETCH;
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.reconnectBackoff = options.reconnectBackoff ?? DEFAULT_RECONNECT_BACKOFF;
    this.closeTimeoutMs = options.closeTimeoutMs ?? DEFAULT_CLOSE_TIMEOUT_MS;
    if (!Number.isInteger(this.prefetch) || this.prefetch < 1 || this.prefetch > 65_535) {
      throw new RangeError(`prefetch must be an integer from 1 to 65535, got ${this.prefetch}`);
    }
    if (!this.retryDelaysMs.every((ms) => Number.isInteger(ms) && ms > 0)) {
      throw new RangeError(
        `retryDelaysMs must be positive integers, got ${this.retryDelaysMs.join(', ')}`,
      );
    }
    this.window = new Semaphore(options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT);
    this.log = options.logger.child({ component: 'event-bus', service: this.service });
    this.brokerUser = decodeURIComponent(new URL(options.url).username) || 'guest';
    this.userNamespace = this.brokerUser.endsWith(this.service)
      ? this.brokerUser.slice(0, -this.service.length)
      : undefined;
  }

  /** True while connected with the topology declared and consumers running: the /readyz answer. */
  get connected(): boolean {
    return this.publisher !== undefined;
  }

  /**
   * Connects and declares the topology. Resolves once connected; until then it keeps trying with
   * backoff, and keeps trying in the background after `timeoutMs` has made it reject.
   */
  async start(options: StartOptions = {}): Promise<void> {
    if (this.closed) throw new EventBusUnavailableError('the event bus is closed');
    this.ensureConnecting();
    await this.waitForConnection({ timeoutMs: options.timeoutMs });
  }

  /** Resolves when connected; rejects after `timeoutMs`, when `signal` aborts or when the bus closes. */
  async waitForConnection(
    options: { timeoutMs?: number | undefined; signal?: AbortSignal } = {},
  ): Promise<void> {
    const { timeoutMs, signal } = options;
    const deadline = timeoutMs === undefined ? undefined : Date.now() + timeoutMs;
    while (!this.connected) {
      if (this.closed) throw new EventBusUnavailableError('the event bus is closed');
      signal?.throwIfAborted();
      const remaining = deadline === undefined ? undefined : deadline - Date.now();
      if (remaining !== undefined && remaining <= 0) {
        throw new EventBusUnavailableError(`not connected to RabbitMQ within ${timeoutMs} ms`);
      }
      await this.connectionChanged.wait({ timeoutMs: remaining, signal });
    }
  }

  /** Calls `listener(true)` after each (re)connection and `listener(false)` after each loss; returns an unsubscribe. */
  onConnectionChange(listener: (connected: boolean) => void): () => void {
    this.connectionListeners.add(listener);
    return () => this.connectionListeners.delete(listener);
  }

  /** Validates the event against its contract and resolves once the broker has confirmed it. */
  async publish(event: IntegrationEvent): Promise<void> {
    const valid = validateEvent(event);
    await this.publishRecorded(valid, JSON.stringify(valid));
  }

  /**
   * Publishes an event that was validated when it was recorded (the outbox relay's path), as the
   * exact `body` recorded. Resolves once the broker has confirmed it.
   */
  async publishRecorded(event: IntegrationEvent, body: string): Promise<void> {
    const log = { eventId: event.id, eventType: event.type, correlationId: event.correlationId };
    try {
      await this.send(this.exchange, event.type, Buffer.from(body), {
        persistent: true,
        contentType: 'application/json',
        messageId: event.id,
        type: event.type,
        timestamp: Math.floor(Date.parse(event.occurredAt) / 1000),
        appId: event.source,
        userId: this.brokerUser,
        correlationId: event.correlationId,
        headers: {
          [HEADERS.correlationId]: event.correlationId,
          [HEADERS.eventVersion]: event.version,
        },
      });
    } catch (error) {
      this.counters.publishFailed += 1;
      this.log.warn({ ...log, err: error }, 'event not published');
      throw error;
    }
    this.counters.published += 1;
    this.log.debug(log, 'event published');
  }

  /**
   * Consumes the registry's event types. `service`: the durable queue `<service>.events`, shared by
   * the service's instances (each event handled once). `instance`: an exclusive, server-named queue
   * of this process (every instance sees every event while connected). At most one of each kind.
   */
  async subscribe(kind: SubscriptionKind, registry: HandlerRegistry): Promise<void> {
    if (this.closed) throw new EventBusUnavailableError('the event bus is closed');
    if (this.subscriptions.some((sub) => sub.kind === kind)) {
      throw new Error(
        `this bus already has a ${kind} subscription: register every handler in one HandlerRegistry`,
      );
    }
    if (registry.types().length === 0) throw new Error('the registry handles no event type');
    const subscription: Subscription = { kind, registry };
    this.subscriptions.push(subscription);
    const model = this.model;
    if (!model) return; // set up when the connection is (re)established
    try {
      await this.setUpSubscription(model, subscription);
    } catch (error) {
      // A lost connection sets it up again on reconnect; anything else is a mistake to report.
      if (this.model !== model) return;
      this.subscriptions.splice(this.subscriptions.indexOf(subscription), 1);
      throw error;
    }
  }

  /** Counters since start (monotonic) and what is in flight now. */
  stats(): Record<string, number> {
    return {
      ...this.counters,
      publishesAwaitingConfirm: this.window.inUse,
      handlersRunning: this.runningHandlers.size,
    };
  }

  /** Stops consuming, lets running handlers and unconfirmed publishes finish (bounded), then disconnects. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stopping.abort();
    for (const sub of this.subscriptions) {
      if (sub.channel && sub.consumerTag)
        await sub.channel.cancel(sub.consumerTag).catch(() => undefined);
    }
    await settleWithin(
      Promise.allSettled([...this.runningHandlers, ...this.unconfirmed]),
      this.closeTimeoutMs,
    );
    const model = this.model;
    this.dropConnection();
    if (model) await closeQuietly(model, this.closeTimeoutMs);
    if (this.connecting) await settleWithin(this.connecting, this.closeTimeoutMs);
    this.log.info('event bus closed');
  }

  // ------------------------------------------------------------------------------------ connection

  private ensureConnecting() {
    if (this.connecting || this.connected || this.closed) return;
    this.connecting = this.connectLoop().finally(() => {
      this.connecting = undefined;
    });
  }

  private async connectLoop(): Promise<void> {
    for (let attempt = 0; !this.closed; attempt += 1) {
      try {
        await this.connectOnce();
        return;
      } catch (error) {
        if (this.closed) return;
        const retryInMs = backoffDelay(attempt, this.reconnectBackoff);
        this.log.warn(
          { err: error, attempt: attempt + 1, retryInMs },
          'cannot connect to RabbitMQ, retrying',
        );
        await delay(retryInMs, this.stopping.signal);
      }
    }
  }

  private async connectOnce(): Promise<void> {
    const model = await amqp.connect(this.options.url, {
      clientProperties: { connection_name: `${this.service}@${hostname()}:${process.pid}` },
      timeout: CONNECT_TIMEOUT_MS,
    });
    model.on('error', (error: unknown) =>
      this.log.warn({ err: error }, 'RabbitMQ connection error'),
    );
    model.on('close', () => this.onConnectionLost(model));
    model.on('blocked', (reason: unknown) =>
      this.log.warn({ reason }, 'RabbitMQ blocked publishing'),
    );
    model.on('unblocked', () => this.log.info('RabbitMQ unblocked publishing'));
    try {
      const publisher = await model.createConfirmChannel();
      this.watchChannel(model, publisher, 'publisher');
      await publisher.assertExchange(this.exchange, 'topic', { durable: true });
      // Loops until every subscription (also one added meanwhile) is set up on this connection.
      for (let sub = this.pendingSubscription(model); sub; sub = this.pendingSubscription(model)) {
        await this.setUpSubscription(model, sub);
      }
      if (this.closed) throw new EventBusUnavailableError('the event bus is closed');
      this.model = model;
      this.publisher = publisher;
    } catch (error) {
      await closeQuietly(model, this.closeTimeoutMs);
      throw error;
    }
    if (this.everConnected) this.counters.reconnected += 1;
    this.everConnected = true;
    this.log.info(
      {
        exchange: this.exchange,
        brokerUser: this.brokerUser,
        publishersCheckedBy: this.userNamespace === undefined ? 'source' : 'broker user',
      },
      'connected to RabbitMQ',
    );
    this.announce(true);
  }

  private pendingSubscription(model: ChannelModel): Subscription | undefined {
    return this.subscriptions.find((sub) => sub.model !== model);
  }

  private onConnectionLost(model: ChannelModel) {
    if (this.model !== model) return; // never fully set up, or already replaced
    this.dropConnection();
    if (this.closed) return;
    this.log.warn('lost the connection to RabbitMQ, reconnecting');
    this.announce(false);
    this.ensureConnecting();
  }

  private dropConnection() {
    this.model = undefined;
    this.publisher = undefined;
    this.writable = undefined;
    for (const sub of this.subscriptions) {
      sub.model = undefined;
      sub.channel = undefined;
      sub.consumerTag = undefined;
    }
    this.connectionChanged.fire();
  }

  private announce(connected: boolean) {
    this.connectionChanged.fire();
    for (const listener of this.connectionListeners) {
      try {
        listener(connected);
      } catch (error) {
        this.log.error({ err: error }, 'connection listener failed');
      }
    }
  }

  /** A channel closed by the broker (e.g. a declaration refused) is replaced by reconnecting. */
  private watchChannel(model: ChannelModel, channel: Channel, role: string) {
    channel.on('error', (error: unknown) =>
      this.log.warn({ err: error, role }, 'RabbitMQ channel error'),
    );
    channel.on('close', () => {
      // Channels also close as part of their connection closing: look once that has run its course.
      setImmediate(() => {
        if (this.closed || this.model !== model) return;
        this.log.warn({ role }, 'RabbitMQ channel closed, reconnecting');
        void model.close().catch(() => undefined);
      });
    });
  }

  // ------------------------------------------------------------------------------------ topology

  private async setUpSubscription(model: ChannelModel, sub: Subscription) {
    const channel = await model.createChannel();
    this.watchChannel(model, channel, `${sub.kind} subscription`);
    await channel.prefetch(this.prefetch);
    const deadLetterQueue = topologyNames.deadLetterQueue(this.service);
    await channel.assertQueue(deadLetterQueue, { durable: true });
    for (const delayMs of new Set(this.retryDelaysMs)) {
      const name = topologyNames.retry(this.exchange, delayMs);
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
      sub.kind === 'service'
        ? await channel.assertQueue(topologyNames.serviceQueue(this.service), {
            durable: true,
            arguments: queueArguments,
          })
        : await channel.assertQueue('', {
            exclusive: true,
            autoDelete: true,
            durable: false,
            arguments: queueArguments,
          });
    for (const type of sub.registry.types()) await channel.bindQueue(queue, this.exchange, type);
    sub.model = model;
    sub.channel = channel;
    sub.queue = queue;
    const { consumerTag } = await channel.consume(queue, (message) =>
      this.onDelivery(sub, model, channel, message),
    );
    sub.consumerTag = consumerTag;
    this.log.info({ kind: sub.kind, queue, types: sub.registry.types() }, 'consuming');
  }

  // ------------------------------------------------------------------------------------ publishing

  /** Publishes on the confirm channel within the in-flight window, honouring `drain`; settles on the confirm. */
  private async send(
    exchange: string,
    routingKey: string,
    content: Buffer,
    options: Options.Publish,
  ) {
    await this.window.acquire();
    const confirmed = this.sendNow(exchange, routingKey, content, options);
    this.unconfirmed.add(confirmed);
    try {
      await confirmed;
    } finally {
      this.unconfirmed.delete(confirmed);
      this.window.release();
    }
  }

  private async sendNow(
    exchange: string,
    routingKey: string,
    content: Buffer,
    options: Options.Publish,
  ) {
    while (this.writable) await this.writable;
    const channel = this.publisher;
    if (!channel) throw new EventBusUnavailableError('not connected to RabbitMQ');
    await new Promise<void>((resolve, reject) => {
      let accepted: boolean;
      try {
        accepted = channel.publish(exchange, routingKey, content, options, (error: unknown) =>
          error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(),
        );
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      if (!accepted && !this.writable) this.writable = this.drainOf(channel);
    });
  }

  private drainOf(channel: ConfirmChannel): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        channel.off('drain', done);
        channel.off('close', done);
        if (this.publisher === channel || this.publisher === undefined) this.writable = undefined;
        resolve();
      };
      channel.on('drain', done);
      channel.on('close', done);
    });
  }

  // ------------------------------------------------------------------------------------ consuming

  private onDelivery(
    sub: Subscription,
    model: ChannelModel,
    channel: Channel,
    message: ConsumeMessage | null,
  ) {
    if (message === null) {
      // The broker cancelled the consumer (its queue was deleted): set everything up again.
      this.log.warn({ queue: sub.queue }, 'consumer cancelled by RabbitMQ, reconnecting');
      if (this.model === model) void model.close().catch(() => undefined);
      return;
    }
    const handling = this.handle(sub, channel, message);
    this.runningHandlers.add(handling);
    void handling.finally(() => this.runningHandlers.delete(handling));
  }

  /** Never rejects: every outcome ends in an ack, a retry, the DLQ, or a redelivery by the broker. */
  private async handle(
    sub: Subscription,
    channel: Channel,
    message: ConsumeMessage,
  ): Promise<void> {
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
    const forgery = this.forgeryOf(event, message);
    if (forgery) {
      await this.deadLetter(sub, channel, message, forgery, log);
      return;
    }
    const handler = sub.registry.handlerFor(event.type);
    if (!handler) {
      // A binding left from an earlier version of the service: nobody here wants this type any more.
      if (settle(() => channel.ack(message))) this.log.debug(log, 'no handler for event, acked');
      return;
    }
    try {
      await handler(event, { redelivered: message.fields.redelivered, attempt });
    } catch (error) {
      await this.retryOrDeadLetter(sub, channel, message, error, log);
      return;
    }
    if (!settle(() => channel.ack(message))) {
      this.log.debug(log, 'channel closed before the ack: the broker will redeliver');
      return;
    }
    this.counters.consumed += 1;
    this.log.debug(log, 'event consumed');
  }

  private async retryOrDeadLetter(
    sub: Subscription,
    channel: Channel,
    message: ConsumeMessage,
    error: unknown,
    log: MessageLog,
  ) {
    const waits = isDependencyDown(error);
    const delayMs = this.retryDelaysMs[waits ? 0 : log.attempt - 1];
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
      await this.send(
        topologyNames.retry(this.exchange, delayMs),
        sub.queue ?? '',
        message.content,
        this.copyOf(message, {
          [HEADERS.attempt]: waits ? log.attempt : log.attempt + 1,
          [HEADERS.lastError]: errorText(error),
        }),
      );
    } catch (publishError) {
      this.log.warn({ ...log, err: publishError }, 'cannot schedule a retry, requeueing');
      settle(() => channel.nack(message, false, true));
      return;
    }
    if (!settle(() => channel.ack(message))) return;
    this.counters.retried += 1;
    if (waits)
      this.log.debug({ ...log, err: error, retryInMs: delayMs }, 'dependency down, event waits');
    else
      this.log.warn({ ...log, err: error, retryInMs: delayMs }, 'handler failed, retrying later');
  }

  /**
   * Why `event` must not be believed, if it must not: it names another publisher than the one its
   * type may come from, or (with a broker user per service) the broker says another service's
   * user published it. RabbitMQ refuses a `user_id` other than the connection's user, so a
   * service cannot claim another's user the way it can claim another's `source`.
   */
  private forgeryOf(event: IntegrationEvent, message: ConsumeMessage): string | undefined {
    const publisher = EVENT_PUBLISHERS[event.type];
    if (event.source !== publisher)
      return `forged event: ${event.type} may come only from ${publisher}, not ${event.source}`;
    if (this.userNamespace === undefined) return undefined;
    const expected = `${this.userNamespace}${publisher}`;
    const sender = this.publisherUserOf(message);
    return sender === expected
      ? undefined
      : `forged event: ${event.type} may come only from broker user ${expected}, not ${sender ?? 'an unnamed user'}`;
  }

  /** The broker user that published the original of `message` (see HEADERS.publisherUser). */
  private publisherUserOf(message: ConsumeMessage): string | undefined {
    // amqplib types both as any: only strings are believed.
    const userId: unknown = message.properties.userId;
    const relayed: unknown = message.properties.headers?.[HEADERS.publisherUser];
    const sender = typeof userId === 'string' ? userId : undefined;
    return sender === this.brokerUser && typeof relayed === 'string' ? relayed : sender;
  }

  /** The properties of a retry or dead-letter copy of `message`, published as our own user. */
  private copyOf(message: ConsumeMessage, extraHeaders: Record<string, unknown>): Options.Publish {
    const publisherUser = this.publisherUserOf(message);
    return copyProperties(message, this.brokerUser, {
      ...extraHeaders,
      ...(publisherUser === undefined ? {} : { [HEADERS.publisherUser]: publisherUser }),
    });
  }

  /** Moves the message to `<service>.events.dlq` with its body and headers plus the reason. */
  private async deadLetter(
    sub: Subscription,
    channel: Channel,
    message: ConsumeMessage,
    reason: string,
    log: MessageLog,
  ) {
    try {
      await this.send(
        '',
        topologyNames.deadLetterQueue(this.service),
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
    this.counters.deadLettered += 1;
    this.log.error({ ...log, reason }, 'event dead-lettered');
  }
}

/**
 * Closes a connection without hanging: amqplib's close waits for the broker's CloseOk, which never
 * comes when the socket died meanwhile (its 'close' event does).
 */
async function closeQuietly(model: ChannelModel, timeoutMs: number) {
  const closed = new Promise<void>((resolve) => model.once('close', () => resolve()));
  await settleWithin(Promise.race([model.close(), closed]), timeoutMs);
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
