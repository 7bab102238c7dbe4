import { testMongoUrl } from '@b2g/infra/test-env';
import mongoose from 'mongoose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  applyOnce,
  EventBusUnavailableError,
  HandlerRegistry,
  processedEventsPlugin,
  type EventBus,
  type HandlerContext,
} from '../src/index.js';
import {
  bookmarkAdded,
  recorder,
  removeTopology,
  TcpProxy,
  testBus,
  userDeleted,
} from './support.js';

const connection = mongoose.createConnection(testMongoUrl('eventbus_reconnect'));
const counterSchema = new mongoose.Schema({ _id: String, count: { type: Number, default: 0 } });
counterSchema.plugin(processedEventsPlugin);
const Counter = connection.model('Counter', counterSchema);

let proxy: TcpProxy;
const buses: EventBus[] = [];

function track(bus: EventBus) {
  buses.push(bus);
  return bus;
}

/**
 * A started consumer that reaches the broker through a new proxy (the test's to cut), and a
 * started publisher of the same service and exchange that reaches it directly.
 */
async function consumerBehindProxy() {
  proxy = new TcpProxy();
  await proxy.start();
  const consumer = track(testBus({ url: proxy.url }));
  const publisher = track(testBus({ service: consumer.service, exchange: consumer.exchange }));
  await Promise.all([consumer.start(), publisher.start()]);
  return { consumer, publisher };
}

beforeAll(async () => {
  await connection.asPromise();
});

afterEach(async () => {
  await proxy.stop();
  const closing = buses.splice(0);
  await Promise.all(closing.map((bus) => bus.close()));
  await Promise.all(closing.map((bus) => removeTopology(bus)));
});

afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

describe('EventBus connection', () => {
  it('when RabbitMQ is unreachable at start, then start rejects after its bound, publishing is refused, and the bus connects by itself once RabbitMQ is reachable', async () => {
    proxy = new TcpProxy();
    await proxy.start();
    await proxy.stop(); // the port is known, nothing listens on it
    const bus = track(testBus({ url: proxy.url }));

    await expect(bus.start({ timeoutMs: 300 })).rejects.toBeInstanceOf(EventBusUnavailableError);
    expect(bus.connected).toBe(false);
    await expect(bus.publish(bookmarkAdded())).rejects.toBeInstanceOf(EventBusUnavailableError);

    await proxy.start();
    await bus.waitForConnection({ timeoutMs: 5000 });
    expect(bus.connected).toBe(true);
    await bus.publish(bookmarkAdded());
    expect(bus.stats().published).toBe(1);
  });

  it('when the connection drops, then the bus reports it, reconnects, and both kinds of consumer resume by themselves', async () => {
    const { consumer, publisher } = await consumerBehindProxy();
    const perService = recorder();
    const perInstance = recorder();
    await consumer.subscribe(
      'service',
      new HandlerRegistry().on('bookmark.added', perService.handler()),
    );
    await consumer.subscribe(
      'instance',
      new HandlerRegistry().on('user.deleted', perInstance.handler()),
    );
    const states: boolean[] = [];
    consumer.onConnectionChange((connected) => states.push(connected));

    proxy.dropConnections();

    await vi.waitFor(() => expect(states).toEqual([false, true]), { timeout: 20_000 });
    const afterDrop = [bookmarkAdded(), userDeleted()] as const;
    await publisher.publish(afterDrop[0]);
    await publisher.publish(afterDrop[1]);
    await vi.waitFor(
      () => {
        expect(perService.ids()).toEqual([afterDrop[0].id]);
        expect(perInstance.ids()).toEqual([afterDrop[1].id]);
      },
      { timeout: 20_000 },
    );
    expect(consumer.connected).toBe(true);
    expect(consumer.stats().reconnected).toBe(1);
  });

  it('when the connection drops after the effect but before the ack, then the redelivered event has no second effect', async () => {
    const { consumer, publisher } = await consumerBehindProxy();
    const deliveries: HandlerContext[] = [];
    await consumer.subscribe(
      'service',
      new HandlerRegistry().on('bookmark.added', async (event, ctx) => {
        deliveries.push(ctx);
        await applyOnce(
          Counter,
          { _id: event.data.userId },
          event,
          { $inc: { count: 1 } },
          { upsert: true },
        );
        if (deliveries.length === 1) proxy.dropConnections(); // the ack that follows never arrives
      }),
    );
    const event = bookmarkAdded();

    await publisher.publish(event);

    await vi.waitFor(() => expect(deliveries).toHaveLength(2), { timeout: 20_000 });
    expect(deliveries.map((ctx) => ctx.redelivered)).toEqual([false, true]);
    const counter = await Counter.findById(event.data.userId).lean();
    expect(counter?.count).toBe(1);
  });
});
