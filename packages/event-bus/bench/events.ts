import { randomUUID } from 'node:crypto';
import { createEvent } from '../src/index.js';

/** The event the benches send: a bookmark of a job, of a body size the services publish. */
export function bookmarkAdded(userId: string = randomUUID()) {
  return createEvent(
    'bookmark.added',
    {
      bookmarkId: randomUUID(),
      userId,
      jobId: randomUUID(),
      jobTitle: 'Senior capture manager, federal civilian',
      company: 'Acme Federal Systems',
      bookmarkedAt: new Date().toISOString(),
    },
    { source: 'user-activity' },
  );
}

/** The p-th percentile of ascending `sorted` values. */
export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
