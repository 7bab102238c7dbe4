import { describe, expect, it } from 'vitest';
import { jobHash } from './job.js';

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
