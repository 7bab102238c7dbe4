import type { ConfirmChannel, Options } from 'amqplib';
import type { IntegrationEvent } from '@b2g/contracts';
import { Semaphore } from './async.js';
import { EventBusUnavailableError } from './errors.js';
import { HEADERS } from './topology.js';

/** The message properties of an event: persistent, identified, and sent as `brokerUser`. */
export function eventProperties(event: IntegrationEvent, brokerUser: string): Options.Publish {
  return {
    persistent: true,
    contentType: 'application/json',
    messageId: event.id,
    type: event.type,
    timestamp: Math.floor(Date.parse(event.occurredAt) / 1000),
    appId: event.source,
    userId: brokerUser,
    correlationId: event.correlationId,
    headers: {
      [HEADERS.correlationId]: event.correlationId,
      [HEADERS.eventVersion]: event.version,
    },
  };
}

/**
 * Publishing on the connection's confirm channel: at most `maxInFlight` messages wait for their
 * broker confirm, and while the channel's write buffer is full, publishes wait for it to drain.
 */
export class ConfirmPublisher {
  private readonly window: Semaphore;
  private readonly unconfirmed = new Set<Promise<void>>();
  private channel: ConfirmChannel | undefined;
  /** Set while the channel's write buffer is full: publishes wait for it to drain. */
  private writable: Promise<void> | undefined;

  constructor(maxInFlight: number) {
    this.window = new Semaphore(maxInFlight);
  }

  /** The channel of the current connection, or undefined once it is lost. */
  attach(channel: ConfirmChannel | undefined): void {
    this.channel = channel;
    this.writable = undefined;
  }

  get attached(): boolean {
    return this.channel !== undefined;
  }

  /** Publishes waiting for their confirm now. */
  get awaitingConfirm(): number {
    return this.window.inUse;
  }

  /** Settles when every publish started so far has settled. */
  settled(): Promise<unknown> {
    return Promise.allSettled([...this.unconfirmed]);
  }

  /** Publishes within the in-flight window, honouring `drain`; settles on the broker's confirm. */
  async send(
    exchange: string,
    routingKey: string,
    content: Buffer,
    options: Options.Publish,
  ): Promise<void> {
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
    const channel = this.channel;
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
        if (this.channel === channel || this.channel === undefined) this.writable = undefined;
        resolve();
      };
      channel.on('drain', done);
      channel.on('close', done);
    });
  }
}
