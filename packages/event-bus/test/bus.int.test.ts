import { randomUUID } from 'node:crypto';
import amqp, { type ChannelModel } from 'amqplib';
import { testAmqpUrl, uniqueName } from '@b2g/infra/test-env';
import mongoose from 'mongoose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createEvent,
  DependencyUnavailableError,
  EventValidationError,
  HandlerRegistry,
  HEADERS,
  topologyNames,
  type EventBus,
  type EventBusOptions,
} from '../src/index.js';
import {
  bookmarkAdded,
  FAST_RETRIES,
  nextMessage as nextMessageOn,
  recorder,
  removeTopology,
  testBus,
  userDeleted,
} from './support.js';

let admin: ChannelModel;
const nextMessage = (queue: string) => nextMessageOn(admin, queue);
const buses: EventBus[] = [];

function track(bus: EventBus) {
  buses.push(bus);
  return bus;
}

/** A started test bus, closed and its topology removed after the test. */
async function startedBus(overrides: Partial<EventBusOptions> = {}) {
  const bus = track(testBus(overrides));
  await bus.start();
  return bus;
}

/**
 * Subscribes `bus` to `type` with a handler that records each delivery's attempt, throws the
 * error `fail` gives for that attempt and call (counted from 1), and otherwise takes effect once.
 */
async function subscribeFlaky(
  bus: EventBus,
  kind: 'service' | 'instance',
  type: 'bookmark.added' | 'user.deleted',
  fail: (attempt: number, call: number) => Error | undefined,
) {
  const handled = { attempts: [] as number[], effects: 0 };
  await bus.subscribe(
    kind,
    new HandlerRegistry().on(type, async (_event, ctx) => {
      handled.attempts.push(ctx.attempt);
      const error = fail(ctx.attempt, handled.attempts.length);
      if (error) throw error;
      handled.effects += 1;
    }),
  );
  return handled;
}

beforeAll(async () => {
  admin = await amqp.connect(testAmqpUrl());
});

afterEach(async () => {
  const closing = buses.splice(0);
  await Promise.all(closing.map((bus) => bus.close()));
  await Promise.all(closing.map((bus) => removeTopology(bus)));
});

afterAll(async () => {
  await admin.close();
});

describe('EventBus topology and publishing', () => {
  it('when a service subscribes, then its queue, dead-letter queue and retry queues exist, bound to the handled types', async () => {
    const bus = await startedBus();
    await bus.subscribe(
      'service',
      new HandlerRegistry().on('bookmark.added', async () => undefined),
    );

    const channel = await admin.createChannel();
    await channel.checkQueue(topologyNames.serviceQueue(bus.service));
    await channel.checkQueue(topologyNames.deadLetterQueue(bus.service));
    for (const delayMs of FAST_RETRIES)
      await channel.checkQueue(topologyNames.retry(bus.exchange, delayMs));
    await channel.close();
    expect(bus.connected).toBe(true);
  });

  it('when an event is published, then it reaches the queue persistent, with id, type, timestamp, JSON content type and correlation header', async () => {
    const bus = await startedBus();
    const channel = await admin.createChannel();
    const { queue } = await channel.assertQueue('', { exclusive: true });
    await channel.bindQueue(queue, bus.exchange, '#');
    const event = bookmarkAdded({ correlationId: 'req-42' });

    await bus.publish(event);

    const message = await nextMessage(queue);
    expect(JSON.parse(message.content.toString())).toEqual(event);
    expect(message.fields.routingKey).toBe('bookmark.added');
    expect(message.properties).toMatchObject({
      deliveryMode: 2,
      messageId: event.id,
      type: 'bookmark.added',
      contentType: 'application/json',
      timestamp: Math.floor(Date.parse(event.occurredAt) / 1000),
      headers: { [HEADERS.correlationId]: 'req-42' },
    });
    expect(bus.stats().published).toBe(1);
    await channel.close();
  });

  it('when an event breaks its contract, then publish rejects before anything leaves', async () => {
    const bus = await startedBus();
    const event = { ...bookmarkAdded(), data: { bookmarkId: 'b1' } };

    await expect(bus.publish(event as never)).rejects.toBeInstanceOf(EventValidationError);
    expect(bus.stats().published).toBe(0);
  });

  it('when many events are published at once through a small window, then every publish settles on its confirm', async () => {
    const bus = await startedBus({ maxInFlight: 8 });
    const received = recorder();
    await bus.subscribe('service', new HandlerRegistry().on('bookmark.added', received.handler()));

    await Promise.all(Array.from({ length: 500 }, () => bus.publish(bookmarkAdded())));

    expect(bus.stats()).toMatchObject({ published: 500, publishesAwaitingConfirm: 0 });
    await vi.waitFor(() => expect(received.seen).toHaveLength(500), { timeout: 10_000 });
  });
});

describe('EventBus subscriptions', () => {
  it('when two instances of a service subscribe per service, then each event is handled by exactly one of them', async () => {
    const service = uniqueName('svc');
    const exchange = uniqueName('events');
    const first = recorder();
    const second = recorder();
    const busA = track(testBus({ service, exchange, prefetch: 1 }));
    const busB = track(testBus({ service, exchange, prefetch: 1 }));
    await Promise.all([busA.start(), busB.start()]);
    await busA.subscribe('service', new HandlerRegistry().on('bookmark.added', first.handler()));
    await busB.subscribe('service', new HandlerRegistry().on('bookmark.added', second.handler()));
    const events = Array.from({ length: 40 }, () => bookmarkAdded());

    await Promise.all(events.map((event) => busA.publish(event)));

    await vi.waitFor(() => expect(first.seen.length + second.seen.length).toBe(40), {
      timeout: 20_000,
    });
    expect(new Set([...first.ids(), ...second.ids()])).toEqual(
      new Set(events.map((event) => event.id)),
    );
    expect(first.seen.length).toBeGreaterThan(0);
    expect(second.seen.length).toBeGreaterThan(0);
  });

  it('when two instances subscribe per instance, then both receive every event', async () => {
    const service = uniqueName('svc');
    const exchange = uniqueName('events');
    const first = recorder();
    const second = recorder();
    const busA = track(testBus({ service, exchange }));
    const busB = track(testBus({ service, exchange }));
    await Promise.all([busA.start(), busB.start()]);
    await busA.subscribe('instance', new HandlerRegistry().on('user.deleted', first.handler()));
    await busB.subscribe('instance', new HandlerRegistry().on('user.deleted', second.handler()));
    const events = Array.from({ length: 20 }, () => userDeleted());

    await Promise.all(events.map((event) => busB.publish(event)));

    const ids = events.map((event) => event.id).sort();
    await vi.waitFor(
      () => {
        expect(first.ids().sort()).toEqual(ids);
        expect(second.ids().sort()).toEqual(ids);
      },
      { timeout: 20_000 },
    );
  });

  it('when a subscriber handles only some types, then it receives only those', async () => {
    const bus = await startedBus();
    const received = recorder();
    await bus.subscribe('service', new HandlerRegistry().on('user.deleted', received.handler()));
    const wanted = userDeleted();

    await bus.publish(bookmarkAdded());
    await bus.publish(wanted);

    await vi.waitFor(() => expect(received.ids()).toEqual([wanted.id]), { timeout: 20_000 });
    expect(bus.stats().consumed).toBe(1);
  });
});

describe('EventBus failures', () => {
  it('when a handler fails twice then succeeds, then its effect happens once, on the third attempt', async () => {
    const bus = await startedBus();
    const handled = await subscribeFlaky(bus, 'service', 'bookmark.added', (attempt) =>
      attempt < 3 ? new Error('database busy') : undefined,
    );

    await bus.publish(bookmarkAdded());

    await vi.waitFor(() => expect(handled.effects).toBe(1), { timeout: 20_000 });
    expect(handled.attempts).toEqual([1, 2, 3]);
    // The counters move once the broker has the ack or the copy, just after the handler's effect.
    await vi.waitFor(() =>
      expect(bus.stats()).toMatchObject({ retried: 2, consumed: 1, deadLettered: 0 }),
    );
  });

  it('when a per-instance handler fails once, then the retry comes back to the same instance queue', async () => {
    const bus = await startedBus();
    const handled = await subscribeFlaky(bus, 'instance', 'user.deleted', (attempt) =>
      attempt === 1 ? new Error('cache not ready') : undefined,
    );

    await bus.publish(userDeleted());

    await vi.waitFor(() => expect(handled.attempts).toEqual([1, 2]), { timeout: 20_000 });
    await vi.waitFor(() => expect(bus.stats()).toMatchObject({ retried: 1, consumed: 1 }));
  });

  it('when a handler always fails, then after the configured attempts the message is in the DLQ with its original body and headers', async () => {
    const bus = await startedBus();
    const handled = await subscribeFlaky(
      bus,
      'service',
      'bookmark.added',
      () => new Error('never works'),
    );
    const event = bookmarkAdded({ correlationId: 'req-dlq' });

    await bus.publish(event);

    const message = await nextMessage(topologyNames.deadLetterQueue(bus.service));
    expect(handled.attempts).toEqual([1, 2, 3, 4]);
    expect(message.content.toString()).toBe(JSON.stringify(event));
    expect(message.properties).toMatchObject({
      messageId: event.id,
      type: event.type,
      contentType: 'application/json',
    });
    expect(message.properties.headers).toMatchObject({
      [HEADERS.correlationId]: 'req-dlq',
      [HEADERS.eventVersion]: 1,
      [HEADERS.attempt]: 4,
      [HEADERS.failedQueue]: topologyNames.serviceQueue(bus.service),
      [HEADERS.deadLetterReason]: 'handler failed on attempt 4: never works',
    });
    // Counted once the broker confirms the copy, which may be just after it reaches the DLQ.
    await vi.waitFor(() =>
      expect(bus.stats()).toMatchObject({ retried: 3, deadLettered: 1, consumed: 0 }),
    );
  });

  it('when a handler reports a dependency down more times than there are retries, then the event waits and is applied once it is back, never dead-lettered', async () => {
    const bus = await startedBus();
    const handled = await subscribeFlaky(bus, 'service', 'bookmark.added', (_attempt, call) =>
      call <= 5 ? new DependencyUnavailableError('search index down') : undefined,
    );

    await bus.publish(bookmarkAdded());

    await vi.waitFor(() => expect(handled.effects).toBe(1), { timeout: 20_000 });
    expect(handled.attempts).toEqual([1, 1, 1, 1, 1, 1]);
    await vi.waitFor(() =>
      expect(bus.stats()).toMatchObject({ retried: 5, consumed: 1, deadLettered: 0 }),
    );
  });

  it('when a handler cannot reach its database (the server restarts) more times than there are retries, then the event waits and is applied once it is back, never dead-lettered', async () => {
    const bus = await startedBus();
    const unreachable = [
      new mongoose.mongo.MongoNetworkError('connection 7 to 127.0.0.1:27017 closed'),
      new mongoose.mongo.MongoNotConnectedError('Client must be connected'),
      new mongoose.mongo.MongoTopologyClosedError(),
      new mongoose.mongo.MongoNetworkTimeoutError('connection timed out'),
      Object.assign(new Error('connection 5 to 127.0.0.1:27017 closed'), {
        name: 'MongoServerSelectionError',
      }),
    ];
    const handled = await subscribeFlaky(
      bus,
      'service',
      'bookmark.added',
      (_attempt, call) => unreachable[call - 1],
    );

    await bus.publish(bookmarkAdded());

    await vi.waitFor(() => expect(handled.effects).toBe(1), { timeout: 20_000 });
    await vi.waitFor(() =>
      expect(bus.stats()).toMatchObject({ retried: 5, consumed: 1, deadLettered: 0 }),
    );
  });

  it('when a message is malformed JSON or breaks its contract, then it goes to the DLQ at once and no handler runs', async () => {
    const bus = await startedBus();
    const handler = vi.fn(async () => undefined);
    await bus.subscribe('service', new HandlerRegistry().on('bookmark.added', handler));
    const channel = await admin.createChannel();

    channel.publish(bus.exchange, 'bookmark.added', Buffer.from('{not json'), { messageId: 'm1' });
    channel.publish(
      bus.exchange,
      'bookmark.added',
      Buffer.from(JSON.stringify({ type: 'bookmark.added' })),
      {
        messageId: 'm2',
      },
    );

    const dlq = topologyNames.deadLetterQueue(bus.service);
    const first = await nextMessage(dlq);
    const second = await nextMessage(dlq);
    expect([first.content.toString(), second.content.toString()].sort()).toEqual(
      ['{not json', JSON.stringify({ type: 'bookmark.added' })].sort(),
    );
    expect(String(first.properties.headers?.[HEADERS.deadLetterReason])).toMatch(
      /^unreadable event: /,
    );
    expect(first.properties.headers?.[HEADERS.attempt]).toBeUndefined();
    expect(handler).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(bus.stats()).toMatchObject({ deadLettered: 2, retried: 0 }));
    await channel.close();
  });

  it('when an event claims a type its source may not publish, then it is dead-lettered and logged, never handled', async () => {
    const bus = await startedBus();
    const handled: string[] = [];
    await bus.subscribe(
      'service',
      new HandlerRegistry()
        .on('user.deleted', async (event) => {
          handled.push(event.source);
        })
        .on('session.revoked', async (event) => {
          handled.push(event.source);
        }),
    );
    const forgedDeletion = createEvent(
      'user.deleted',
      { userId: randomUUID(), deletedAt: new Date().toISOString() },
      { source: 'jobs' },
    );
    const forgedRevocation = createEvent(
      'session.revoked',
      {
        userId: randomUUID(),
        sessionIds: ['s1'],
        reason: 'logout',
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
      },
      { source: 'user-activity' },
    );
    const publisher = await startedBus({ exchange: bus.exchange });
    await publisher.publish(forgedDeletion);
    await publisher.publish(forgedRevocation);

    const dlq = topologyNames.deadLetterQueue(bus.service);
    const reasons = [await nextMessage(dlq), await nextMessage(dlq)].map((message) =>
      String(message.properties.headers?.[HEADERS.deadLetterReason]),
    );
    expect(reasons.sort()).toEqual([
      'forged event: session.revoked may come only from auth, not user-activity',
      'forged event: user.deleted may come only from auth, not jobs',
    ]);
    await publisher.publish(userDeleted());
    await vi.waitFor(() => expect(handled).toEqual(['auth']));
  });
});
