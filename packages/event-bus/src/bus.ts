import { hostname } from 'node:os';
import amqp from 'amqplib';
import type { Channel, ChannelModel, ConsumeMessage } from 'amqplib';
import type { IntegrationEvent } from '@b2g/contracts';
import type { Logger } from 'pino';
import { backoffDelay, delay, settleWithin, Signal, type Backoff } from './async.js';
import { Deliveries, type ConsumerCounters } from './consuming.js';
import { EventBusUnavailableError } from './errors.js';
import { validateEvent } from './events.js';
import { ConfirmPublisher, eventProperties } from './publishing.js';
import type { HandlerRegistry } from './registry.js';
import { BrokerIdentity } from './senders.js';
import { DEFAULT_EXCHANGE, declareSubscriptionQueue, type SubscriptionKind } from './topology.js';

export const DEFAULT_PREFETCH = 100;
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [1000, 5000, 30_000];
export const DEFAULT_MAX_IN_FLIGHT = 1000;
/**
 * At most 2 s between attempts: a service is back within about 2 s of the broker, not up to 10 s
 * later (the full chaos run's RabbitMQ recovery took 29 s, a third of it this wait). An attempt is
 * one TCP connect, cheap while the broker is away.
 */
const DEFAULT_RECONNECT_BACKOFF: Backoff = { initialMs: 200, maxMs: 2_000 };
const DEFAULT_CLOSE_TIMEOUT_MS = 5000;
/** A broker that does not answer the TCP connect within this is treated as down (then backoff). */
const CONNECT_TIMEOUT_MS = 10_000;

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

interface Subscription {
  kind: SubscriptionKind;
  registry: HandlerRegistry;
  /** The connection it is set up on, if any. */
  model?: ChannelModel | undefined;
  channel?: Channel | undefined;
  queue?: string | undefined;
  consumerTag?: string | undefined;
}

interface Counters extends ConsumerCounters {
  published: number;
  publishFailed: number;
  reconnected: number;
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
  private readonly publisher: ConfirmPublisher;
  private readonly identity: BrokerIdentity;
  private readonly deliveries: Deliveries;
  private readonly connectionChanged = new Signal();
  private readonly connectionListeners = new Set<(connected: boolean) => void>();
  private readonly stopping = new AbortController();
  private model: ChannelModel | undefined;
  private connecting: Promise<void> | undefined;
  private everConnected = false;
  private closed = false;

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
    this.log = options.logger.child({ component: 'event-bus', service: this.service });
    this.publisher = new ConfirmPublisher(options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT);
    this.identity = new BrokerIdentity(options.url, this.service);
    this.deliveries = new Deliveries({
      service: this.service,
      exchange: this.exchange,
      retryDelaysMs: this.retryDelaysMs,
      publisher: this.publisher,
      identity: this.identity,
      counters: this.counters,
      log: this.log,
    });
  }

  /** True while connected with the topology declared and consumers running: the /readyz answer. */
  get connected(): boolean {
    return this.publisher.attached;
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
      await this.publisher.send(
        this.exchange,
        event.type,
        Buffer.from(body),
        eventProperties(event, this.identity.user),
      );
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
      publishesAwaitingConfirm: this.publisher.awaitingConfirm,
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
      Promise.all([Promise.allSettled([...this.runningHandlers]), this.publisher.settled()]),
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
      this.publisher.attach(publisher);
    } catch (error) {
      await closeQuietly(model, this.closeTimeoutMs);
      throw error;
    }
    if (this.everConnected) this.counters.reconnected += 1;
    this.everConnected = true;
    this.log.info(
      {
        exchange: this.exchange,
        brokerUser: this.identity.user,
        publishersCheckedBy: this.identity.namespace === undefined ? 'source' : 'broker user',
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
    this.publisher.attach(undefined);
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

  // ------------------------------------------------------------------------------------ subscriptions

  private async setUpSubscription(model: ChannelModel, sub: Subscription) {
    const channel = await model.createChannel();
    this.watchChannel(model, channel, `${sub.kind} subscription`);
    await channel.prefetch(this.prefetch);
    const queue = await declareSubscriptionQueue(channel, {
      service: this.service,
      exchange: this.exchange,
      kind: sub.kind,
      types: sub.registry.types(),
      retryDelaysMs: this.retryDelaysMs,
    });
    sub.model = model;
    sub.channel = channel;
    sub.queue = queue;
    const { consumerTag } = await channel.consume(queue, (message) =>
      this.onDelivery(sub, model, channel, message),
    );
    sub.consumerTag = consumerTag;
    this.log.info({ kind: sub.kind, queue, types: sub.registry.types() }, 'consuming');
  }

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
    const handling = this.deliveries.handle(sub, channel, message);
    this.runningHandlers.add(handling);
    void handling.finally(() => this.runningHandlers.delete(handling));
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
