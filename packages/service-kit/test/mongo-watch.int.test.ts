import { testMongoUrl } from '@b2g/infra/test-env';
import mongoose from 'mongoose';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../src/logger.js';
import { watchMongo } from '../src/mongo.js';

const logger = createLogger({ name: 'mongo-watch-test', level: 'silent' });
const fast = { logger, stuckAfterMs: 300, checkEveryMs: 100 };
const { connected, disconnected } = mongoose.ConnectionStates;

/** A connection in a fixed state that counts how often the watcher looks at it (once or more a check). */
function watchedConnection(readyState: number) {
  const seen = { looks: 0 };
  return {
    seen,
    connection: {
      get readyState() {
        seen.looks += 1;
        return readyState;
      },
    },
  };
}

/** Waits until the watcher of `seen` has looked `looks` more times (at least that many checks). */
async function checksPassed(seen: { looks: number }, looks: number) {
  const from = seen.looks;
  await vi.waitFor(() => expect(seen.looks - from).toBeGreaterThanOrEqual(looks), {
    timeout: 10_000,
  });
}

describe('watchMongo', () => {
  it('when the connection stays down while the server answers a fresh client (a driver that did not reconnect after a restart), then onStuck runs once', async () => {
    const onStuck = vi.fn();
    const stuck = watchedConnection(disconnected);
    const control = watchedConnection(connected);
    const stops = [
      watchMongo(stuck.connection, testMongoUrl(), { ...fast, onStuck }),
      watchMongo(control.connection, testMongoUrl(), { ...fast, onStuck: vi.fn() }),
    ];
    try {
      await vi.waitFor(() => expect(onStuck).toHaveBeenCalledTimes(1), { timeout: 10_000 });
      const looksAtStuck = stuck.seen.looks;
      // The control watcher, on the same interval, shows several checks' time has passed.
      await checksPassed(control.seen, 10);
      expect(stuck.seen.looks).toBe(looksAtStuck);
      expect(onStuck).toHaveBeenCalledTimes(1);
    } finally {
      for (const stop of stops) stop();
    }
  });

  it('when the server itself is down, or the connection is up, then onStuck never runs', async () => {
    const onStuck = vi.fn();
    const down = watchedConnection(disconnected);
    const up = watchedConnection(connected);
    const stops = [
      watchMongo(down.connection, 'mongodb://127.0.0.1:1/', { ...fast, onStuck }),
      watchMongo(up.connection, testMongoUrl(), { ...fast, onStuck }),
    ];
    try {
      // Two or three looks a check of 100 ms: at least seven checks, past stuckAfterMs (300 ms).
      await Promise.all([checksPassed(down.seen, 20), checksPassed(up.seen, 20)]);
      expect(onStuck).not.toHaveBeenCalled();
    } finally {
      for (const stop of stops) stop();
    }
  });
});
