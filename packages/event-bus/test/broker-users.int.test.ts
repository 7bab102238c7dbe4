import amqp from 'amqplib';
import { isolatedVhost, provisionBrokerUsers, type BrokerUsers } from '@b2g/infra';
import { testAmqpUrl, uniqueName } from '@b2g/infra/test-env';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EventBus, HandlerRegistry, HEADERS, topologyNames } from '../src/index.js';
import { logger, nextMessage, userDeleted } from './support.js';

/**
 * A broker user per service, as `npm start` and the browser tests provision them on the local
 * RabbitMQ: permissions keep each service to its own queues, and the broker-checked `user_id`
 * decides who published an event, whatever its `source` claims.
 */
describe('per-service broker users', () => {
  const namespace = `${uniqueName('ns')}_`;
  let vhost: Awaited<ReturnType<typeof isolatedVhost>>;
  let users: BrokerUsers;
  const buses: EventBus[] = [];

  const busOf = (service: 'auth' | 'jobs' | 'user-activity') => {
    const bus = new EventBus({
      url: users.urls[service] as string,
      service,
      retryDelaysMs: [40],
      reconnectBackoff: { initialMs: 50, maxMs: 400 },
      logger,
    });
    buses.push(bus);
    return bus;
  };

  /** The next message of a queue, read as the vhost's administrator (the test's own user). */
  const nextMessageOf = async (queue: string) => {
    const connection = await amqp.connect(vhost.url);
    try {
      return await nextMessage(connection, queue);
    } finally {
      await connection.close();
    }
  };

  beforeAll(async () => {
    vhost = await isolatedVhost(testAmqpUrl(), uniqueName('vhost'));
    users = await provisionBrokerUsers(vhost.url, namespace);
  });

  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    await users.remove();
    await vhost.remove();
  });

  it("when another service's user publishes an event claiming the right source, then it is dead-lettered; the rightful publisher's copy is handled, also after a retry", async () => {
    const activity = busOf('user-activity');
    const auth = busOf('auth');
    const jobs = busOf('jobs');
    await Promise.all([activity.start(), auth.start(), jobs.start()]);
    const handled: string[] = [];
    let failures = 1;
    await activity.subscribe(
      'service',
      new HandlerRegistry().on('user.deleted', async (event) => {
        // The first delivery fails: the retry copy is re-published by user-activity's own user.
        if (failures-- > 0) throw new Error('first attempt fails');
        handled.push(event.data.userId);
      }),
    );

    const forged = userDeleted();
    await jobs.publish(forged);
    const dead = await nextMessageOf(topologyNames.deadLetterQueue('user-activity'));
    expect(dead.properties.messageId).toBe(forged.id);
    expect(String(dead.properties.headers?.[HEADERS.deadLetterReason])).toBe(
      `forged event: user.deleted may come only from broker user ${namespace}auth, not ${namespace}jobs`,
    );

    const genuine = userDeleted();
    await auth.publish(genuine);
    await vi.waitFor(() => expect(handled).toEqual([genuine.data.userId]), { timeout: 10_000 });
    expect(activity.stats()).toMatchObject({ retried: 1, deadLettered: 1 });
  });

  it("when a service's user reads another service's queue, then the broker refuses it", async () => {
    const connection = await amqp.connect(users.urls.jobs as string);
    connection.on('error', () => undefined);
    try {
      const channel = await connection.createChannel();
      channel.on('error', () => undefined);
      // amqplib rejects with the broker's channel.close frame, whose text names the refusal.
      await expect(channel.get(topologyNames.serviceQueue('user-activity'))).rejects.toMatchObject({
        fields: { replyCode: 403, replyText: expect.stringMatching(/^ACCESS_REFUSED/) },
      });
    } finally {
      await connection.close().catch(() => undefined);
    }
  });
});
