import { ConfigError, loadConfig } from '@b2g/service-kit';
import { describe, expect, it } from 'vitest';
import { configSchema } from './config.js';

const required = {
  MONGO_URL: 'mongodb://127.0.0.1:27017/user_activity',
  AMQP_URL: 'amqp://127.0.0.1:5672',
};

describe('configSchema', () => {
  it('when only the servers are given, then the port and the other services have their defaults', () => {
    expect(loadConfig(configSchema, required)).toMatchObject({
      PORT: 4003,
      AUTH_URL: 'http://127.0.0.1:4001',
      JOBS_URL: 'http://127.0.0.1:4002',
      JOBS_TIMEOUT_MS: 5000,
    });
  });

  it('when a service URL ends with a slash, then it is trimmed; when it is not http, then the variable is named', () => {
    expect(loadConfig(configSchema, { ...required, JOBS_URL: 'http://jobs:4002/' }).JOBS_URL).toBe(
      'http://jobs:4002',
    );
    expect(() => loadConfig(configSchema, { ...required, AUTH_URL: 'ftp://auth' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig(configSchema, { ...required, AUTH_URL: 'ftp://auth' })).toThrow(
      /AUTH_URL/,
    );
  });
});
