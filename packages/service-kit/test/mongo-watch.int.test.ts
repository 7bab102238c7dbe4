import { testMongoUrl } from '@b2g/infra/test-env';
import mongoose from 'mongoose';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../src/logger.js';
import { watchMongo } from '../src/mongo.js';

const logger = createLogger({ name: 'mongo-watch-test', level: 'silent' });
const fast = { logger, stuckAfterMs: 300, checkEveryMs: 100 };
const { connected, disconnected } = mongoose.ConnectionStates;

describe('watchMongo', () => {
  it('when the connection stays down while the server answers a fresh client (a driver that did not reconnect after a restart), then onStuck runs once', async () => {
    const onStuck = vi.fn();
    const stop = watchMongo({ readyState: disconnected }, testMongoUrl(), { ...fast, onStuck });
    try {
      await vi.waitFor(() => expect(onStuck).toHaveBeenCalledTimes(1), { timeout: 10_000 });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(onStuck).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
  });

  it('when the server itself is down, or the connection is up, then onStuck never runs', async () => {
    const onStuck = vi.fn();
    const stops = [
      watchMongo({ readyState: disconnected }, 'mongodb://127.0.0.1:1/', { ...fast, onStuck }),
      watchMongo({ readyState: connected }, testMongoUrl(), { ...fast, onStuck }),
    ];
    try {
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      expect(onStuck).not.toHaveBeenCalled();
    } finally {
      for (const stop of stops) stop();
    }
  });
});
