import { randomUUID } from 'node:crypto';
import type {
  ApplicationWithJob,
  CreateApplicationRequest,
  UpdateApplicationRequest,
} from '@b2g/contracts';
import { ERROR_MESSAGES } from '@b2g/contracts';
import { conflict, notFound } from '@b2g/service-kit';
import type { Cause, UserActivityEvent } from './events.js';
import { summaryOf, type JobCatalog, type JobSnapshot } from './jobs.js';
import type { ApplicationRecord } from './model.js';
import {
  AlreadyExistsError,
  type ActivityStore,
  type ApplicationChanges,
  type ApplicationStore,
} from './ports.js';

export const ALREADY_APPLIED_MESSAGE = 'You have already applied to this job';

/** A concurrent status change makes an update retry from a fresh read this often at most. */
const UPDATE_ATTEMPTS = 5;

export function toApplicationResponse(
  record: ApplicationRecord,
  snapshot: JobSnapshot | undefined,
): ApplicationWithJob {
  return {
    id: record._id,
    jobId: record.jobId,
    appliedAt: record.appliedAt.toISOString(),
    status: record.status,
    applicationMethod: record.applicationMethod,
    contactPerson: record.contactPerson ?? null,
    contactEmail: record.contactEmail ?? null,
    notes: record.notes ?? null,
    followUpDate: record.followUpDate?.toISOString() ?? null,
    statusUpdatedAt: record.statusUpdatedAt?.toISOString() ?? null,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    job: summaryOf(snapshot ?? record.job),
  };
}

/** A user's job applications. */
export class Applications {
  constructor(
    private readonly applications: ApplicationStore,
    private readonly activities: Pick<ActivityStore, 'deleteBySource'>,
    private readonly jobs: JobCatalog,
    private readonly clock: () => Date,
  ) {}

  /** Newest first, each with the latest known facts of its job. */
  async list(userId: string): Promise<ApplicationWithJob[]> {
    return this.jobs.withCurrent(await this.applications.listByUser(userId), toApplicationResponse);
  }

  /**
   * Records an application to an open job, applied now, with the status given (default
   * 'applied'); once per user and job.
   */
  async create(
    userId: string,
    request: CreateApplicationRequest,
    cause: Cause,
  ): Promise<ApplicationWithJob> {
    const job = await this.jobs.requireOpenJob(request.jobId);
    const now = this.clock();
    const record = {
      _id: randomUUID(),
      userId,
      jobId: request.jobId,
      status: request.status ?? 'applied',
      applicationMethod: request.applicationMethod,
      contactPerson: request.contactPerson ?? null,
      contactEmail: request.contactEmail ?? null,
      notes: request.notes ?? null,
      followUpDate: request.followUpDate ? new Date(request.followUpDate) : null,
      appliedAt: now,
      statusUpdatedAt: null,
      createdAt: now,
      updatedAt: now,
      job: { title: job.title, company: job.company, location: job.location, link: job.link },
    };
    try {
      await this.applications.insert(record, [
        { kind: 'ApplicationCreated', application: record, job, cause },
      ]);
    } catch (error) {
      if (error instanceof AlreadyExistsError) throw conflict(ALREADY_APPLIED_MESSAGE);
      throw error;
    }
    return toApplicationResponse({ ...record, deletion: null }, job);
  }

  /** Changes the given fields; a new status stamps statusUpdatedAt and states application.status_changed. */
  async update(
    userId: string,
    id: string,
    request: UpdateApplicationRequest,
    cause: Cause,
  ): Promise<ApplicationWithJob> {
    for (let attempt = 1; ; attempt += 1) {
      const current = await this.applications.findOwned(id, userId);
      if (!current) throw notFound(ERROR_MESSAGES.applicationNotFound);
      const now = this.clock();
      const changes: ApplicationChanges = { updatedAt: now };
      if (request.notes !== undefined) changes.notes = request.notes;
      if (request.contactPerson !== undefined) changes.contactPerson = request.contactPerson;
      if (request.contactEmail !== undefined) changes.contactEmail = request.contactEmail;
      if (request.followUpDate !== undefined) {
        changes.followUpDate =
          request.followUpDate === null ? null : new Date(request.followUpDate);
      }
      const events: UserActivityEvent[] = [];
      const snapshot = (await this.jobs.known([current.jobId])).get(current.jobId);
      if (request.status !== undefined && request.status !== current.status) {
        changes.status = request.status;
        changes.statusUpdatedAt = now;
        events.push({
          kind: 'ApplicationStatusChanged',
          application: current,
          job: snapshot ?? current.job,
          from: current.status,
          to: request.status,
          at: now,
          cause,
        });
      }
      if (await this.applications.update(current, changes, events)) {
        const updated = await this.applications.findOwned(id, userId);
        if (!updated) throw notFound(ERROR_MESSAGES.applicationNotFound);
        return toApplicationResponse(updated, snapshot);
      }
      if (attempt >= UPDATE_ATTEMPTS)
        throw conflict('The application changed meanwhile. Please try again.');
    }
  }

  /** Deletes the application and its items in the activity feed. */
  async remove(userId: string, id: string): Promise<void> {
    if (!(await this.applications.delete(id, userId)))
      throw notFound(ERROR_MESSAGES.applicationNotFound);
    await this.activities.deleteBySource(userId, id);
  }
}
