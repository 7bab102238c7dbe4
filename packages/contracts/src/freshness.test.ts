import { describe, expect, it } from 'vitest';
import { verifiedAgoText } from './job-format.js';

describe('verifiedAgoText', () => {
  const now = new Date('2026-11-24T10:00:00Z');

  it('when verified within the last day, then it reads today; then in days', () => {
    expect(verifiedAgoText('2026-11-24T01:00:00Z', now)).toBe('Verified today');
    expect(verifiedAgoText('2026-11-23T09:00:00Z', now)).toBe('Verified 1 day ago');
    expect(verifiedAgoText('2026-11-17T10:00:00Z', now)).toBe('Verified 7 days ago');
  });

  it('when the clock is behind the stamp, then it still reads today', () => {
    expect(verifiedAgoText('2026-11-24T10:05:00Z', now)).toBe('Verified today');
  });
});
