import { ConfigError, loadConfig } from '@b2g/service-kit';
import { describe, expect, it } from 'vitest';
import { configSchema } from './config.js';

describe('configuration', () => {
  it('when only the domain is given, then the defaults fill the rest and system resolvers are used', () => {
    expect(loadConfig(configSchema, { EMAIL_DOMAIN: ' Agency.Test. ' })).toEqual({
      PORT: 4004,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SHUTDOWN_TIMEOUT_MS: 10_000,
      EMAIL_DOMAIN: 'agency.test',
      DNS_TIMEOUT_MS: 2_000,
      DNS_TRIES: 2,
      DNS_CACHE_TTL_MS: 30_000,
    });
  });

  it('when DNS_SERVERS lists addresses with and without ports, then each is kept', () => {
    const config = loadConfig(configSchema, {
      EMAIL_DOMAIN: 'agency.test',
      DNS_SERVERS: '1.1.1.1, 127.0.0.1:5353,2606:4700::1111,[::1]:53',
    });
    expect(config.DNS_SERVERS).toEqual([
      '1.1.1.1',
      '127.0.0.1:5353',
      '2606:4700::1111',
      '[::1]:53',
    ]);
  });

  it('when a value is empty, then it counts as not given', () => {
    const config = loadConfig(configSchema, {
      EMAIL_DOMAIN: 'agency.test',
      DNS_SERVERS: '',
      EMAIL_DKIM_TARGET: ' ',
    });
    expect(config.DNS_SERVERS).toBeUndefined();
    expect(config.EMAIL_DKIM_TARGET).toBeUndefined();
  });

  it.each([
    [{}, 'EMAIL_DOMAIN'],
    [{ EMAIL_DOMAIN: 'not a domain' }, 'EMAIL_DOMAIN'],
    [{ EMAIL_DOMAIN: 'agency.test', DNS_SERVERS: 'dns.google' }, 'DNS_SERVERS'],
    [{ EMAIL_DOMAIN: 'agency.test', DNS_SERVERS: '1.1.1.1:70000' }, 'DNS_SERVERS'],
    [{ EMAIL_DOMAIN: 'agency.test', DNS_TIMEOUT_MS: '0' }, 'DNS_TIMEOUT_MS'],
    [{ EMAIL_DOMAIN: 'agency.test', DNS_CACHE_TTL_MS: 'soon' }, 'DNS_CACHE_TTL_MS'],
  ])('when the environment is %o, then the error names %s', (env, variable) => {
    expect(() => loadConfig(configSchema, env)).toThrow(ConfigError);
    expect(() => loadConfig(configSchema, env)).toThrow(
      new RegExp(`^Invalid configuration:\\n  ${variable}:`),
    );
  });
});
