import type { IntegrationEvent } from '@b2g/contracts';
import { createEvent } from '@b2g/event-bus';
import { toPublicJob, type JobRecord } from '../domain/job.js';

export const SERVICE_NAME = 'jobs';

export type JobEventType =
  'job.created' | 'job.updated' | 'job.deleted' | 'job.restored' | 'job.purged';

/** What caused a change: carried into its events so one request's effects can be followed. */
export interface ChangeMeta {
  correlationId?: string | undefined;
}

/** A job event carrying the job's public snapshot after the change (before it, for job.purged). */
export function jobEvent(
  type: JobEventType,
  record: JobRecord,
  meta: ChangeMeta = {},
): IntegrationEvent {
  const job = toPublicJob(record);
  const options = { source: SERVICE_NAME, correlationId: meta.correlationId };
  switch (type) {
    case 'job.deleted':
      return createEvent(
        type,
        { job: { ...job, deletedAt: job.deletedAt ?? new Date().toISOString() } },
        options,
      );
    case 'job.restored':
      return createEvent(type, { job: { ...job, deletedAt: null } }, options);
    default:
      return createEvent(type, { job }, options);
  }
}
