import { randomUUID } from 'node:crypto';
import type { IntegrationEvent } from '@b2g/contracts';
import { createEvent } from '../src/index.js';

/** Events the tests record and publish (no test runner here: a writer process uses them too). */
export function bookmarkAdded(
  overrides: { userId?: string; correlationId?: string } = {},
): IntegrationEvent<'bookmark.added'> {
  return createEvent(
    'bookmark.added',
    {
      bookmarkId: randomUUID(),
      userId: overrides.userId ?? randomUUID(),
      jobId: randomUUID(),
      jobTitle: 'Capture manager',
      company: 'Acme Federal',
      bookmarkedAt: new Date().toISOString(),
    },
    {
      source: 'user-activity',
      ...(overrides.correlationId ? { correlationId: overrides.correlationId } : {}),
    },
  );
}

export function userDeleted(userId: string = randomUUID()): IntegrationEvent<'user.deleted'> {
  return createEvent(
    'user.deleted',
    { userId, deletedAt: new Date().toISOString() },
    { source: 'auth' },
  );
}

/** Collects the events a handler saw, by type. */
