import { ConfigError, loadConfig } from '@b2g/service-kit';
import { describe, expect, it } from 'vitest';
import { configSchema } from './config.js';

const required = {
  MONGO_URL: 'mongodb://127.0.0.1:27017/jobs',
  AMQP_URL: 'amqp://127.0.0.1:5672',
  OPENSEARCH_URL: 'http://127.0.0.1:9200',
};
const load = (env: Record<string, string>) => loadConfig(configSchema, { ...required, ...env });

describe('jobs configuration', () => {
  it('when nothing is set, then the defaults serve a local run', () => {
    const config = load({});
    expect(config).toMatchObject({
      PORT: 4002,
      AUTH_URL: 'http://127.0.0.1:4001',
      ANALYTICS_URL: 'http://127.0.0.1:4005',
      SEED_DEMO_DATA: true,
      EXTRACT_ALLOWED_HOSTS: [],
      TRUST_PROXY: 'loopback',
      OPENSEARCH_INDEX: 'b2g-jobs',
      OPENSEARCH_REPLICAS: 0,
    });
    expect(config.PUBLIC_URL).toBeUndefined();
  });

  it('when nothing is set, then each limit has its budget and window', () => {
    expect(load({})).toMatchObject({
      JOB_POST_RATE_LIMIT: 10,
      JOB_POST_RATE_WINDOW_MS: 15 * 60_000,
      EXTRACT_RATE_LIMIT: 20,
      EXTRACT_RATE_WINDOW_MS: 60_000,
    });
  });

  it('when nothing is set, then the freshness checker runs hourly, politely', () => {
    expect(load({})).toMatchObject({
      FRESHNESS_CHECK_INTERVAL_MS: 60 * 60_000,
      FRESHNESS_BATCH_SIZE: 500,
      FRESHNESS_HOST_DELAY_MS: 2_000,
      FRESHNESS_HOST_CONCURRENCY: 4,
    });
  });

  it('when nothing is set, then a public posting stays 60 days and its poster is reminded 3 days before', () => {
    expect(load({})).toMatchObject({ PUBLIC_POSTING_TTL_DAYS: 60, EXPIRY_REMINDER_DAYS: 3 });
  });

  it('when ANALYTICS_URL is set, then statistics are read there; a URL of another scheme is refused', () => {
    expect(load({ ANALYTICS_URL: 'http://analytics:4005' }).ANALYTICS_URL).toBe(
      'http://analytics:4005',
    );
    expect(() => load({ ANALYTICS_URL: 'ftp://analytics' })).toThrow(/ANALYTICS_URL/);
  });

  it('when a required server is not set, then the configuration is refused naming it', () => {
    expect(() => loadConfig(configSchema, { ...required, OPENSEARCH_URL: undefined })).toThrow(
      /OPENSEARCH_URL/,
    );
    expect(() => load({ MONGO_URL: 'http://db' })).toThrow(/MONGO_URL: must be a mongodb:\/\/ URL/);
  });

  it('when a setting is set within its bounds, then it is read as a number', () => {
    expect(
      load({
        JOB_POST_RATE_LIMIT: '3',
        JOB_POST_RATE_WINDOW_MS: '1000',
        EXTRACT_RATE_LIMIT: '10000',
        EXTRACT_RATE_WINDOW_MS: '86400000',
        FRESHNESS_CHECK_INTERVAL_MS: '0',
        FRESHNESS_BATCH_SIZE: '1',
        FRESHNESS_HOST_DELAY_MS: '0',
        FRESHNESS_HOST_CONCURRENCY: '32',
        OPENSEARCH_REPLICAS: '5',
      }),
    ).toMatchObject({
      JOB_POST_RATE_LIMIT: 3,
      JOB_POST_RATE_WINDOW_MS: 1_000,
      EXTRACT_RATE_LIMIT: 10_000,
      EXTRACT_RATE_WINDOW_MS: 86_400_000,
      FRESHNESS_CHECK_INTERVAL_MS: 0,
      FRESHNESS_BATCH_SIZE: 1,
      FRESHNESS_HOST_DELAY_MS: 0,
      FRESHNESS_HOST_CONCURRENCY: 32,
      OPENSEARCH_REPLICAS: 5,
    });
  });

  it.each([
    ['JOB_POST_RATE_LIMIT', '0', 'must be at least 1'],
    ['JOB_POST_RATE_LIMIT', '10001', 'must be at most 10000'],
    ['JOB_POST_RATE_WINDOW_MS', '999', 'must be at least 1000'],
    ['JOB_POST_RATE_WINDOW_MS', '86400001', 'must be at most 86400000'],
    ['EXTRACT_RATE_LIMIT', '0', 'must be at least 1'],
    ['EXTRACT_RATE_LIMIT', '2.5', 'must be a whole number'],
    ['EXTRACT_RATE_WINDOW_MS', 'a minute', 'must be a number'],
    ['EXTRACT_RATE_WINDOW_MS', '86400001', 'must be at most 86400000'],
    ['FRESHNESS_CHECK_INTERVAL_MS', '-1', 'must be at least 0'],
    ['FRESHNESS_CHECK_INTERVAL_MS', '500', 'must be 0 (off) or at least 1000'],
    ['FRESHNESS_CHECK_INTERVAL_MS', '86400001', 'must be at most 86400000'],
    ['FRESHNESS_BATCH_SIZE', '0', 'must be at least 1'],
    ['FRESHNESS_BATCH_SIZE', '10001', 'must be at most 10000'],
    ['FRESHNESS_HOST_DELAY_MS', '-1', 'must be at least 0'],
    ['FRESHNESS_HOST_DELAY_MS', '60001', 'must be at most 60000'],
    ['FRESHNESS_HOST_CONCURRENCY', '0', 'must be at least 1'],
    ['FRESHNESS_HOST_CONCURRENCY', '33', 'must be at most 32'],
    ['OPENSEARCH_REPLICAS', '6', 'must be at most 5'],
    ['PUBLIC_POSTING_TTL_DAYS', '6', 'must be at least 7'],
    ['PUBLIC_POSTING_TTL_DAYS', '366', 'must be at most 365'],
    ['EXPIRY_REMINDER_DAYS', '0', 'must be at least 1'],
    ['EXPIRY_REMINDER_DAYS', '7', 'must be at most 6'],
  ])('when %s is %s, then the configuration is refused: %s', (variable, value, message) => {
    const attempt = () => load({ [variable]: value });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(`${variable}: ${message}`);
  });

  it('when POSTING_REVIEW is unset, then risky posts wait; all and none are read; another value is refused', () => {
    expect(load({}).POSTING_REVIEW).toBe('risky');
    expect(load({ POSTING_REVIEW: 'all' }).POSTING_REVIEW).toBe('all');
    expect(load({ POSTING_REVIEW: 'none' }).POSTING_REVIEW).toBe('none');
    expect(() => load({ POSTING_REVIEW: 'some' })).toThrow(
      'POSTING_REVIEW: must be risky, all or none',
    );
  });

  it('when POST_CHALLENGE_KEY is set, then it is read; a short one is refused', () => {
    expect(load({}).POST_CHALLENGE_KEY).toBeUndefined();
    expect(load({ POST_CHALLENGE_KEY: 'k'.repeat(32) }).POST_CHALLENGE_KEY).toBe('k'.repeat(32));
    expect(() => load({ POST_CHALLENGE_KEY: 'short' })).toThrow(
      'POST_CHALLENGE_KEY: must be at least 32 characters',
    );
  });

  it('when EXTRACT_ALLOWED_HOSTS lists host:port pairs, then they are read trimmed and lowercased', () => {
    expect(
      load({ EXTRACT_ALLOWED_HOSTS: ' Fixture.Local:8081 , [::1]:9000,' }).EXTRACT_ALLOWED_HOSTS,
    ).toEqual(['fixture.local:8081', '[::1]:9000']);
    expect(() => load({ EXTRACT_ALLOWED_HOSTS: 'fixture.local' })).toThrow(
      'EXTRACT_ALLOWED_HOSTS: must be comma-separated host:port pairs',
    );
  });

  it('when SEED_DEMO_DATA, TRUST_PROXY, PUBLIC_URL or OPENSEARCH_INDEX is set, then it is read or refused with its rule', () => {
    expect(load({ SEED_DEMO_DATA: 'false' }).SEED_DEMO_DATA).toBe(false);
    expect(() => load({ SEED_DEMO_DATA: 'no' })).toThrow('SEED_DEMO_DATA: must be true or false');
    expect(load({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(load({ PUBLIC_URL: 'https://jobs.example.gov/' }).PUBLIC_URL).toBe(
      'https://jobs.example.gov',
    );
    expect(() => load({ PUBLIC_URL: 'ftp://jobs.example.gov' })).toThrow(/PUBLIC_URL/);
    expect(() => load({ OPENSEARCH_INDEX: 'Jobs' })).toThrow(
      'OPENSEARCH_INDEX: must be a lowercase index name',
    );
  });
});
