import { randomUUID } from 'node:crypto';
import { testMongoUrl } from '@b2g/infra/test-env';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyOnce, idempotent, ProcessedEvents, processedEventsPlugin } from '../src/index.js';
import { bookmarkAdded } from './support.js';

const connection = mongoose.createConnection(testMongoUrl('eventbus_idempotency'));
const counterSchema = new mongoose.Schema({ _id: String, count: { type: Number, default: 0 } });
counterSchema.plugin(processedEventsPlugin);
const Counter = connection.model('Counter', counterSchema);
const ctx = { redelivered: false, attempt: 1 };

beforeAll(async () => {
  await connection.asPromise();
});

afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

describe('applyOnce', () => {
  it('when the same event is applied twice, then the document changes once and the second call says so', async () => {
    const id = randomUUID();
    await Counter.create({ _id: id });
    const event = bookmarkAdded();

    const first = await applyOnce(Counter, { _id: id }, event, { $inc: { count: 1 } });
    const second = await applyOnce(Counter, { _id: id }, event, { $inc: { count: 1 } });
    const other = await applyOnce(Counter, { _id: id }, bookmarkAdded(), { $inc: { count: 1 } });

    expect([first, second, other]).toEqual([true, false, true]);
    expect((await Counter.findById(id).lean())?.count).toBe(2);
  });

  it('when upserting, then the first event creates the document and a repeat of it changes nothing', async () => {
    const id = randomUUID();
    const event = bookmarkAdded();

    const applied = [
      await applyOnce(Counter, { _id: id }, event, { $inc: { count: 1 } }, { upsert: true }),
      await applyOnce(Counter, { _id: id }, event, { $inc: { count: 1 } }, { upsert: true }),
    ];

    expect(applied).toEqual([true, false]);
    expect((await Counter.findById(id).lean())?.count).toBe(1);
  });

  it('when no document matches and upsert is off, then nothing is applied', async () => {
    expect(
      await applyOnce(Counter, { _id: randomUUID() }, bookmarkAdded(), { $inc: { count: 1 } }),
    ).toBe(false);
  });
});

describe('idempotent with ProcessedEvents', () => {
  it('when a wrapped handler gets the same event twice, then it runs once and the event is recorded for that consumer only', async () => {
    const store = new ProcessedEvents(connection);
    const handler = vi.fn(async () => undefined);
    const wrapped = idempotent(store, 'activity-feed', handler);
    const event = bookmarkAdded();

    await wrapped(event, ctx);
    await wrapped(event, { redelivered: true, attempt: 1 });

    expect(handler).toHaveBeenCalledTimes(1);
    expect(await store.has('activity-feed', event.id)).toBe(true);
    expect(await store.has('bookmark-counts', event.id)).toBe(false);
  });

  it('when a wrapped handler fails, then nothing is recorded and the next delivery runs it again', async () => {
    const store = new ProcessedEvents(connection);
    const handler = vi
      .fn()
      .mockRejectedValueOnce(new Error('database busy'))
      .mockResolvedValue(undefined);
    const wrapped = idempotent(store, 'search-index', handler);
    const event = bookmarkAdded();

    await expect(wrapped(event, ctx)).rejects.toThrow('database busy');
    await wrapped(event, { redelivered: false, attempt: 2 });

    expect(handler).toHaveBeenCalledTimes(2);
    expect(await store.record('search-index', event)).toBe(false);
  });
});
