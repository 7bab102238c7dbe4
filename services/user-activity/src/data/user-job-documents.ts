import { randomUUID } from 'node:crypto';
import { OUTBOX_FIELDS } from '@b2g/event-bus';
import type { Model, QueryFilter } from 'mongoose';
import type { UserActivityEvent } from '../domain/events.js';
import { insertOnce, type Outgoing, type OutboxWriter } from './outbox.js';

/**
 * A collection of documents of one user about one job each (bookmarks, applications). Writes go
 * through the outbox: a change and its events are one single-document write, serialised with the
 * relay's own writes to that document. A unique (userId, jobId, deletion) index keeps one live
 * document per user and job.
 */
export abstract class UserJobDocuments<T extends { _id: string; deletion: string | null }> {
  constructor(
    protected readonly model: Model<T>,
    protected readonly outbox: OutboxWriter,
    protected readonly outgoing: Outgoing,
  ) {}

  async exists(id: string): Promise<boolean> {
    return (await this.model.exists({ _id: id })) !== null;
  }

  /**
   * Inserts a live document (no deletion) with its events; a second live one of the same user and
   * job is refused.
   */
  protected insertLive(
    document: T & { deletion: null },
    events: readonly UserActivityEvent[],
  ): Promise<void> {
    return insertOnce(() => this.outbox.insert(this.model, document, this.outgoing(events)));
  }

  /**
   * Deletes the document `filter` selects with `events`: hidden at once, removed by the relay once
   * they are published; its deletion value frees the (userId, jobId) key meanwhile. False if it is
   * not there.
   */
  protected markDeleted(
    filter: QueryFilter<T> & { _id: string },
    events: readonly UserActivityEvent[],
  ): Promise<boolean> {
    return this.outbox.update(
      this.model,
      filter,
      { $set: { deletion: randomUUID(), [OUTBOX_FIELDS.deleted]: true } },
      this.outgoing(events),
    );
  }
}
