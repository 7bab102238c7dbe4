import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import {
  DependencyUnavailableError,
  isDatabaseUnreachable,
  isDependencyDown,
  WriteLeaseTimeoutError,
} from './errors.js';

const { MongoNetworkError, MongoServerError } = mongoose.mongo;

describe('isDatabaseUnreachable', () => {
  it('when the driver lost the server, wrote on a connection the server had closed, mongoose gave up buffering, FerretDB is shutting down or a write lease stayed taken, then the database is unreachable', () => {
    expect(
      isDatabaseUnreachable(new MongoNetworkError('connection 5 to 127.0.0.1:27017 closed')),
    ).toBe(true);
    expect(
      isDatabaseUnreachable(
        Object.assign(new Error('This socket has been ended by the other party'), {
          code: 'EPIPE',
        }),
      ),
    ).toBe(true);
    expect(
      isDatabaseUnreachable(
        new mongoose.Error('Operation `things.findOne()` buffering timed out after 5000ms'),
      ),
    ).toBe(true);
    expect(
      isDatabaseUnreachable(
        new MongoServerError({
          message:
            '[msg_insert.go:168 handler.(*Handler).MsgInsert] [db.go:134 fsql.(*DB).InTransaction] context canceled',
          code: 1,
        }),
      ),
    ).toBe(true);
    expect(isDatabaseUnreachable(new WriteLeaseTimeoutError('db.things/1'))).toBe(true);
  });

  it('when the server refused the operation itself, then it is not', () => {
    expect(
      isDatabaseUnreachable(new MongoServerError({ message: 'E11000 duplicate key', code: 11000 })),
    ).toBe(false);
    expect(isDatabaseUnreachable(new mongoose.Error('Cast to ObjectId failed'))).toBe(false);
    expect(isDatabaseUnreachable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnreachable('boom')).toBe(false);
  });
});

describe('isDependencyDown', () => {
  it('when a declared dependency error or an unreachable database is the error or its cause, then the event waits', () => {
    expect(isDependencyDown(new DependencyUnavailableError('search down'))).toBe(true);
    expect(
      isDependencyDown(new Error('handler failed', { cause: new MongoNetworkError('closed') })),
    ).toBe(true);
    expect(isDependencyDown(new Error('bad event'))).toBe(false);
  });
});
