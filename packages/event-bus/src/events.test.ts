import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createEvent, EventValidationError, validateEvent } from './events.js';

const data = { userId: randomUUID(), deletedAt: '2026-01-02T03:04:05.000Z' };

describe('createEvent', () => {
  it('when given valid data, then it returns a version-1 envelope with a new uuid and the time it happened', () => {
    const occurredAt = new Date('2026-01-02T03:04:05.000Z');

    const event = createEvent('user.deleted', data, {
      source: 'auth',
      correlationId: 'req-1',
      occurredAt,
    });

    expect(event).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'user.deleted',
      version: 1,
      occurredAt: '2026-01-02T03:04:05.000Z',
      source: 'auth',
      correlationId: 'req-1',
      data,
    });
    expect(createEvent('user.deleted', data, { source: 'auth' }).id).not.toBe(event.id);
  });

  it('when no correlation id is given, then the event starts its own chain', () => {
    const event = createEvent('user.deleted', data, { source: 'auth' });

    expect(event.correlationId).toBe(event.id);
  });

  it('when the data breaks its contract, then it throws an EventValidationError naming the field', () => {
    const bad = { ...data, userId: 'not-a-uuid' };

    expect(() => createEvent('user.deleted', bad, { source: 'auth' })).toThrow(
      EventValidationError,
    );
    expect(() => createEvent('user.deleted', bad, { source: 'auth' })).toThrow(/data\.userId/);
  });
});

describe('validateEvent', () => {
  it('when the type is unknown, then it throws', () => {
    const event = {
      ...createEvent('user.deleted', data, { source: 'auth' }),
      type: 'user.exploded',
    };

    expect(() => validateEvent(event)).toThrow(EventValidationError);
  });
});
