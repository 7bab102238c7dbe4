import type { Channel, ChannelModel, ConsumeMessage } from 'amqplib';
import type { Logger } from 'pino';
import type { BrokerConnection } from './connection.js';
import type { Deliveries } from './consuming.js';
import type { HandlerRegistry } from './registry.js';
import { declareSubscriptionQueue, type SubscriptionKind } from './topology.js';

interface Subscription {
  kind: SubscriptionKind;
  registry: HandlerRegistry;
  /** The connection it is set up on, if any. */
  model?: ChannelModel | undefined;
  channel?: Channel | undefined;
  queue?: string | undefined;
  consumerTag?: string | undefined;
}

export interface SubscriptionsOptions {
  service: string;
  exchange: string;
  prefetch: number;
  retryDelaysMs: readonly number[];
  connection: BrokerConnection;
  deliveries: Deliveries;
  log: Logger;
}

/**
 * The bus's subscriptions, at most one of each kind: each on a channel of its own with its queue
 * declared and bound, consuming into `deliveries`. Set up again on every new connection.
 */
export class Subscriptions {
  private readonly subscriptions: Subscription[] = [];
  private readonly runningHandlers = new Set<Promise<void>>();

  constructor(private readonly options: SubscriptionsOptions) {}

  /** Handlers running now. */
  get handlersRunning(): number {
    return this.runningHandlers.size;
  }

  /** Adds a subscription and, while connected, sets it up at once. */
  async add(kind: SubscriptionKind, registry: HandlerRegistry): Promise<void> {
    if (this.subscriptions.some((sub) => sub.kind === kind)) {
      throw new Error(
        `this bus already has a ${kind} subscription: register every handler in one HandlerRegistry`,
      );
    }
    if (registry.types().length === 0) throw new Error('the registry handles no event type');
    const subscription: Subscription = { kind, registry };
    this.subscriptions.push(subscription);
    const { connection } = this.options;
    const model = connection.model;
    if (!model) return; // set up when the connection is (re)established
    try {
      await this.setUp(model, subscription);
    } catch (error) {
      // A lost connection sets it up again on reconnect; anything else is a mistake to report.
      if (connection.model !== model) return;
      this.subscriptions.splice(this.subscriptions.indexOf(subscription), 1);
      throw error;
    }
  }

  /** Sets up every subscription on `model`, also one added meanwhile. */
  async setUpAll(model: ChannelModel): Promise<void> {
    for (let sub = this.pending(model); sub; sub = this.pending(model)) {
      await this.setUp(model, sub);
    }
  }

  /** The connection is gone, and with it every channel and consumer. */
  detach(): void {
    for (const sub of this.subscriptions) {
      sub.model = undefined;
      sub.channel = undefined;
      sub.consumerTag = undefined;
    }
  }

  /** Stops consuming: no new delivery reaches a handler. */
  async cancel(): Promise<void> {
    for (const sub of this.subscriptions) {
      if (sub.channel && sub.consumerTag)
        await sub.channel.cancel(sub.consumerTag).catch(() => undefined);
    }
  }

  /** Settles when every handler started so far has settled. */
  settled(): Promise<unknown> {
    return Promise.allSettled([...this.runningHandlers]);
  }

  private pending(model: ChannelModel): Subscription | undefined {
    return this.subscriptions.find((sub) => sub.model !== model);
  }

  private async setUp(model: ChannelModel, sub: Subscription) {
    const { connection, log } = this.options;
    const channel = await model.createChannel();
    connection.watchChannel(model, channel, `${sub.kind} subscription`);
    await channel.prefetch(this.options.prefetch);
    const queue = await declareSubscriptionQueue(channel, {
      service: this.options.service,
      exchange: this.options.exchange,
      kind: sub.kind,
      types: sub.registry.types(),
      retryDelaysMs: this.options.retryDelaysMs,
    });
    sub.model = model;
    sub.channel = channel;
    sub.queue = queue;
    const { consumerTag } = await channel.consume(queue, (message) =>
      this.onDelivery(sub, model, channel, message),
    );
    sub.consumerTag = consumerTag;
    log.info({ kind: sub.kind, queue, types: sub.registry.types() }, 'consuming');
  }

  private onDelivery(
    sub: Subscription,
    model: ChannelModel,
    channel: Channel,
    message: ConsumeMessage | null,
  ) {
    if (message === null) {
      // The broker cancelled the consumer (its queue was deleted): set everything up again.
      this.options.log.warn({ queue: sub.queue }, 'consumer cancelled by RabbitMQ, reconnecting');
      this.options.connection.restart(model);
      return;
    }
    const handling = this.options.deliveries.handle(sub, channel, message);
    this.runningHandlers.add(handling);
    void handling.finally(() => this.runningHandlers.delete(handling));
  }
}
