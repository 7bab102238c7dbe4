import { describe, expect, it } from 'vitest';
import { DNS_RECORD_TTL, DNS_WIZARD_STEP_COUNT } from './constants.js';
import { dnsCheckResponseSchema, dnsRecordSchema, emailDnsSetup } from './dns.js';

const steps = emailDnsSetup('example.gov');
const step = (id: string) => steps.find((candidate) => candidate.id === id);

describe('emailDnsSetup', () => {
  it('when built for a domain, then it lists the five wizard steps in order', () => {
    expect(steps).toHaveLength(DNS_WIZARD_STEP_COUNT);
    expect(steps.map(({ id, title }) => [id, title])).toEqual([
      ['verification', 'Domain Verification'],
      ['mx', 'MX Records'],
      ['spf', 'SPF'],
      ['dkim', 'DKIM'],
      ['dmarc', 'DMARC'],
    ]);
  });

  it("when built, then there are five MX records with priorities 1, 5, 5, 10, 10 on the provider's servers", () => {
    const mx = step('mx')?.records ?? [];

    expect(mx.map((record) => [record.type, record.name, record.value, record.priority])).toEqual([
      ['MX', '@', 'ASPMX.L.GOOGLE.COM', 1],
      ['MX', '@', 'ALT1.ASPMX.L.GOOGLE.COM', 5],
      ['MX', '@', 'ALT2.ASPMX.L.GOOGLE.COM', 5],
      ['MX', '@', 'ALT3.ASPMX.L.GOOGLE.COM', 10],
      ['MX', '@', 'ALT4.ASPMX.L.GOOGLE.COM', 10],
    ]);
  });

  it("when built, then every record has TTL '3600' and is a valid DNS record", () => {
    const records = steps.flatMap(({ records: stepRecords }) => stepRecords);

    expect(
      records.every((record) => record.ttl === DNS_RECORD_TTL && DNS_RECORD_TTL === '3600'),
    ).toBe(true);
    expect(records.every((record) => dnsRecordSchema.safeParse(record).success)).toBe(true);
  });

  it('when built, then SPF soft-fails with the provider include and DMARC quarantines with report addresses', () => {
    expect(step('spf')?.records).toEqual([
      { type: 'TXT', name: '@', value: 'v=spf1 include:_spf.google.com ~all', ttl: '3600' },
    ]);
    expect(step('dmarc')?.records).toEqual([
      {
        type: 'TXT',
        name: '_dmarc',
        value:
          'v=DMARC1; p=quarantine; rua=mailto:dmarc-reports@example.gov; ruf=mailto:dmarc-forensics@example.gov',
        ttl: '3600',
      },
    ]);
  });

  it('when provider values are given, then the CNAME records use them', () => {
    const custom = emailDnsSetup('example.gov', {
      verificationToken: 'abc123',
      verificationTarget: 'gv-xyz.dv.googlehosted.com',
      dkimTarget: 'dkim.example.net',
    });

    expect(custom[0]?.records[0]).toMatchObject({
      type: 'CNAME',
      name: 'abc123',
      value: 'gv-xyz.dv.googlehosted.com',
    });
    expect(custom[3]?.records[0]).toMatchObject({
      type: 'CNAME',
      name: 'google._domainkey',
      value: 'dkim.example.net',
    });
    expect(custom[3]?.description).toMatch(/admin console/i);
  });
});

describe('dnsCheckResponseSchema', () => {
  it('when the check reports every step, then it parses', () => {
    const check = {
      verification: true,
      mx: ['aspmx.l.google.com'],
      spf: true,
      dkim: false,
      dmarc: true,
    };

    expect(dnsCheckResponseSchema.parse(check)).toEqual(check);
  });
});
