import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { IntegrationEvent } from '@b2g/contracts';
import { testAmqpUrl, testMongoUrl } from '@b2g/infra/test-env';
import mongoose from 'mongoose';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  applyOnce,
  DEFAULT_LEASE_COLLECTION,
  documentWithEvents,
  HandlerRegistry,
  Outbox,
  OUTBOX_FIELDS,
  outboxPlugin,
  processedEventsPlugin,
  withEvents,
  WriteLeaseTimeoutError,
  type EventBus,
  type EventBusOptions,
} from '../src/index.js';
import {
  bookmarkAdded,
  forEachLimited,
  logger,
  removeTopology,
  TcpProxy,
  testBus,
  userDeleted,
} from './support.js';
import { accountModel } from './account.js';

const mongoUrl = testMongoUrl('eventbus_outbox');
const connection = mongoose.createConnection(mongoUrl);
const Account = accountModel(connection);

/** A document that is hard-deleted with an event. */
const sessionSchema = new mongoose.Schema({ _id: String, userId: String });
sessionSchema.plugin(outboxPlugin, { hardDeletes: true });
const Session = connection.model('Session', sessionSchema);

/** The consuming side: one effect per event, counted. */
const tallySchema = new mongoose.Schema({ _id: String, count: { type: Number, default: 0 } });
tallySchema.plugin(processedEventsPlugin);
const Tally = connection.model('Tally', tallySchema);

const buses: EventBus[] = [];
const outboxes: Outbox[] = [];
let proxy: TcpProxy | undefined;

function track<T extends EventBus | Outbox>(thing: T): T {
  if (thing instanceof Outbox) outboxes.push(thing);
  else buses.push(thing);
  return thing;
}

/**
 * A subscriber on the same exchange that notes every delivery and applies each event once to one
 * of 16 tallies (picked by the event id, so consecutive events update different documents).
 */
async function tallyingConsumer(publisher: EventBus) {
  const consumer = track(
    testBus({ service: publisher.service, exchange: publisher.exchange, prefetch: 50 }),
  );
  await consumer.start();
  const delivered: IntegrationEvent[] = [];
  const tally = async (event: IntegrationEvent<'bookmark.added' | 'user.deleted'>) => {
    delivered.push(event);
    await applyOnce(
      Tally,
      { _id: event.id.slice(0, 1) },
      event,
      { $inc: { count: 1 } },
      { upsert: true },
    );
  };
  await consumer.subscribe(
    'service',
    new HandlerRegistry().on('bookmark.added', tally).on('user.deleted', tally),
  );
  return { consumer, delivered };
}

/** A started bus (on the test broker unless `options` say otherwise) and a tallying consumer of it. */
async function busWithConsumer(options: Partial<EventBusOptions> = {}) {
  const bus = track(testBus(options));
  await bus.start();
  return { bus, ...(await tallyingConsumer(bus)) };
}

/** A started relay of `bus` for the accounts. */
function accountRelay(bus: EventBus): Outbox {
  const outbox = track(new Outbox({ connection, bus, logger, models: [Account] }));
  outbox.start();
  return outbox;
}

/** Runs test/fixtures/outbox-writer.ts in a process of its own: `count` updates of one account. */
async function writerProcess(bus: EventBus, id: string, count: number) {
  const child = spawn(
    process.execPath,
    [
      '--conditions=source',
      '--import',
      'tsx',
      fileURLToPath(new URL('./fixtures/outbox-writer.ts', import.meta.url)),
      mongoUrl,
      testAmqpUrl(),
      bus.service,
      bus.exchange,
      id,
      String(count),
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const [code] = (await once(child, 'exit')) as [number | null];
  expect(code).toBe(0);
}

async function rawAccount(id: string) {
  return connection.collection('accounts').findOne({ _id: id as never });
}

beforeAll(async () => {
  await connection.asPromise();
  await Promise.all([Account.init(), Session.init(), Tally.init()]);
});

afterEach(async () => {
  await proxy?.stop();
  proxy = undefined;
  await Promise.all(outboxes.splice(0).map((outbox) => outbox.stop()));
  const closing = buses.splice(0);
  await Promise.all(closing.map((bus) => bus.close()));
  await Promise.all(closing.map((bus) => removeTopology(bus)));
  await Promise.all([Account, Session, Tally].map((model) => model.collection.deleteMany({})));
});

afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

describe('Outbox', () => {
  it('when a change is written with events, then the relay publishes them in order and empties the outbox', async () => {
    const { bus, delivered } = await busWithConsumer();
    const outbox = accountRelay(bus);
    const id = randomUUID();
    const events = [
      bookmarkAdded({ userId: id }),
      bookmarkAdded({ userId: id }),
      bookmarkAdded({ userId: id }),
    ];

    // The relay's latency is measured by bench/outbox-latency.ts.
    await outbox.insert(Account, { _id: id, name: 'Ada' }, [events[0]!]);
    await vi.waitFor(() => expect(delivered).toHaveLength(1), { timeout: 20_000, interval: 5 });
    await outbox.update(
      Account,
      { _id: id },
      { $set: { name: 'Ada L.' }, $inc: { changes: 1 } },
      events.slice(1),
    );

    await vi.waitFor(() => expect(delivered).toHaveLength(3), { timeout: 20_000 });
    expect(delivered.map((event) => event.id)).toEqual(events.map((event) => event.id));
    await vi.waitFor(async () =>
      expect(await rawAccount(id)).toMatchObject({
        name: 'Ada L.',
        changes: 1,
        [OUTBOX_FIELDS.entries]: [],
      }),
    );
    expect(await Account.findById(id).lean()).not.toHaveProperty(OUTBOX_FIELDS.entries);
    expect(await connection.collection(DEFAULT_LEASE_COLLECTION).countDocuments()).toBe(0);
  });

  it('when a write uses withEvents and notify directly, then its events are published too', async () => {
    const { bus, delivered } = await busWithConsumer();
    const outbox = accountRelay(bus);
    const id = randomUUID();
    await Account.create(documentWithEvents({ _id: id, name: 'Ada' }, []));
    const event = bookmarkAdded({ userId: id });

    await Account.updateOne({ _id: id }, withEvents({ $set: { name: 'Lovelace' } }, [event]));
    outbox.notify(Account, id);

    await vi.waitFor(() => expect(delivered.map((seen) => seen.id)).toEqual([event.id]), {
      timeout: 20_000,
    });
  });

  it('when events were recorded but nobody notified (a crash), then a relay that starts finds and publishes them', async () => {
    const { bus, delivered } = await busWithConsumer();
    const ids = [randomUUID(), randomUUID()];
    const events = ids.map((id) => bookmarkAdded({ userId: id }));
    await Account.create(
      ids.map((id, index) => documentWithEvents({ _id: id, name: `n${index}` }, [events[index]!])),
    );

    track(new Outbox({ connection, bus, logger })).start(); // finds its models on the connection

    await vi.waitFor(() => expect(delivered).toHaveLength(2), { timeout: 20_000 });
    expect(new Set(delivered.map((event) => event.id))).toEqual(
      new Set(events.map((event) => event.id)),
    );
  });

  // 3,000 documents take FerretDB seconds to scan (it filters outside its index), which stop() waited for.
  it('when a relay stops during a sweep of a large collection, then stop returns at once instead of waiting for the scan', async () => {
    const bus = track(testBus());
    await bus.start();
    const Bulk = connection.model(
      'BulkAccount',
      new mongoose.Schema({ _id: String, name: String }).plugin(outboxPlugin),
    );
    const names = Array.from({ length: 3_000 }, (_, index) => ({
      _id: randomUUID(),
      name: `n${index}`,
    }));
    await Bulk.collection.insertMany(names as never[]);
    const outbox = new Outbox({ connection, bus, logger, models: [Bulk] });
    outbox.start(); // sweeps at once
    await new Promise((resolve) => setTimeout(resolve, 50));

    // A sweep still scanning when stop is called is cut short, never completed: where the scan
    // is quick (MongoDB) it may have finished before, and then it counts once either way.
    const sweepsBeforeStop = outbox.stats().sweeps;
    await outbox.stop();
    expect(outbox.stats().sweeps).toBe(sweepsBeforeStop);
    await Bulk.collection.drop();
  });

  it('when a document is deleted with an event, then queries stop seeing it at once and it is removed after the event is published', async () => {
    const { bus, delivered } = await busWithConsumer();
    const id = randomUUID();
    await Session.create({ _id: id, userId: id });
    const outbox = track(new Outbox({ connection, bus, logger, models: [Session] }));

    await outbox.delete(Session, { _id: id }, [userDeleted(id)]);

    expect(await Session.findById(id)).toBeNull();
    expect(await Session.countDocuments({ userId: id })).toBe(0);
    expect(await connection.collection('sessions').countDocuments({ _id: id as never })).toBe(1);
    outbox.start();
    await vi.waitFor(() => expect(delivered.map((event) => event.type)).toEqual(['user.deleted']), {
      timeout: 20_000,
    });
    await vi.waitFor(
      async () => expect(await connection.collection('sessions').countDocuments()).toBe(0),
      {
        timeout: 20_000,
      },
    );
  });

  it('when a schema does not enable hard deletes, then deleting with events is refused', async () => {
    const outbox = new Outbox({ connection, bus: testBus(), logger, models: [Account] });
    await expect(outbox.delete(Account, { _id: randomUUID() }, [userDeleted()])).rejects.toThrow(
      /hardDeletes/,
    );
  });

  it('when a relay died holding the lease of a document, then another relay publishes its events once the lease runs out, without waiting for a sweep', async () => {
    const { bus, delivered } = await busWithConsumer();
    const id = randomUUID();
    const key = `${connection.name}.accounts/${id}`;
    await connection
      .collection<{ _id: string; owner: string; until: Date }>(DEFAULT_LEASE_COLLECTION)
      .insertOne({ _id: key, owner: 'a relay that died', until: new Date(Date.now() + 1_500) });
    await Account.create(documentWithEvents({ _id: id }, [bookmarkAdded({ userId: id })]));
    // A relay takes over only a lease that has run out: it must do so before the event is out.
    const takeovers: string[] = [];
    const warnings = new Writable({
      write(line: Buffer, _encoding, done) {
        const entry = JSON.parse(line.toString()) as {
          msg: string;
          lease?: string;
          owner?: string;
        };
        if (entry.lease === key)
          takeovers.push(`${entry.msg} held by ${entry.owner}, ${delivered.length} delivered`);
        done();
      },
    });
    const outbox = track(
      new Outbox({ connection, bus, logger: pino({ level: 'warn' }, warnings), models: [Account] }),
    );
    outbox.start();
    outbox.notify(Account, id);

    await vi.waitFor(() => expect(delivered).toHaveLength(1), { timeout: 10_000, interval: 20 });
    expect(takeovers[0]).toBe(
      'taking over an expired lease held by a relay that died, 0 delivered',
    );
    await vi.waitFor(() => expect(outbox.stats()).toMatchObject({ relayed: 1, sweeps: 1 }));
  });

  it('when two processes update one document at once, each with its own relay, then no update and no event is lost', async () => {
    const { bus, delivered } = await busWithConsumer();
    const id = randomUUID();
    await Account.create({ _id: id });

    await Promise.all([writerProcess(bus, id, 100), writerProcess(bus, id, 100)]);

    expect((await rawAccount(id))?.changes).toBe(200);
    await vi.waitFor(() => expect(delivered).toHaveLength(200), { timeout: 20_000 });
    expect(new Set(delivered.map((event) => event.id)).size).toBe(200);
    const key = `${connection.name}.accounts/${id}`;
    const leases = connection.collection(DEFAULT_LEASE_COLLECTION);
    expect(await leases.countDocuments({ _id: { $in: [key, `${key}#write`] } as never })).toBe(0);
  }, 60_000);

  it("when another process holds a document's write lease, then a write waits for it, and gives up writing nothing once it waits too long", async () => {
    const outbox = track(
      new Outbox({ connection, bus: testBus(), logger, models: [Account], writeWaitMs: 400 }),
    );
    const id = randomUUID();
    await Account.create({ _id: id });
    const leases = connection.collection<{ _id: string; owner: string; until: Date }>(
      DEFAULT_LEASE_COLLECTION,
    );
    const lease = `${connection.name}.accounts/${id}#write`;
    await leases.insertOne({
      _id: lease,
      owner: 'a slow process',
      until: new Date(Date.now() + 60_000),
    });

    // The lease is held for a minute: failing at all shows the write gave up waiting for it.
    await expect(outbox.update(Account, { _id: id }, { $inc: { changes: 1 } }, [])).rejects.toThrow(
      WriteLeaseTimeoutError,
    );
    expect((await rawAccount(id))?.changes).toBe(0);

    // A writer that waits longer than the test's own steps take, however busy the machine.
    const patient = track(
      new Outbox({ connection, bus: testBus(), logger, models: [Account], writeWaitMs: 30_000 }),
    );
    const writing = patient.update(Account, { _id: id }, { $inc: { changes: 1 } }, []);
    await leases.deleteOne({ _id: lease });
    await expect(writing).resolves.toBe(true);
    expect((await rawAccount(id))?.changes).toBe(1);

    await leases.insertOne({
      _id: lease,
      owner: 'a process that died',
      until: new Date(Date.now() - 1),
    });
    await expect(patient.update(Account, { _id: id }, { $inc: { changes: 1 } }, [])).resolves.toBe(
      true,
    );
    expect((await rawAccount(id))?.changes).toBe(2);
    await vi.waitFor(async () => expect(await leases.countDocuments({ _id: lease })).toBe(0));
  });

  it('when two relays of one service are notified of the same documents, then the lease lets each event out once', async () => {
    const busA = track(testBus());
    const busB = track(testBus({ service: busA.service, exchange: busA.exchange }));
    await Promise.all([busA.start(), busB.start()]);
    const { delivered } = await tallyingConsumer(busA);
    const relays = [busA, busB].map((bus) =>
      track(new Outbox({ connection, bus, logger, models: [Account] })),
    );
    const ids = Array.from({ length: 40 }, () => randomUUID());
    await Account.create(
      ids.map((id) =>
        documentWithEvents({ _id: id }, [
          bookmarkAdded({ userId: id }),
          bookmarkAdded({ userId: id }),
        ]),
      ),
    );

    for (const relay of relays) {
      relay.start();
      for (const id of ids) relay.notify(Account, id);
    }

    await vi.waitFor(() => expect(delivered.length).toBeGreaterThanOrEqual(80), {
      timeout: 10_000,
    });
    await vi.waitFor(() =>
      expect(relays.every((relay) => relay.stats().documentsQueued === 0)).toBe(true),
    );
    expect(new Set(delivered.map((event) => event.id)).size).toBe(80);
    expect(delivered).toHaveLength(80);
    expect(relays.map((relay) => relay.stats().relayed)).not.toContain(0);
  });

  it('when one document waits for its clean-up, then documents notified meanwhile are relayed by other workers', async () => {
    const { bus, delivered } = await busWithConsumer();
    const outbox = track(
      new Outbox({ connection, bus, logger, models: [Account], writeWaitMs: 30_000 }),
    );
    const slow = randomUUID();
    const slowEvent = bookmarkAdded({ userId: slow });
    await Account.create(documentWithEvents({ _id: slow }, [slowEvent]));
    // Another process writes the document: the relay publishes, then waits to clean it up.
    const lease = `${connection.name}.accounts/${slow}#write`;
    const leases = connection.collection<{ _id: string; owner: string; until: Date }>(
      DEFAULT_LEASE_COLLECTION,
    );
    await leases.insertOne({
      _id: lease,
      owner: 'a slow writer',
      until: new Date(Date.now() + 60_000),
    });
    outbox.start();
    outbox.notify(Account, slow);
    await vi.waitFor(() => expect(delivered.map((event) => event.id)).toContain(slowEvent.id));

    const others = Array.from({ length: 5 }, () => randomUUID());
    const otherEvents = others.map((id) => bookmarkAdded({ userId: id }));
    await Account.create(
      others.map((id, index) => documentWithEvents({ _id: id }, [otherEvents[index]!])),
    );
    for (const id of others) outbox.notify(Account, id);

    await vi.waitFor(
      () =>
        expect(delivered.map((event) => event.id)).toEqual(
          expect.arrayContaining(otherEvents.map((event) => event.id)),
        ),
      { timeout: 10_000 },
    );
    expect((await rawAccount(slow))?.[OUTBOX_FIELDS.entries]).toHaveLength(1);
    await leases.deleteOne({ _id: lease });
    await vi.waitFor(async () =>
      expect((await rawAccount(slow))?.[OUTBOX_FIELDS.entries]).toHaveLength(0),
    );
    expect(delivered).toHaveLength(6);
  });

  it('when 1,000 events are recorded while RabbitMQ is unreachable, then once it is reachable the relay resumes by itself and each has exactly one effect', async () => {
    proxy = new TcpProxy();
    await proxy.start();
    const { bus, consumer, delivered } = await busWithConsumer({ url: proxy.url });
    const outbox = accountRelay(bus);
    await proxy.stop();
    await vi.waitFor(() => expect(bus.connected).toBe(false));

    const accounts = Array.from({ length: 50 }, () => randomUUID());
    const tenEvents = (id: string) =>
      Array.from({ length: 10 }, () => bookmarkAdded({ userId: id }));
    await forEachLimited(accounts, 4, async (id) => {
      await outbox.insert(Account, { _id: id }, tenEvents(id));
      await outbox.update(Account, { _id: id }, { $inc: { changes: 1 } }, tenEvents(id));
    });
    expect(delivered).toHaveLength(0);
    expect(outbox.stats()).toMatchObject({ relayed: 0, documentsQueued: 50 });

    await proxy.start();

    await vi.waitFor(
      async () => {
        const [totals] = await Tally.aggregate<{ effects: number }>([
          { $group: { _id: null, effects: { $sum: '$count' } } },
        ]);
        expect(totals?.effects).toBe(1000);
      },
      // Exactly once is the point, not speed: FerretDB on a loaded 2-core machine took 46–58 s.
      { timeout: 120_000, interval: 1000 },
    );
    await vi.waitFor(() => expect(consumer.stats().handlersRunning).toBe(0));
    const tallies = await Tally.find()
      .select('+_processedEventIds')
      .lean<{ count: number; _processedEventIds?: string[] }[]>();
    const applied = tallies.flatMap((tally) => tally._processedEventIds ?? []);
    expect(tallies.reduce((sum, tally) => sum + tally.count, 0)).toBe(1000);
    expect(new Set(applied).size).toBe(applied.length);
    expect(new Set(delivered.map((event) => event.id)).size).toBe(1000);
    expect(outbox.stats().relayed).toBeGreaterThanOrEqual(1000);
    expect(
      await Account.collection.countDocuments({
        [`${OUTBOX_FIELDS.entries}.0`]: { $exists: true },
      }),
    ).toBe(0);
  }, 150_000);
});
