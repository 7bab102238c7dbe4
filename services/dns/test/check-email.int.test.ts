import { MX_RECORDS, SPF_VALUE, type DnsCheckResponse } from '@b2g/contracts';
import { createLogger, loadConfig } from '@b2g/service-kit';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { configSchema } from '../src/config.js';
import { createDnsInstance } from '../src/instance.js';
import {
  closedPort,
  startDnsServer,
  startSilentServer,
  wizardZone,
  type ZoneRecord,
} from './dns-server.js';

const DOMAIN = 'acme-gov.test';
const PROVIDER = {
  EMAIL_VERIFICATION_TOKEN: 'google5f3a9c1e',
  EMAIL_VERIFICATION_TARGET: 'gv-5f3a9c1e7b2d.dv.googlehosted.com',
  EMAIL_DKIM_TARGET: 'dkim-acme-gov.googlehosted.com',
};
const TIMEOUT_MS = 200;
const logger = createLogger({ name: 'dns-test', level: 'silent' });

/** The wizard's records for DOMAIN, as a zone that publishes every one of them. */
const fullZone: ZoneRecord[] = wizardZone(DOMAIN, {
  verificationToken: PROVIDER.EMAIL_VERIFICATION_TOKEN,
  verificationTarget: PROVIDER.EMAIL_VERIFICATION_TARGET,
  dkimTarget: PROVIDER.EMAIL_DKIM_TARGET,
});
const allMx = MX_RECORDS.map((r) => `${r.priority} ${r.value.toLowerCase()}`);

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((close) => close()));
});

async function serveZone(zone: readonly ZoneRecord[], options?: { rcode?: number }) {
  const server = await startDnsServer(zone, options);
  cleanups.push(server.close);
  return server;
}

function appAsking(dnsServers: string, env: Record<string, string> = {}) {
  const config = loadConfig(configSchema, {
    EMAIL_DOMAIN: DOMAIN,
    ...PROVIDER,
    DNS_SERVERS: dnsServers,
    DNS_TIMEOUT_MS: String(TIMEOUT_MS),
    DNS_TRIES: '1',
    ...env,
  });
  return createDnsInstance({ config, logger }).app;
}

async function checkEmail(app: ReturnType<typeof appAsking>) {
  const res = await request(app).get('/api/dns/check-email');
  expect(res.status).toBe(200);
  return res.body as DnsCheckResponse;
}

describe('GET /api/dns/check-email', () => {
  it('when the zone publishes every wizard record, then every step is done and 5 MX are listed', async () => {
    const dns = await serveZone(fullZone);
    expect(await checkEmail(appAsking(dns.address))).toEqual({
      verification: true,
      mx: allMx,
      spf: true,
      dkim: true,
      dmarc: true,
    });
  });

  it('when the zone is partly set up, then only the steps it completes are done', async () => {
    const partial = fullZone
      .filter((r) => !(r.type === 'MX' && r.priority === 10))
      .filter((r) => r.name !== `google._domainkey.${DOMAIN}`)
      .map((r) => {
        if (r.value === SPF_VALUE) return { ...r, value: SPF_VALUE.replace(' ~all', '') };
        // Case differs from the wizard's spelling: still the same name.
        if (r.type === 'CNAME') return { ...r, value: r.value.toUpperCase() };
        return r;
      });
    const dns = await serveZone(partial);
    expect(await checkEmail(appAsking(dns.address))).toEqual({
      verification: true,
      mx: allMx.slice(0, 3),
      spf: false,
      dkim: false,
      dmarc: true,
    });
  });

  it('when the zone publishes nothing, then every step is open and no MX is listed', async () => {
    const dns = await serveZone([]);
    expect(await checkEmail(appAsking(dns.address))).toEqual({
      verification: false,
      mx: [],
      spf: false,
      dkim: false,
      dmarc: false,
    });
  });

  it('when the resolver never answers, then 503 says the lookup timed out', async () => {
    const silent = await startSilentServer();
    cleanups.push(silent.close);
    const res = await request(appAsking(silent.address)).get('/api/dns/check-email');
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(res.body.error.message).toMatch(
      /^DNS lookup failed: \w+ \S+: no answer from the DNS server/,
    );
  });

  it('when nothing listens at the resolver address, then 503 says the server refused', async () => {
    const res = await request(appAsking(await closedPort())).get('/api/dns/check-email');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      error: {
        code: 'SERVICE_UNAVAILABLE',
        message: expect.stringMatching(/^DNS lookup failed: .*refused the connection/),
      },
    });
  });

  it('when the resolver answers SERVFAIL, then 503 names it rather than reporting records missing', async () => {
    const dns = await serveZone(fullZone, { rcode: 2 });
    const res = await request(appAsking(dns.address)).get('/api/dns/check-email');
    expect(res.status).toBe(503);
    expect(res.body.error.message).toMatch(/^DNS lookup failed: .*SERVFAIL/);
  });

  it('when the domain is checked again within the cache time, then DNS is not asked again', async () => {
    const dns = await serveZone(fullZone);
    const app = appAsking(dns.address, { DNS_CACHE_TTL_MS: '60000' });
    const first = await checkEmail(app);
    const asked = dns.queries();
    expect(asked).toBe(5);
    expect(await checkEmail(app)).toEqual(first);
    expect(dns.queries()).toBe(asked);
  });

  it('when checks arrive together, then they share one round of lookups', async () => {
    const dns = await serveZone(fullZone);
    const app = appAsking(dns.address);
    const [a, b] = await Promise.all([checkEmail(app), checkEmail(app)]);
    expect(a).toEqual(b);
    expect(dns.queries()).toBe(5);
  });

  it('when the cache is off, then every check asks DNS afresh', async () => {
    const dns = await serveZone(fullZone);
    const app = appAsking(dns.address, { DNS_CACHE_TTL_MS: '0' });
    await checkEmail(app);
    await checkEmail(app);
    expect(dns.queries()).toBe(10);
  });
});

describe('probes', () => {
  it('when a resolver is configured, then the service is ready and healthy', async () => {
    const app = appAsking('127.0.0.1:53');
    const ready = await request(app).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toEqual({ 'dns-resolver': 'up' });
    expect((await request(app).get('/healthz')).body).toEqual({ status: 'ok', service: 'dns' });
  });
});
