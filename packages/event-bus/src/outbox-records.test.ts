import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { createEvent, EventValidationError } from './events.js';
import {
  deleteWithEvents,
  documentWithEvents,
  OUTBOX_FIELDS,
  outboxPlugin,
  withEvents,
} from './outbox-records.js';

const event = () =>
  createEvent(
    'user.deleted',
    { userId: randomUUID(), deletedAt: new Date().toISOString() },
    { source: 'auth' },
  );

describe('outbox helpers', () => {
  it('when events are added to an update, then they are pushed as validated JSON entries beside the change', () => {
    const recorded = event();

    const update = withEvents({ $set: { name: 'Ada' } }, [recorded]);

    expect(update).toEqual({
      $set: { name: 'Ada' },
      $push: {
        [OUTBOX_FIELDS.entries]: {
          $each: [
            {
              id: recorded.id,
              type: 'user.deleted',
              payload: JSON.stringify(recorded),
              createdAt: expect.any(Date),
            },
          ],
        },
      },
    });
  });

  it('when events are added to a new document, then it carries them as its outbox', () => {
    const recorded = event();

    const document = documentWithEvents({ _id: 'a', name: 'Ada' }, [recorded]);

    expect(document).toMatchObject({
      _id: 'a',
      name: 'Ada',
      [OUTBOX_FIELDS.entries]: [{ id: recorded.id }],
    });
  });

  it('when a delete carries events, then the update marks the document deleted and records them', () => {
    const recorded = event();

    expect(deleteWithEvents([recorded])).toMatchObject({
      $set: { [OUTBOX_FIELDS.deleted]: true },
      $push: { [OUTBOX_FIELDS.entries]: { $each: [{ id: recorded.id }] } },
    });
  });

  it('when an event breaks its contract, then nothing is recorded', () => {
    const broken = { ...event(), source: '' };

    expect(() => withEvents({ $set: { name: 'Ada' } }, [broken])).toThrow(EventValidationError);
  });
});

describe('outboxPlugin', () => {
  it('when added, then the schema gains the hidden outbox field, and the deleted mark only with hard deletes', () => {
    const plain = new mongoose.Schema({ name: String });
    const deletable = new mongoose.Schema({ name: String });

    plain.plugin(outboxPlugin);
    deletable.plugin(outboxPlugin, { hardDeletes: true });

    expect(plain.path(OUTBOX_FIELDS.entries)?.options.select).toBe(false);
    expect(plain.path(OUTBOX_FIELDS.deleted)).toBeUndefined();
    expect(deletable.path(OUTBOX_FIELDS.deleted)?.options.select).toBe(false);
  });
});
