import type { UserActivityEvent } from '../domain/events.js';
import type { ApplicationRecord } from '../domain/model.js';
import type {
  ApplicationAsRead,
  ApplicationChanges,
  ApplicationStore,
  NewApplication,
} from '../domain/ports.js';
import { UserJobDocuments } from './user-job-documents.js';
import { newestOfUser } from './user-lists.js';

/** The applications collection. */
export class ApplicationRepository
  extends UserJobDocuments<ApplicationRecord>
  implements ApplicationStore
{
  listByUser(userId: string): Promise<ApplicationRecord[]> {
    return newestOfUser(this.model, userId, 'appliedAt');
  }

  /** The application if it is this user's. */
  findOwned(id: string, userId: string): Promise<ApplicationRecord | null> {
    return this.model.findOne({ _id: id, userId }).lean<ApplicationRecord>().exec();
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
    return this.insertLive({ ...application, deletion: null }, events);
  }

  update(
    { _id, userId, status }: ApplicationAsRead,
    changes: ApplicationChanges,
    events: readonly UserActivityEvent[],
  ): Promise<boolean> {
    return this.outbox.update(
      this.model,
      { _id, userId, status },
      { $set: changes },
      this.outgoing(events),
    );
  }

  /**
   * Deletes the user's application: hidden at once; events it still has to publish are kept until
   * they are, then the relay removes it. False if it is not there (or not theirs).
   */
  delete(id: string, userId: string): Promise<boolean> {
    return this.markDeleted({ _id: id, userId }, []);
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
