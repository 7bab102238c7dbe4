import { OUTBOX_FIELDS } from '@b2g/event-bus';
import type { Model } from 'mongoose';
import type { AuthEvent } from '../domain/events.js';
import type { SessionRef } from '../domain/model.js';
import type { SessionStore } from '../domain/ports.js';
import { op, type SessionDocument } from './models.js';
import type { Outgoing, OutboxWriter } from './outbox.js';

export class SessionRepository implements SessionStore {
  constructor(
    private readonly Session: Model<SessionDocument>,
    private readonly outbox: OutboxWriter,
    private readonly outgoing: Outgoing,
  ) {}

  async create(session: SessionDocument): Promise<void> {
    await this.Session.create(session);
  }

  findById(id: string): Promise<SessionDocument | null> {
    return this.Session.findById(id).lean<SessionDocument>();
  }

  revoke(id: string, at: Date, events: AuthEvent[]): Promise<boolean> {
    return this.outbox.update(
      this.Session,
      { _id: id, revokedAt: null },
      { $set: { revokedAt: at } },
      this.outgoing(events),
    );
  }

  /** Sessions of a user still accepted at `now`, except `exceptId`. */
  live(userId: string, now: Date, exceptId?: string): Promise<SessionRef[]> {
    return this.Session.find(
      {
        userId,
        revokedAt: null,
        expiresAt: op({ $gt: now }),
        ...(exceptId ? { _id: op({ $ne: exceptId }) } : {}),
      },
      { _id: 1, expiresAt: 1 },
    ).lean<SessionRef[]>();
  }

  /**
   * Marks sessions revoked (idempotent: already revoked ones keep their time), one document at a
   * time through the outbox writer, so no process's relay can write an older copy over it.
   */
  async markRevoked(ids: readonly string[], at: Date): Promise<number> {
    let revoked = 0;
    for (const id of ids) {
      const changed = await this.outbox.update(
        this.Session,
        { _id: id, revokedAt: null },
        { $set: { revokedAt: at } },
        [],
      );
      if (changed) revoked += 1;
    }
    return revoked;
  }

  /** Revoked sessions whose tokens have not expired yet: what a verifier must still refuse. */
  revokedUnexpired(now: Date): Promise<SessionRef[]> {
    return this.Session.find(
      { revokedAt: op({ $ne: null }), expiresAt: op({ $gt: now }) },
      { _id: 1, expiresAt: 1 },
    ).lean<SessionRef[]>();
  }

  /**
   * After an account is deleted: ended sessions go; revoked unexpired ones stay (without the user
   * agent) until they expire, so services starting later still learn they are revoked.
   */
  async forgetUser(userId: string, now: Date): Promise<void> {
    await this.Session.deleteMany({ userId, expiresAt: op({ $lte: now }) });
    const kept = await this.Session.find({ userId }, { _id: 1 }).lean<Array<{ _id: string }>>();
    for (const { _id } of kept)
      await this.outbox.update(this.Session, { _id }, { $unset: { userAgent: '' } }, []);
  }

  /** Removes sessions expired before `before` whose events are all published. */
  async purgeExpired(before: Date): Promise<number> {
    const result = await this.Session.deleteMany({
      expiresAt: op({ $lt: before }),
      [`${OUTBOX_FIELDS.entries}.0`]: op({ $exists: false }),
    });
    return result.deletedCount;
  }
}
