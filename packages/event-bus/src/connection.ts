import { hostname } from 'node:os';
import amqp from 'amqplib';
import type { Channel, ChannelModel } from 'amqplib';
import type { Logger } from 'pino';
import { backoffDelay, delay, settleWithin, Signal, type Backoff } from './async.js';
import { EventBusUnavailableError } from './errors.js';
import type { ConfirmPublisher } from './publishing.js';
import type { BrokerIdentity } from './senders.js';

/** A broker that does not answer the TCP connect within this is treated as down (then backoff). */
const CONNECT_TIMEOUT_MS = 10_000;

export interface BrokerConnectionOptions {
  url: string;
  service: string;
  exchange: string;
  reconnectBackoff: Backoff;
  closeTimeoutMs: number;
  /** Gets the connection's confirm channel once it is set up, and loses it with the connection. */
  publisher: ConfirmPublisher;
  identity: BrokerIdentity;
  counters: { reconnected: number };
  log: Logger;
  /** Sets up the subscriptions on a new connection: it counts as connected once this resolves. */
  setUp(model: ChannelModel): Promise<void>;
  /** The connection is gone: every channel made on it is too. */
  dropped(): void;
}

/**
 * The process's one RabbitMQ connection: connects with backoff until stopped, declares the
 * exchange on a confirm channel for publishing, has the subscriptions set up, and starts over
 * when the connection or any of its channels is lost.
 */
export class BrokerConnection {
  private readonly changed = new Signal();
  private readonly listeners = new Set<(connected: boolean) => void>();
  private readonly stopping = new AbortController();
  private current: ChannelModel | undefined;
  private connecting: Promise<void> | undefined;
  private everConnected = false;

  constructor(private readonly options: BrokerConnectionOptions) {}

  /** True while connected with the topology declared and consumers running. */
  get connected(): boolean {
    return this.options.publisher.attached;
  }

  /** True once stop() was called: nothing connects again. */
  get closed(): boolean {
    return this.stopping.signal.aborted;
  }

  /** The connection while it is set up; undefined while (re)connecting. */
  get model(): ChannelModel | undefined {
    return this.current;
  }

  /** Starts connecting in the background, unless connected, connecting already or stopped. */
  connect(): void {
    if (this.connecting || this.connected || this.closed) return;
    this.connecting = this.connectLoop().finally(() => {
      this.connecting = undefined;
    });
  }

  /** Resolves when connected; rejects after `timeoutMs`, when `signal` aborts or once stopped. */
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
      await this.changed.wait({ timeoutMs: remaining, signal });
    }
  }

  /** Calls `listener(true)` after each (re)connection and `listener(false)` after each loss. */
  onChange(listener: (connected: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Closes `model` if it is still the current connection, so everything is set up again anew. */
  restart(model: ChannelModel): void {
    if (this.current === model) void model.close().catch(() => undefined);
  }

  /** A channel closed by the broker (e.g. a declaration refused) is replaced by reconnecting. */
  watchChannel(model: ChannelModel, channel: Channel, role: string): void {
    const { log } = this.options;
    channel.on('error', (error: unknown) =>
      log.warn({ err: error, role }, 'RabbitMQ channel error'),
    );
    channel.on('close', () => {
      // Channels also close as part of their connection closing: look once that has run its course.
      setImmediate(() => {
        if (this.closed || this.current !== model) return;
        log.warn({ role }, 'RabbitMQ channel closed, reconnecting');
        void model.close().catch(() => undefined);
      });
    });
  }

  /** No more connecting; the connection stays up until disconnect(). */
  stop(): void {
    this.stopping.abort();
  }

  /** Closes the connection (bounded) and waits for a connection attempt under way to give up. */
  async disconnect(): Promise<void> {
    const model = this.current;
    this.drop();
    if (model) await closeQuietly(model, this.options.closeTimeoutMs);
    if (this.connecting) await settleWithin(this.connecting, this.options.closeTimeoutMs);
  }

  private async connectLoop(): Promise<void> {
    for (let attempt = 0; !this.closed; attempt += 1) {
      try {
        await this.connectOnce();
        return;
      } catch (error) {
        if (this.closed) return;
        const retryInMs = backoffDelay(attempt, this.options.reconnectBackoff);
        this.options.log.warn(
          { err: error, attempt: attempt + 1, retryInMs },
          'cannot connect to RabbitMQ, retrying',
        );
        await delay(retryInMs, this.stopping.signal);
      }
    }
  }

  private async connectOnce(): Promise<void> {
    const { service, exchange, identity, log } = this.options;
    const model = await amqp.connect(this.options.url, {
      clientProperties: { connection_name: `${service}@${hostname()}:${process.pid}` },
      timeout: CONNECT_TIMEOUT_MS,
    });
    model.on('error', (error: unknown) => log.warn({ err: error }, 'RabbitMQ connection error'));
    model.on('close', () => this.onLost(model));
    model.on('blocked', (reason: unknown) => log.warn({ reason }, 'RabbitMQ blocked publishing'));
    model.on('unblocked', () => log.info('RabbitMQ unblocked publishing'));
    try {
      const publisher = await model.createConfirmChannel();
      this.watchChannel(model, publisher, 'publisher');
      await publisher.assertExchange(exchange, 'topic', { durable: true });
      await this.options.setUp(model);
      if (this.closed) throw new EventBusUnavailableError('the event bus is closed');
      this.current = model;
      this.options.publisher.attach(publisher);
    } catch (error) {
      await closeQuietly(model, this.options.closeTimeoutMs);
      throw error;
    }
    if (this.everConnected) this.options.counters.reconnected += 1;
    this.everConnected = true;
    log.info(
      {
        exchange,
        brokerUser: identity.user,
        publishersCheckedBy: identity.namespace === undefined ? 'source' : 'broker user',
      },
      'connected to RabbitMQ',
    );
    this.announce(true);
  }

  private onLost(model: ChannelModel) {
    if (this.current !== model) return; // never fully set up, or already replaced
    this.drop();
    if (this.closed) return;
    this.options.log.warn('lost the connection to RabbitMQ, reconnecting');
    this.announce(false);
    this.connect();
  }

  private drop() {
    this.current = undefined;
    this.options.publisher.attach(undefined);
    this.options.dropped();
    this.changed.fire();
  }

  private announce(connected: boolean) {
    this.changed.fire();
    for (const listener of this.listeners) {
      try {
        listener(connected);
      } catch (error) {
        this.options.log.error({ err: error }, 'connection listener failed');
      }
    }
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
