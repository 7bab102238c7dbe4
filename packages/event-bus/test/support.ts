import { randomUUID } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import amqp from 'amqplib';
import type { EventType, IntegrationEvent } from '@b2g/contracts';
import { testAmqpUrl, uniqueName } from '@b2g/infra/test-env';
import mongoose from 'mongoose';
import { pino } from 'pino';
import { EventBus, createEvent, topologyNames, type EventBusOptions } from '../src/index.js';

// As in every service (the kit turns these on): the library's own operators must be trusted.
mongoose.set('strictQuery', true);
mongoose.set('sanitizeFilter', true);

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

export function bookmarkAdded(
  overrides: { userId?: string; correlationId?: string } = {},
): IntegrationEvent<'bookmark.added'> {
  return createEvent(
    'bookmark.added',
    {
      bookmarkId: randomUUID(),
      userId: overrides.userId ?? randomUUID(),
      jobId: randomUUID(),
      jobTitle: 'Capture manager',
      company: 'Acme Federal',
      bookmarkedAt: new Date().toISOString(),
    },
    {
      source: 'test',
      ...(overrides.correlationId ? { correlationId: overrides.correlationId } : {}),
    },
  );
}

export function userDeleted(userId: string = randomUUID()): IntegrationEvent<'user.deleted'> {
  return createEvent(
    'user.deleted',
    { userId, deletedAt: new Date().toISOString() },
    { source: 'test' },
  );
}

/** Collects the events a handler saw, by type. */
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

/**
 * A TCP proxy on loopback in front of RabbitMQ: stopping it makes the broker unreachable (and
 * drops live connections) for the buses behind it only, without disturbing other test files.
 */
export class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private port = 0;

  constructor(private readonly target: URL = new URL(testAmqpUrl())) {}

  /** The AMQP URL through the proxy (its port is kept across stop/start). */
  get url(): string {
    const url = new URL(this.target);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  async start(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(Number(this.target.port || 5672), this.target.hostname);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (typeof address === 'object' && address) this.port = address.port;
    this.server = server;
  }

  /** Cuts every connection at once, as a broker crash or a network failure would. */
  dropConnections(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  /** Refuses new connections and cuts the live ones. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    this.dropConnections();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** Deletes what a test bus declared on the broker (durable queues and exchanges outlive the test). */
export async function removeTopology(bus: EventBus): Promise<void> {
  const model = await amqp.connect(testAmqpUrl());
  try {
    const channel = await model.createChannel();
    await channel.deleteQueue(topologyNames.serviceQueue(bus.service));
    await channel.deleteQueue(topologyNames.deadLetterQueue(bus.service));
    for (const delayMs of FAST_RETRIES) {
      await channel.deleteQueue(topologyNames.retry(bus.exchange, delayMs));
      await channel.deleteExchange(topologyNames.retry(bus.exchange, delayMs));
    }
    await channel.deleteExchange(bus.exchange);
    await channel.close();
  } finally {
    await model.close();
  }
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
