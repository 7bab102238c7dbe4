import { ConfigError, loadConfig } from '@b2g/service-kit';
import { describe, expect, it } from 'vitest';
import { configSchema } from './config.js';

const required = {
  MONGO_URL: 'mongodb://127.0.0.1:27017/analytics',
  AMQP_URL: 'amqp://127.0.0.1:5672',
};

describe('configSchema', () => {
  it('when only the servers are given, then the port, the flush interval and the limit have their defaults', () => {
    expect(loadConfig(configSchema, required)).toMatchObject({
      PORT: 4005,
      AUTH_URL: 'http://127.0.0.1:4001',
      FLUSH_INTERVAL_MS: 5_000,
      EVENTS_RATE_LIMIT: 120,
      EVENTS_RATE_WINDOW_MS: 60_000,
    });
  });

  it('when the flush interval is over 10 s, then the start stops naming it: a crash may lose at most 10 s', () => {
    expect(() => loadConfig(configSchema, { ...required, FLUSH_INTERVAL_MS: '10001' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig(configSchema, { ...required, FLUSH_INTERVAL_MS: '10001' })).toThrow(
      /FLUSH_INTERVAL_MS/,
    );
  });
});
