import { randomUUID } from 'node:crypto';
import type { ApplicationStatus, IntegrationEvent } from '@b2g/contracts';
import { OUTBOX_FIELDS, type Outbox } from '@b2g/event-bus';
import type { Model } from 'mongoose';
import type { ApplicationRecord } from './models.js';

export type NewApplication = Omit<ApplicationRecord, 'deletion'>;

export type ApplicationChanges = Partial<
  Pick<
    ApplicationRecord,
    | 'status'
    | 'notes'
    | 'followUpDate'
    | 'contactPerson'
    | 'contactEmail'
    | 'statusUpdatedAt'
    | 'updatedAt'
  >
>;

/**
 * The applications collection. Writes go through the outbox: a change and its events are one
 * single-document write, serialised with the relay's own writes to that document.
 */
export class ApplicationRepository {
  constructor(
    private readonly model: Model<ApplicationRecord>,
    private readonly outbox: Outbox,
  ) {}

  listByUser(userId: string): Promise<ApplicationRecord[]> {
    return this.model
      .find({ userId })
      .sort({ appliedAt: -1, _id: -1 })
      .lean<ApplicationRecord[]>()
      .exec();
  }

  /** The application if it is this user's. */
  findOwned(id: string, userId: string): Promise<ApplicationRecord | null> {
    return this.model.findOne({ _id: id, userId }).lean<ApplicationRecord>().exec();
  }

  async exists(id: string): Promise<boolean> {
    return (await this.model.exists({ _id: id })) !== null;
  }

  /** What the dashboard stats need of each of the user's applications. */
  statusesOfUser(
    userId: string,
  ): Promise<Array<Pick<ApplicationRecord, 'status' | 'followUpDate'>>> {
    return this.model
      .find({ userId }, { _id: 0, status: 1, followUpDate: 1 })
      .lean<Array<Pick<ApplicationRecord, 'status' | 'followUpDate'>>>()
      .exec();
  }

  /** Inserts with its events; a second application to the same job by the same user is a duplicate-key error. */
  async insert(application: NewApplication, events: readonly IntegrationEvent[]): Promise<void> {
    await this.outbox.insert(this.model, { ...application, deletion: null }, events);
  }

  /**
   * Applies the changes with their events if the application is still in `expectedStatus`; false
   * when it is not (a concurrent status change: the caller reads again) or is gone.
   */
  update(
    id: string,
    userId: string,
    expectedStatus: ApplicationStatus,
    changes: ApplicationChanges,
    events: readonly IntegrationEvent[],
  ): Promise<boolean> {
    return this.outbox.update(
      this.model,
      { _id: id, userId, status: expectedStatus },
      { $set: changes },
      events,
    );
  }

  /**
   * Deletes the user's application: hidden at once; events it still has to publish are kept until
   * they are, then the relay removes it. False if it is not there (or not theirs).
   */
  delete(id: string, userId: string): Promise<boolean> {
    return this.outbox.update(
      this.model,
      { _id: id, userId },
      { $set: { deletion: randomUUID(), [OUTBOX_FIELDS.deleted]: true } },
      [],
    );
  }

  /** Deletes every application of a user, one document at a time (each write is serialised with the relay's). */
  async deleteAllOfUser(userId: string): Promise<void> {
    const ids = await this.model
      .find({ userId }, { _id: 1 })
      .lean<Array<Pick<ApplicationRecord, '_id'>>>()
      .exec();
    for (const { _id } of ids) await this.delete(_id, userId);
  }
}
