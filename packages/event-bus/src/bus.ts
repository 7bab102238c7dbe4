import type { IntegrationEvent } from '@b2g/contracts';
import type { Logger } from 'pino';
import { settleWithin, type Backoff } from './async.js';
import { BrokerConnection } from './connection.js';
import { Deliveries, type ConsumerCounters } from './consuming.js';
import { EventBusUnavailableError } from './errors.js';
import { validateEvent } from './events.js';
import { ConfirmPublisher, eventProperties } from './publishing.js';
import type { HandlerRegistry } from './registry.js';
import { BrokerIdentity } from './senders.js';
import { Subscriptions } from './subscriptions.js';
import { DEFAULT_EXCHANGE, type SubscriptionKind } from './topology.js';

export const DEFAULT_PREFETCH = 100;
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [1000, 5000, 30_000];
export const DEFAULT_MAX_IN_FLIGHT = 1000;
/**
 * Short waits between attempts, so a service is back soon after the broker is: an attempt is one
 * TCP connect, cheap while the broker is away.
 */
const DEFAULT_RECONNECT_BACKOFF: Backoff = { initialMs: 200, maxMs: 2_000 };
const DEFAULT_CLOSE_TIMEOUT_MS = 5000;

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
  /** Delay between connection attempts; default 200 ms doubling to 2 s. */
  reconnectBackoff?: Backoff;
  /** How long `close()` waits for running handlers and unconfirmed publishes; default 5 s. */
  closeTimeoutMs?: number;
  logger: Logger;
}

export interface StartOptions {
  /** Reject if not connected within this time (the bus keeps trying in the background). Default: wait as long as it takes. */
  timeoutMs?: number;
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
  private readonly closeTimeoutMs: number;
  private readonly log: Logger;
  private readonly counters: Counters = {
    published: 0,
    publishFailed: 0,
    consumed: 0,
    retried: 0,
    deadLettered: 0,
    reconnected: 0,
  };
  private readonly publisher: ConfirmPublisher;
  private readonly identity: BrokerIdentity;
  private readonly connection: BrokerConnection;
  private readonly subscriptions: Subscriptions;

  constructor(options: EventBusOptions) {
    if (!options.service) throw new Error('EventBus needs a service name');
    this.service = options.service;
    this.exchange = options.exchange ?? DEFAULT_EXCHANGE;
    const prefetch = options.prefetch ?? DEFAULT_PREFETCH;
    const retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.closeTimeoutMs = options.closeTimeoutMs ?? DEFAULT_CLOSE_TIMEOUT_MS;
    if (!Number.isInteger(prefetch) || prefetch < 1 || prefetch > 65_535) {
      throw new RangeError(`prefetch must be an integer from 1 to 65535, got ${prefetch}`);
    }
    if (!retryDelaysMs.every((ms) => Number.isInteger(ms) && ms > 0)) {
      throw new RangeError(
        `retryDelaysMs must be positive integers, got ${retryDelaysMs.join(', ')}`,
      );
    }
    this.log = options.logger.child({ component: 'event-bus', service: this.service });
    this.publisher = new ConfirmPublisher(options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT);
    this.identity = new BrokerIdentity(options.url, this.service);
    this.connection = new BrokerConnection({
      url: options.url,
      service: this.service,
      exchange: this.exchange,
      reconnectBackoff: options.reconnectBackoff ?? DEFAULT_RECONNECT_BACKOFF,
      closeTimeoutMs: this.closeTimeoutMs,
      publisher: this.publisher,
      identity: this.identity,
      counters: this.counters,
      log: this.log,
      setUp: (model) => this.subscriptions.setUpAll(model),
      dropped: () => this.subscriptions.detach(),
    });
    this.subscriptions = new Subscriptions({
      service: this.service,
      exchange: this.exchange,
      prefetch,
      retryDelaysMs,
      connection: this.connection,
      deliveries: new Deliveries({
        service: this.service,
        exchange: this.exchange,
        retryDelaysMs,
        publisher: this.publisher,
        identity: this.identity,
        counters: this.counters,
        log: this.log,
      }),
      log: this.log,
    });
  }

  /** True while connected with the topology declared and consumers running: the /readyz answer. */
  get connected(): boolean {
    return this.connection.connected;
  }

  /**
   * Connects and declares the topology. Resolves once connected; until then it keeps trying with
   * backoff, and keeps trying in the background after `timeoutMs` has made it reject.
   */
  async start(options: StartOptions = {}): Promise<void> {
    if (this.connection.closed) throw new EventBusUnavailableError('the event bus is closed');
    this.connection.connect();
    await this.waitForConnection({ timeoutMs: options.timeoutMs });
  }

  /** Resolves when connected; rejects after `timeoutMs`, when `signal` aborts or when the bus closes. */
  async waitForConnection(
    options: { timeoutMs?: number | undefined; signal?: AbortSignal } = {},
  ): Promise<void> {
    await this.connection.waitForConnection(options);
  }

  /** Calls `listener(true)` after each (re)connection and `listener(false)` after each loss; returns an unsubscribe. */
  onConnectionChange(listener: (connected: boolean) => void): () => void {
    return this.connection.onChange(listener);
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
    if (this.connection.closed) throw new EventBusUnavailableError('the event bus is closed');
    await this.subscriptions.add(kind, registry);
  }

  /** Counters since start (monotonic) and what is in flight now. */
  stats(): Record<string, number> {
    return {
      ...this.counters,
      publishesAwaitingConfirm: this.publisher.awaitingConfirm,
      handlersRunning: this.subscriptions.handlersRunning,
    };
  }

  /** Stops consuming, lets running handlers and unconfirmed publishes finish (bounded), then disconnects. */
  async close(): Promise<void> {
    if (this.connection.closed) return;
    this.connection.stop();
    await this.subscriptions.cancel();
    await settleWithin(
      Promise.all([this.subscriptions.settled(), this.publisher.settled()]),
      this.closeTimeoutMs,
    );
    await this.connection.disconnect();
    this.log.info('event bus closed');
  }
}
