import { describe, expect, it } from 'vitest';
import { linkOf, snapshotOf, summaryOf } from './jobs.js';

const job = { id: 'j1', title: 'T', company: 'C', location: 'L' };

describe('linkOf', () => {
  it('when several addresses are set, then link wins over url, and url over applyUrl', () => {
    expect(linkOf({ ...job, link: 'https://l', url: 'https://u', applyUrl: 'https://a' })).toBe(
      'https://l',
    );
    expect(linkOf({ ...job, link: null, url: 'https://u', applyUrl: 'https://a' })).toBe(
      'https://u',
    );
    expect(linkOf({ ...job, link: null, url: null, applyUrl: 'https://a' })).toBe('https://a');
    expect(linkOf(job)).toBeNull();
  });
});

describe('summaryOf', () => {
  it('when the job was purged, then the summary is marked removed; otherwise the flag is absent', () => {
    expect(summaryOf(snapshotOf({ ...job, url: 'https://u' }, true))).toEqual({
      title: 'T',
      company: 'C',
      location: 'L',
      link: 'https://u',
      removed: true,
    });
    expect(summaryOf(snapshotOf(job))).toEqual({
      title: 'T',
      company: 'C',
      location: 'L',
      link: null,
    });
  });
});
