import type { ChannelModel, GetMessage } from 'amqplib';
import type { EventType, IntegrationEvent } from '@b2g/contracts';
import { testAmqpUrl, uniqueName } from '@b2g/infra/test-env';
import mongoose from 'mongoose';
import { expect, vi } from 'vitest';
import { pino } from 'pino';
import { EventBus, type EventBusOptions } from '../src/index.js';
import { TcpProxy as BrokerProxy, deleteTopologyAt } from '../src/testing.js';

// As in every service (the kit turns these on): the library's own operators must be trusted.
mongoose.set('strictQuery', true);
mongoose.set('sanitizeFilter', true);

/** A proxy in front of the test broker. */
export class TcpProxy extends BrokerProxy {
  constructor() {
    super(new URL(testAmqpUrl()));
  }
}

/** Quiet unless LOG_LEVEL is set (e.g. LOG_LEVEL=debug to follow every publish and delivery). */
export const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });

/** Short delays so retry tests take well under a second. */
export const FAST_RETRIES = [40, 80, 120];

/** A bus on its own exchange and service name, so test files can run side by side. */
export function testBus(overrides: Partial<EventBusOptions> = {}): EventBus {
  return new EventBus({
    url: testAmqpUrl(),
    service: uniqueName('svc'),
    exchange: uniqueName('events'),
    retryDelaysMs: FAST_RETRIES,
    reconnectBackoff: { initialMs: 50, maxMs: 400 },
    logger,
    ...overrides,
  });
}

export { bookmarkAdded, userDeleted } from './events.js';

export function recorder() {
  const seen: IntegrationEvent[] = [];
  return {
    seen,
    ids: () => seen.map((event) => event.id),
    handler:
      <T extends EventType>() =>
      async (event: IntegrationEvent<T>) => {
        seen.push(event);
      },
  };
}

/** Deletes what a test bus declared on the broker (durable queues and exchanges outlive the test). */
export function removeTopology(bus: EventBus): Promise<void> {
  return deleteTopologyAt(testAmqpUrl(), bus.exchange, [bus.service], FAST_RETRIES);
}

/** Runs `task` over `items` with at most `limit` at once (FerretDB answers SQLITE_BUSY to a stampede of writes). */
export async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<unknown>,
) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Waits for the next message of a queue, read on `connection` without a consumer. */
export async function nextMessage(connection: ChannelModel, queue: string): Promise<GetMessage> {
  const channel = await connection.createChannel();
  try {
    let message: GetMessage | false = false;
    await vi.waitFor(
      async () => {
        message = await channel.get(queue, { noAck: true });
        expect(message).not.toBe(false);
      },
      { timeout: 20_000, interval: 20 },
    );
    return message as unknown as GetMessage;
  } finally {
    await channel.close();
  }
}
