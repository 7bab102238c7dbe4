import { describe, expect, it } from 'vitest';
import { identityKey, jobHash } from './job.js';

const fields = {
  title: 'Capture Manager',
  company: 'Acme Federal',
  location: 'Reston, VA',
  url: 'https://acme.example/jobs/1',
};

describe('jobHash', () => {
  it('when only case and whitespace differ, then the hash is the same', () => {
    expect(
      jobHash({
        title: '  CAPTURE   manager ',
        company: 'acme\tfederal',
        location: 'Reston,  VA',
        url: fields.url,
      }),
    ).toBe(jobHash(fields));
  });

  it('when any of title, company, location or url differ, then the hash differs', () => {
    const base = jobHash(fields);
    for (const change of [
      { title: 'Capture Lead' },
      { company: 'Acme' },
      { location: 'Herndon, VA' },
      { url: null },
    ]) {
      expect(jobHash({ ...fields, ...change })).not.toBe(base);
    }
  });

  it('when hashed, then a SHA-256 hex digest', () => {
    expect(jobHash(fields)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('identityKey', () => {
  it('when case, accents, punctuation or spacing differ, then the key is the same', () => {
    expect(
      identityKey({ title: 'CAPTURE—Manager!', company: 'Ácme  Fédéral', location: 'reston va' }),
    ).toBe(identityKey(fields));
  });

  it('when the words of title, company or location differ, then the key differs', () => {
    const base = identityKey(fields);
    for (const change of [
      { title: 'Capture Lead' },
      { company: 'Acme' },
      { location: 'Herndon, VA' },
    ]) {
      expect(identityKey({ ...fields, ...change })).not.toBe(base);
    }
  });

  it('when the same words move between fields, then the key differs', () => {
    expect(
      identityKey({ title: 'Capture', company: 'Manager Acme Federal', location: 'Reston VA' }),
    ).not.toBe(identityKey(fields));
  });
});
