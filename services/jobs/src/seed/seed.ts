import { randomUUID } from 'node:crypto';
import { documentWithEvents } from '@b2g/event-bus';
import { insertNew } from '@b2g/service-kit';
import type { JobsModels } from '../data/job-model.js';
import { duplicateKeys, isExternalSource, jobHash } from '../domain/job.js';
import type { JobRecord } from '../domain/model.js';
import { todayOf } from '../domain/search.js';
import { toIntegrationEvents } from '../events/outgoing.js';
import { DEMO_JOBS } from './demo-jobs.js';

const DAY_MS = 86_400_000;

/**
 * The fields a job written straight into the collection (not posted through the service) starts
 * with besides its posting's own: not deleted, no bookmarks, its duplicate keys active, revision 1.
 */
export function directInsertFields(job: Parameters<typeof jobHash>[0] & { source: string }) {
  const hash = jobHash(job);
  return {
    link: null,
    poster: null,
    applyUrl: null,
    deletedAt: null,
    external: isExternalSource(job.source),
    bookmarkCount: 0,
    hash,
    ...duplicateKeys({ ...job, hash }),
    revision: 1,
  };
}

/** The demo jobs as records posted relative to `now`, each carrying its job.created event. */
export function demoRecords(now = new Date()): JobRecord[] {
  return DEMO_JOBS.map(({ daysAgo, closesInDays, ...job }, index) => {
    // Spread over the day too, so no two demo jobs share a posting time.
    const postedAt = new Date(now.getTime() - daysAgo * DAY_MS - (index % 7) * 3_600_000);
    return {
      ...job,
      closingDate:
        closesInDays === undefined
          ? null
          : todayOf(new Date(now.getTime() + closesInDays * DAY_MS)),
      _id: randomUUID(),
      postedAt,
      createdAt: postedAt,
      ...directInsertFields(job),
    };
  });
}

/**
 * Loads the demo jobs whose hash is not active yet (so running it twice adds nothing); their
 * job.created events wait in the documents until an outbox relay publishes them. Returns how many
 * were added. Two instances seeding at once (replicas starting together on an empty database)
 * add each job once: the unique `activeHash` index is built first and refuses the second copy.
 */
export async function seedDemoJobs(models: JobsModels, now = new Date()): Promise<number> {
  await models.Job.init();
  const records = demoRecords(now);
  const existing = await models.Job.find({}, { activeHash: 1 }).lean<
    Array<{ activeHash?: string }>
  >();
  const active = new Set(existing.map((job) => job.activeHash));
  const fresh = records.filter((record) => !active.has(record.hash));
  if (fresh.length === 0) return 0;
  // Another instance may insert some of them meanwhile: the rest go in.
  const added = await insertNew(
    models.Job,
    fresh.map((record) =>
      documentWithEvents(
        record,
        toIntegrationEvents([{ kind: 'JobPosted', job: record, cause: { correlationId: 'seed' } }]),
      ),
    ),
  );
  return added.length;
}

/** Loads the demo jobs only into an empty jobs collection; returns how many were added. */
export async function seedIfEmpty(models: JobsModels, now = new Date()): Promise<number> {
  if ((await models.Job.estimatedDocumentCount()) > 0) return 0;
  return seedDemoJobs(models, now);
}
