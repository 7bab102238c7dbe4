import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('when nothing is set, then the documented defaults apply', () => {
    const config = loadConfig({});

    expect(config.port).toBe(8080);
    expect(config.upstreams.auth.map(String)).toEqual(['http://127.0.0.1:4001/']);
    expect(config.upstreams.jobs.map(String)).toEqual(['http://127.0.0.1:4002/']);
    expect(config.upstreams['user-activity'].map(String)).toEqual(['http://127.0.0.1:4003/']);
    expect(config.upstreams.dns.map(String)).toEqual(['http://127.0.0.1:4004/']);
    expect(config.upstreamTimeoutMs).toBe(10_000);
    expect(config.extractFromUrlTimeoutMs).toBe(30_000);
    expect(config.shellDir).toMatch(/frontends\/shell\/dist$/);
    expect(config.remotes.admin).toEqual({
      location: { kind: 'dir', dir: expect.stringMatching(/frontends\/admin\/dist$/) },
      manifestUrl: '/mfe/admin/mf-manifest.json',
    });
    expect(config.corsOrigins).toEqual([]);
    expect(config.trustProxy).toBe(false);
    expect(config.analyticsScriptUrl).toBeUndefined();
    expect(config.mongoUrl).toBeUndefined();
  });

  it('when MONGO_URL is set, then the shared limits use it; a URL of another scheme is refused', () => {
    expect(loadConfig({ MONGO_URL: 'mongodb://mongo:27017/b2g_gateway' }).mongoUrl).toBe(
      'mongodb://mongo:27017/b2g_gateway',
    );
    expect(configError({ MONGO_URL: 'http://mongo:27017/b2g_gateway' })).toContain(
      'MONGO_URL: must be a mongodb:// URL',
    );
  });

  it('when a variable is empty, then it counts as unset', () => {
    expect(loadConfig({ PORT: '', ANALYTICS_SCRIPT_URL: '' })).toMatchObject({
      port: 8080,
      analyticsScriptUrl: undefined,
    });
  });

  it('when the site settings are set, then /config.json gets them, and only them', () => {
    expect(loadConfig({}).site).toEqual({});
    expect(
      loadConfig({
        ANALYTICS_SCRIPT_URL: 'https://plausible.example/js/script.manual.js',
        ANALYTICS_DOMAIN: 'jobs.example.gov',
        SISTER_SITES: 'GovCon Weekly=https://govcon.example, SLED Sales=https://sled.example/',
        CONTACT_EMAIL: 'hello@jobs.example.gov',
        EMAIL_DOMAIN: 'Jobs.Example.gov',
      }).site,
    ).toEqual({
      analyticsScriptUrl: 'https://plausible.example/js/script.manual.js',
      analyticsDomain: 'jobs.example.gov',
      sisterSites: [
        { label: 'GovCon Weekly', href: 'https://govcon.example' },
        { label: 'SLED Sales', href: 'https://sled.example/' },
      ],
      contactEmail: 'hello@jobs.example.gov',
      emailDomain: 'jobs.example.gov',
    });
  });

  it('when a site setting is malformed, then the error names it', () => {
    const message = configError({
      SISTER_SITES: 'GovCon Weekly',
      CONTACT_EMAIL: 'not-an-address',
      EMAIL_DOMAIN: 'not a domain',
    });
    expect(message).toContain('SISTER_SITES: must be a comma-separated list of Label=https://url');
    expect(message).toContain('CONTACT_EMAIL: must be an e-mail address');
    expect(message).toContain('EMAIL_DOMAIN: must be a domain name such as example.com');
  });

  it('when values are set, then they are used', () => {
    const config = loadConfig({
      JOBS_URL: 'http://jobs:4002',
      MFE_PUBLIC_URL: 'http://localhost:3001',
      MFE_PUBLIC_MANIFEST: 'https://cdn.example.gov/public/mf-manifest.json',
      CORS_ORIGINS: 'https://a.example.gov, http://localhost:3000',
      TRUST_PROXY: '1',
      RATE_LIMIT_MAX: '5',
    });

    expect(config.upstreams.jobs.map((url) => url.host)).toEqual(['jobs:4002']);
    expect(config.remotes.public).toEqual({
      location: { kind: 'url', url: new URL('http://localhost:3001') },
      manifestUrl: 'https://cdn.example.gov/public/mf-manifest.json',
    });
    expect(config.corsOrigins).toEqual(['https://a.example.gov', 'http://localhost:3000']);
    expect(config.trustProxy).toBe(1);
    expect(config.rateLimit.max).toBe(5);
  });

  it('when a service variable lists several URLs, then each is an instance of that service', () => {
    const config = loadConfig({ JOBS_URL: 'http://jobs-a:4002, http://jobs-b:4002' });

    expect(config.upstreams.jobs.map(String)).toEqual([
      'http://jobs-a:4002/',
      'http://jobs-b:4002/',
    ]);
  });

  it('when a list of instances has a bad entry, then the error names the variable and the entry', () => {
    expect(configError({ JOBS_URL: 'http://jobs-a:4002,jobs-b:4002' })).toContain(
      'JOBS_URL: "jobs-b:4002" is not an http:// or https:// URL',
    );
    expect(configError({ AUTH_URL: 'http://auth-a:4001,' })).toContain(
      'AUTH_URL: "" is not an http:// or https:// URL',
    );
    expect(configError({ DNS_URL: 'http://dns-a:4004/v1,https://dns-b:4004/v1' })).toContain(
      'DNS_URL: the URLs of one service must differ only in host and port',
    );
    expect(configError({ USER_ACTIVITY_URL: 'http://ua:4003,http://ua:4003/' })).toContain(
      'USER_ACTIVITY_URL: ua:4003 is listed twice',
    );
  });

  it('when TRUST_PROXY lists addresses, then they are trusted', () => {
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
    ]);
  });

  it('when values are bad, then the error names every bad variable and why', () => {
    const message = configError({
      AUTH_URL: 'auth:4001',
      PORT: '80a',
      UPSTREAM_TIMEOUT_MS: '0',
      CORS_ORIGINS: 'https://a.example.gov/path',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'loud',
      MFE_PUBLIC_MANIFEST: 'mfe/public/mf-manifest.json',
    });

    expect(message).toContain('AUTH_URL: "auth:4001" is not an http:// or https:// URL');
    expect(message).toContain('PORT: must be a port number');
    expect(message).toContain('UPSTREAM_TIMEOUT_MS: must be at least 1');
    expect(message).toContain('CORS_ORIGINS: "https://a.example.gov/path" is not an origin');
    expect(message).toContain('TRUST_PROXY: must not be "true"');
    expect(message).toContain('LOG_LEVEL');
    expect(message).toContain('MFE_PUBLIC_MANIFEST: must be a path starting with /');
  });

  it('when a remote has both a folder and a URL, then the configuration is refused', () => {
    expect(
      configError({ MFE_ADMIN_DIR: '/srv/admin', MFE_ADMIN_URL: 'http://localhost:3003' }),
    ).toContain('set either MFE_ADMIN_DIR or MFE_ADMIN_URL, not both');
  });
});
