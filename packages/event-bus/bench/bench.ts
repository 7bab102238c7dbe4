/**
 * Publish rate with and without confirms, and end-to-end delivery latency, against a real RabbitMQ.
 *   pnpm --filter @b2g/event-bus bench            (AMQP_URL, default amqp://guest:guest@127.0.0.1:5672)
 */
import { randomBytes } from 'node:crypto';
import amqp from 'amqplib';
import { pino } from 'pino';
import { DEFAULT_RETRY_DELAYS_MS, EventBus, HandlerRegistry, topologyNames } from '../src/index.js';
import { deleteTopology } from '../src/testing.js';
import { bookmarkAdded, percentile } from './events.js';

const URL = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
const COUNT = 10_000;
const STEADY_RATE_PER_S = 2000;
const logger = pino({ level: process.env.LOG_LEVEL ?? 'warn' });
const suffix = randomBytes(4).toString('hex');

function rate(count: number, ms: number) {
  return `${Math.round((count / ms) * 1000).toLocaleString('en-US')} msg/s`;
}

/** Plain channel: publish returns when the frame is buffered; a final RPC shows the broker has read them all. */
async function publishWithoutConfirms(exchange: string, bodies: Buffer[]) {
  const model = await amqp.connect(URL);
  const channel = await model.createChannel();
  await channel.assertExchange(exchange, 'topic', { durable: true });
  const started = performance.now();
  for (const body of bodies) {
    if (
      !channel.publish(exchange, 'bookmark.added', body, {
        persistent: true,
        contentType: 'application/json',
      })
    ) {
      await new Promise((resolve) => channel.once('drain', resolve));
    }
  }
  await channel.checkExchange(exchange);
  const elapsed = performance.now() - started;
  await model.close();
  return elapsed;
}

async function publishWithConfirms(bus: EventBus, count: number) {
  const events = Array.from({ length: count }, bookmarkAdded);
  const started = performance.now();
  await Promise.all(events.map((event) => bus.publish(event)));
  return performance.now() - started;
}

/** Publishes `count` events (all at once, or paced) and measures publish-call → handler latency. */
async function endToEnd(
  publisher: EventBus,
  consumer: EventBus,
  count: number,
  perSecond?: number,
) {
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let allReceived!: () => void;
  const done = new Promise<void>((resolve) => (allReceived = resolve));
  handleBookmark = async (event) => {
    const sent = sentAt.get(event.id);
    if (sent === undefined) return;
    latencies.push(performance.now() - sent);
    if (latencies.length === count) allReceived();
  };
  const publishes: Promise<void>[] = [];
  const started = performance.now();
  for (let index = 0; index < count; index += 1) {
    if (perSecond) {
      const due = started + (index * 1000) / perSecond;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    const event = bookmarkAdded();
    sentAt.set(event.id, performance.now());
    publishes.push(publisher.publish(event));
  }
  await Promise.all(publishes);
  await done;
  const elapsed = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
    elapsed,
  };
}

let handleBookmark: (event: { id: string }) => Promise<void> = async () => undefined;

async function main() {
  const exchange = `bench.events.${suffix}`;
  const service = `bench_${suffix}`;
  const options = { url: URL, exchange, logger };
  const publisher = new EventBus({ ...options, service: `${service}_pub` });
  const consumer = new EventBus({ ...options, service, prefetch: 200 });
  await Promise.all([
    publisher.start({ timeoutMs: 10_000 }),
    consumer.start({ timeoutMs: 10_000 }),
  ]);
  await consumer.subscribe(
    'service',
    new HandlerRegistry().on('bookmark.added', (event) => handleBookmark(event)),
  );
  const bodies = Array.from({ length: COUNT }, () => Buffer.from(JSON.stringify(bookmarkAdded())));
  const bodyBytes = bodies[0]?.length ?? 0;

  try {
    // Warm-up: connections, JIT, queue.
    await endToEnd(publisher, consumer, 1000);

    const unconfirmedMs = await publishWithoutConfirms(exchange, bodies);
    const confirmedMs = await publishWithConfirms(publisher, COUNT);
    const windowOne = new EventBus({ ...options, service: `${service}_w1`, maxInFlight: 1 });
    await windowOne.start({ timeoutMs: 10_000 });
    const oneByOneMs = await publishWithConfirms(windowOne, 1000);
    await windowOne.close();
    // Let the consumer work off the unconfirmed and confirmed batches before timing deliveries.
    await waitUntilIdle(service);

    const burst = await endToEnd(publisher, consumer, COUNT);
    const steady = await endToEnd(publisher, consumer, COUNT, STEADY_RATE_PER_S);

    console.log(
      `event-bus benchmark: ${COUNT.toLocaleString('en-US')} events of ${bodyBytes} bytes, persistent, ${URL.replace(/\/\/.*@/, '//')}`,
    );
    console.log('');
    console.log('publish rate');
    console.log(
      `  without confirms (plain channel)              ${rate(COUNT, unconfirmedMs)}  (${Math.round(unconfirmedMs)} ms)`,
    );
    console.log(
      `  with confirms, window 1000 (EventBus.publish) ${rate(COUNT, confirmedMs)}  (${Math.round(confirmedMs)} ms)`,
    );
    console.log(
      `  with confirms, window 1 (one wait per event)  ${rate(1000, oneByOneMs)}  (1,000 events, ${Math.round(oneByOneMs)} ms)`,
    );
    console.log('');
    console.log('end-to-end latency, publish() call to handler start');
    const line = (name: string, r: { p50: number; p99: number; max: number; elapsed: number }) =>
      console.log(
        `  ${name.padEnd(44)} p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  max ${r.max.toFixed(1)} ms  (${rate(COUNT, r.elapsed)})`,
      );
    line(`steady ${STEADY_RATE_PER_S.toLocaleString('en-US')} events/s`, steady);
    line('burst (all published at once)', burst);
  } finally {
    await Promise.all([publisher.close(), consumer.close()]);
    await removeTopology(exchange, service);
  }
}

async function waitUntilIdle(queue: string) {
  const model = await amqp.connect(URL);
  const channel = await model.createChannel();
  for (;;) {
    const { messageCount } = await channel.checkQueue(topologyNames.serviceQueue(queue));
    if (messageCount === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await model.close();
}

async function removeTopology(exchange: string, service: string) {
  const model = await amqp.connect(URL);
  const channel = await model.createChannel();
  await deleteTopology(channel, exchange, [service], DEFAULT_RETRY_DELAYS_MS);
  await model.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
