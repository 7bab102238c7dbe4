import { DMARC_HOST, emailDnsSetup, SPF_VALUE } from '@b2g/contracts';
import { describe, expect, it } from 'vitest';
import { DnsLookupError, type DnsLookup, type MxAnswer } from './dns-lookup.js';
import {
  checkEmailDns,
  dmarcSatisfies,
  hostOf,
  sameName,
  spfSatisfies,
} from './email-dns-check.js';

const DOMAIN = 'agency.test';
const steps = emailDnsSetup(DOMAIN, {
  verificationToken: 'google1234',
  verificationTarget: 'gv-1234.dv.googlehosted.com',
  dkimTarget: 'dkim.googlehosted.com',
});
const expectedDmarc = steps.find((s) => s.id === 'dmarc')?.records[0]?.value ?? '';

/** DNS as a plain map; a missing key is an unpublished name. */
function lookupOf(zone: {
  cname?: Record<string, string[]>;
  mx?: MxAnswer[];
  txt?: Record<string, string[]>;
}): DnsLookup {
  return {
    cname: async (host) => zone.cname?.[host] ?? [],
    mx: async () => zone.mx ?? [],
    txt: async (host) => zone.txt?.[host] ?? [],
  };
}

describe('names', () => {
  it('when names differ only in case or a trailing dot, then they are the same', () => {
    expect(sameName('ASPMX.L.Google.com.', 'aspmx.l.google.com')).toBe(true);
    expect(sameName('alt1.aspmx.l.google.com', 'aspmx.l.google.com')).toBe(false);
  });

  it("when a record is named '@', then it lives at the domain itself, else under it", () => {
    expect(hostOf({ type: 'TXT', name: '@', value: SPF_VALUE, ttl: '3600' }, DOMAIN)).toBe(DOMAIN);
    expect(hostOf({ type: 'TXT', name: DMARC_HOST, value: 'v', ttl: '3600' }, DOMAIN)).toBe(
      `_dmarc.${DOMAIN}`,
    );
  });
});

describe('SPF', () => {
  it('when the one SPF record has the include and soft-fail, then it counts, even with other senders', () => {
    expect(spfSatisfies(['google-site-verification=x', SPF_VALUE], SPF_VALUE)).toBe(true);
    expect(
      spfSatisfies(['V=SPF1 include:sendgrid.net +include:_SPF.google.com ~all'], SPF_VALUE),
    ).toBe(true);
  });

  it('when the SPF record hard-fails, lacks the include or puts it after all, then it does not count', () => {
    expect(spfSatisfies(['v=spf1 include:_spf.google.com -all'], SPF_VALUE)).toBe(false);
    expect(spfSatisfies(['v=spf1 include:_spf.google.com'], SPF_VALUE)).toBe(false);
    expect(spfSatisfies(['v=spf1 ~all include:_spf.google.com'], SPF_VALUE)).toBe(false);
  });

  it('when two SPF records are published, then neither counts (RFC 7208 permerror)', () => {
    expect(spfSatisfies([SPF_VALUE, 'v=spf1 include:sendgrid.net ~all'], SPF_VALUE)).toBe(false);
  });
});

describe('DMARC', () => {
  it('when the record quarantines and reports to both addresses, then it counts, extra tags and case aside', () => {
    expect(dmarcSatisfies([expectedDmarc], expectedDmarc)).toBe(true);
    const upper = `${expectedDmarc.toUpperCase().replace('V=DMARC1', 'v=DMARC1')}; pct=100; adkim=s`;
    expect(dmarcSatisfies([upper], expectedDmarc)).toBe(true);
    const moreReceivers = expectedDmarc.replace(
      'rua=mailto:',
      'rua=mailto:vendor@dmarc.example,mailto:',
    );
    expect(dmarcSatisfies([moreReceivers], expectedDmarc)).toBe(true);
  });

  it('when the policy is weaker or a report address is missing, then it does not count', () => {
    expect(dmarcSatisfies([expectedDmarc.replace('p=quarantine', 'p=none')], expectedDmarc)).toBe(
      false,
    );
    expect(dmarcSatisfies([expectedDmarc.replace(/; ruf=[^;]*/, '')], expectedDmarc)).toBe(false);
    expect(dmarcSatisfies([expectedDmarc, expectedDmarc], expectedDmarc)).toBe(false);
  });
});

describe('checkEmailDns', () => {
  it('when DNS answers in its own spelling, then records still match and MX keep the wizard order', async () => {
    const lookup = lookupOf({
      cname: {
        [`google1234.${DOMAIN}`]: ['GV-1234.DV.GoogleHosted.com.'],
        [`google._domainkey.${DOMAIN}`]: ['dkim.googlehosted.com.'],
      },
      mx: [
        { exchange: 'alt4.aspmx.l.google.com.', priority: 10 },
        { exchange: 'ASPMX.L.GOOGLE.COM', priority: 1 },
        { exchange: 'alt1.aspmx.l.google.com', priority: 20 },
        { exchange: 'mx.old-provider.test', priority: 5 },
      ],
      txt: { [DOMAIN]: [SPF_VALUE], [`_dmarc.${DOMAIN}`]: [expectedDmarc] },
    });
    expect(await checkEmailDns(DOMAIN, steps, lookup)).toEqual({
      verification: true,
      mx: ['1 aspmx.l.google.com', '10 alt4.aspmx.l.google.com'],
      spf: true,
      dkim: true,
      dmarc: true,
    });
  });

  it('when a lookup fails, then the check fails with it instead of reporting the record missing', async () => {
    const lookup: DnsLookup = {
      ...lookupOf({}),
      mx: () =>
        Promise.reject(new DnsLookupError('MX', DOMAIN, 'the DNS server answered SERVFAIL')),
    };
    await expect(checkEmailDns(DOMAIN, steps, lookup)).rejects.toThrow(
      `MX ${DOMAIN}: the DNS server answered SERVFAIL`,
    );
  });
});
