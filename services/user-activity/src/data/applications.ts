import { randomUUID } from 'node:crypto';
import type { ApplicationStatus } from '@b2g/contracts';
import { OUTBOX_FIELDS } from '@b2g/event-bus';
import type { Model } from 'mongoose';
import type { UserActivityEvent } from '../domain/events.js';
import type { ApplicationRecord } from '../domain/model.js';
import type { ApplicationChanges, ApplicationStore, NewApplication } from '../domain/ports.js';
import { insertOnce, type Outgoing, type OutboxWriter } from './outbox.js';
import { newestOfUser } from './user-lists.js';

/**
 * The applications collection. Writes go through the outbox: a change and its events are one
 * single-document write, serialised with the relay's own writes to that document.
 */
export class ApplicationRepository implements ApplicationStore {
  constructor(
    private readonly model: Model<ApplicationRecord>,
    private readonly outbox: OutboxWriter,
    private readonly outgoing: Outgoing,
  ) {}

  listByUser(userId: string): Promise<ApplicationRecord[]> {
    return newestOfUser(this.model, userId, 'appliedAt');
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

  /** Inserts with its events; a second application to the same job by the same user is refused. */
  insert(application: NewApplication, events: readonly UserActivityEvent[]): Promise<void> {
    return insertOnce(() =>
      this.outbox.insert(this.model, { ...application, deletion: null }, this.outgoing(events)),
    );
  }

  update(
    id: string,
    userId: string,
    expectedStatus: ApplicationStatus,
    changes: ApplicationChanges,
    events: readonly UserActivityEvent[],
  ): Promise<boolean> {
    return this.outbox.update(
      this.model,
      { _id: id, userId, status: expectedStatus },
      { $set: changes },
      this.outgoing(events),
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
