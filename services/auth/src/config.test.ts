import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '@b2g/service-kit';
import { describe, expect, it } from 'vitest';
import { OWASP_ARGON2, authConfigSchema } from './config.js';

const required = { MONGO_URL: 'mongodb://127.0.0.1:27017/auth', AMQP_URL: 'amqp://127.0.0.1:5672' };
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

describe('auth configuration', () => {
  it('when nothing is set, then passwords are hashed with the OWASP argon2id parameters, 4 at a time', () => {
    const config = loadConfig(authConfigSchema, required);
    expect(OWASP_ARGON2).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    expect({
      memoryCost: config.ARGON2_MEMORY_KIB,
      timeCost: config.ARGON2_TIME_COST,
      parallelism: config.ARGON2_PARALLELISM,
    }).toEqual(OWASP_ARGON2);
    expect(config.HASH_CONCURRENCY).toBe(4);
  });

  it('when nothing is set, then the defaults serve a local run', () => {
    const config = loadConfig(authConfigSchema, required);
    expect(config.PORT).toBe(4001);
    expect(config.PUBLIC_BASE_URL).toBe('http://localhost:8080');
    expect(config.DATA_DIR).toBe(join(repoRoot, '.data'));
    expect(config.MAIL_DIR).toBe(join(repoRoot, '.data', 'mail'));
    expect(config.ADMIN_PASSWORD).toBeUndefined();
    expect(config.ADMIN_SESSION_TTL_MS).toBe(2 * 60 * 60 * 1000);
    expect(config.TRUST_PROXY).toBe('loopback');
  });

  it('when nothing is set, then each sign-in limit has its default and the device key comes from the signing key', () => {
    const config = loadConfig(authConfigSchema, required);
    expect({
      window: config.LOGIN_RATE_WINDOW_MS,
      perIp: config.LOGIN_RATE_LIMIT_PER_IP,
      perAccount: config.LOGIN_RATE_LIMIT_PER_ACCOUNT,
      unknownDevices: config.LOGIN_RATE_LIMIT_PER_ACCOUNT_UNKNOWN_DEVICES,
      perDevice: config.LOGIN_RATE_LIMIT_PER_DEVICE,
    }).toEqual({
      window: 15 * 60_000,
      perIp: 50,
      perAccount: 10,
      unknownDevices: 5,
      perDevice: 10,
    });
    expect(config.DEVICE_COOKIE_SECRET).toBeUndefined();
  });

  it('when DEVICE_COOKIE_SECRET is shorter than 32 characters, then the start stops naming it', () => {
    expect(() =>
      loadConfig(authConfigSchema, { ...required, DEVICE_COOKIE_SECRET: 'short' }),
    ).toThrow(/DEVICE_COOKIE_SECRET/);
  });

  it('when ADMIN_PASSWORD is blank, then admin access counts as not configured', () => {
    expect(
      loadConfig(authConfigSchema, { ...required, ADMIN_PASSWORD: '  ' }).ADMIN_PASSWORD,
    ).toBeUndefined();
  });

  it('when DATA_DIR is set, then the mail folder follows it unless MAIL_DIR is set', () => {
    expect(loadConfig(authConfigSchema, { ...required, DATA_DIR: '/srv/auth' }).MAIL_DIR).toBe(
      '/srv/auth/mail',
    );
    expect(loadConfig(authConfigSchema, { ...required, MAIL_DIR: '/tmp/mail' }).MAIL_DIR).toBe(
      '/tmp/mail',
    );
  });

  it('when TRUST_PROXY is a number, then it is a hop count', () => {
    expect(loadConfig(authConfigSchema, { ...required, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
  });

  it('when production has no signing key, then the configuration is refused naming the variable', () => {
    expect(() => loadConfig(authConfigSchema, { ...required, NODE_ENV: 'production' })).toThrow(
      /AUTH_PRIVATE_KEY_FILE: required in production/,
    );
  });

  it('when production asks for weaker hashing than OWASP, then the configuration is refused', () => {
    const attempt = () =>
      loadConfig(authConfigSchema, {
        ...required,
        NODE_ENV: 'production',
        AUTH_PRIVATE_KEY_FILE: '/run/secrets/auth-key.pem',
        ARGON2_MEMORY_KIB: '1024',
        ARGON2_TIME_COST: '1',
      });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/ARGON2_MEMORY_KIB: must be at least 19456/);
    expect(attempt).toThrow(/ARGON2_TIME_COST: must be at least 2/);
  });

  it('when SMTP_URL is not an smtp URL, then the configuration is refused', () => {
    expect(() => loadConfig(authConfigSchema, { ...required, SMTP_URL: 'http://mail' })).toThrow(
      /SMTP_URL/,
    );
  });

  it('when production starts with a weak ADMIN_PASSWORD, then it refuses to start and says why', () => {
    const production = {
      ...required,
      NODE_ENV: 'production',
      AUTH_PRIVATE_KEY_FILE: '/run/secrets/auth-key.pem',
    };
    for (const weak of ['admin', 'password1234', 'aaaaaaaaaaaaaaaaaaaa', 'Admin123!']) {
      expect(() => loadConfig(authConfigSchema, { ...production, ADMIN_PASSWORD: weak })).toThrow(
        /ADMIN_PASSWORD: too weak for production/,
      );
    }
    expect(
      loadConfig(authConfigSchema, { ...production, ADMIN_PASSWORD: 'kettle-Orbit-9-lantern' })
        .ADMIN_PASSWORD,
    ).toBe('kettle-Orbit-9-lantern');
    expect(loadConfig(authConfigSchema, { ...production }).ADMIN_PASSWORD).toBeUndefined();
    expect(
      loadConfig(authConfigSchema, { ...required, ADMIN_PASSWORD: 'admin' }).ADMIN_PASSWORD,
    ).toBe('admin');
  });
});
