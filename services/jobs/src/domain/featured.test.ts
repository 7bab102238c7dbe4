import type { Job } from '@b2g/contracts';
import { describe, expect, it } from 'vitest';
import { chooseFeatured } from './featured.js';
import type { FeaturedCandidate } from './model.js';

const now = new Date('2026-11-24T10:00:00Z');
const LONG = 'x'.repeat(250);
let n = 0;
const job = (hoursAgo: number, overrides: Partial<FeaturedCandidate> = {}): FeaturedCandidate => {
  n += 1;
  const at = new Date(now.getTime() - hoursAgo * 3_600_000).toISOString();
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Job ${n}`,
    company: 'Acme',
    location: 'Reston, VA',
    description: LONG,
    postedAt: at,
    createdAt: at,
    lastVerifiedAt: null,
    postedBy: 'admin',
    ...overrides,
  } as FeaturedCandidate;
};

describe('chooseFeatured', () => {
  it('when a verified complete job exists, then the newest of them wins over newer ones', () => {
    const newest = job(1);
    const verified = job(5, { lastVerifiedAt: now.toISOString() });
    expect(chooseFeatured([newest, verified], now)?.id).toBe(verified.id);
  });

  it('when nothing is verified, then the newest complete job wins over a newer incomplete one', () => {
    const incomplete = job(1, { description: 'Short.' });
    const complete = job(3);
    const noLocation = job(2, { location: ' ' });
    expect(chooseFeatured([incomplete, noLocation, complete], now)?.id).toBe(complete.id);
  });

  it('when the only jobs are incomplete, then the newest is shown rather than nothing', () => {
    const older = job(9, { description: '' });
    const newer = job(8, { description: '' });
    expect(chooseFeatured([older, newer], now)?.id).toBe(newer.id);
  });

  it('when an anonymous post is under an hour old, then it is never chosen; after the hour it competes', () => {
    const fresh = job(0.5, { postedBy: 'public', lastVerifiedAt: now.toISOString() });
    const admin = job(3, { description: '' });
    expect(chooseFeatured([fresh, admin], now)?.id).toBe(admin.id);
    expect(chooseFeatured([fresh], now)).toBeUndefined();
    const older = job(2, { postedBy: 'public' });
    expect(chooseFeatured([older, admin], now)?.id).toBe(older.id);
  });

  it('when chosen, then who posted it is not part of the job', () => {
    const chosen = chooseFeatured([job(2)], now) as Job;
    expect(chosen).not.toHaveProperty('postedBy');
  });
});
