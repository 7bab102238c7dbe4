/**
 * Outbox relay latency: from the call that writes a document with its event to the consumer's
 * handler, one write after another, beside a plain publish of the same event measured in the same
 * run (the relay's cost is the ratio), against a real MongoDB-compatible server and RabbitMQ.
 *   pnpm --filter @b2g/event-bus bench:outbox
 *   (MONGO_URL, default mongodb://127.0.0.1:27017; AMQP_URL, default amqp://guest:guest@127.0.0.1:5672)
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { IntegrationEvent } from '@b2g/contracts';
import mongoose from 'mongoose';
import { pino } from 'pino';
import {
  DEFAULT_RETRY_DELAYS_MS,
  EventBus,
  HandlerRegistry,
  Outbox,
  outboxPlugin,
} from '../src/index.js';
import { deleteTopologyAt } from '../src/testing.js';
import { bookmarkAdded, percentile } from './events.js';

const AMQP_URL = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
const SAMPLES = 300;
const suffix = randomBytes(4).toString('hex');
const logger = pino({ level: process.env.LOG_LEVEL ?? 'warn' });

async function main() {
  const mongoUrl = new URL(process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017');
  mongoUrl.pathname = `/eventbus_bench_${suffix}`;
  const connection = await mongoose.createConnection(mongoUrl.toString()).asPromise();
  const schema = new mongoose.Schema({ _id: String }).plugin(outboxPlugin);
  const Account = connection.model('Account', schema);
  const exchange = `bench.outbox.${suffix}`;
  const service = `bench_outbox_${suffix}`;
  const options = { url: AMQP_URL, exchange, logger };
  const publisher = new EventBus({ ...options, service: `${service}_pub` });
  const consumer = new EventBus({ ...options, service });
  await Promise.all([publisher.start(), consumer.start()]);
  let arrived: (event: IntegrationEvent) => void = () => undefined;
  await consumer.subscribe(
    'service',
    new HandlerRegistry().on('bookmark.added', async (event) => arrived(event)),
  );
  const outbox = new Outbox({ connection, bus: publisher, logger, models: [Account] });
  outbox.start();

  /** Latencies in ms of `SAMPLES` events sent one after another by `send`, sorted. */
  const measure = async (send: (event: IntegrationEvent, id: string) => Promise<unknown>) => {
    const latencies: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const id = randomUUID();
      const event = bookmarkAdded(id);
      const delivered = new Promise<void>((resolve) => {
        arrived = (received) => {
          if (received.id === event.id) resolve();
        };
      });
      const started = performance.now();
      await send(event, id);
      await delivered;
      latencies.push(performance.now() - started);
    }
    return latencies.sort((a, b) => a - b);
  };

  try {
    const direct = await measure((event) => publisher.publish(event));
    const relayed = await measure((event, id) => outbox.insert(Account, { _id: id }, [event]));
    const row = (name: string, sorted: number[]) =>
      `  ${name.padEnd(38)} p50 ${percentile(sorted, 50).toFixed(1)} ms  p99 ${percentile(sorted, 99).toFixed(1)} ms  max ${(sorted.at(-1) ?? 0).toFixed(1)} ms`;
    console.log(
      `outbox relay latency, ${SAMPLES} events one after another, to the handler's start`,
    );
    console.log(row('publish() directly', direct));
    console.log(row('write with the event, then the relay', relayed));
    const ratio = (p: number) => (percentile(relayed, p) / percentile(direct, p)).toFixed(1);
    console.log(`  ratio relayed/direct: p50 ${ratio(50)}x, p99 ${ratio(99)}x`);
  } finally {
    await outbox.stop();
    await Promise.all([publisher.close(), consumer.close()]);
    await deleteTopologyAt(
      AMQP_URL,
      exchange,
      [service, `${service}_pub`],
      DEFAULT_RETRY_DELAYS_MS,
    );
    await connection.dropDatabase();
    await connection.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
