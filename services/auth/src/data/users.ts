import { OUTBOX_FIELDS } from '@b2g/event-bus';
import { isDuplicateKey } from '@b2g/service-kit';
import type { Model } from 'mongoose';
import type { AuthEvent } from '../domain/events.js';
import type { UserRecord } from '../domain/model.js';
import { DuplicateAccountError, type UserStore } from '../domain/ports.js';
import type { UserDocument } from './models.js';
import type { Outgoing, OutboxWriter } from './outbox.js';

/** The password hash is never selected unless asked for (`+passwordHash`). */
export class UserRepository implements UserStore {
  constructor(
    private readonly User: Model<UserDocument>,
    private readonly outbox: OutboxWriter,
    private readonly outgoing: Outgoing,
  ) {}

  findById(id: string): Promise<UserRecord | null> {
    return this.User.findById(id).lean<UserRecord>();
  }

  findWithHash(id: string): Promise<UserDocument | null> {
    return this.User.findById(id).select('+passwordHash').lean<UserDocument>();
  }

  findByEmail(emailKey: string): Promise<UserRecord | null> {
    return this.User.findOne({ emailKey }).lean<UserRecord>();
  }

  findForSignIn(key: string): Promise<UserDocument | null> {
    const filter = key.includes('@') ? { emailKey: key } : { usernameKey: key };
    return this.User.findOne(filter).select('+passwordHash').lean<UserDocument>();
  }

  async taken(keys: {
    usernameKey: string;
    emailKey: string;
  }): Promise<{ username: boolean; email: boolean }> {
    const [byUsername, byEmail] = await Promise.all([
      this.User.exists({ usernameKey: keys.usernameKey }),
      this.User.exists({ emailKey: keys.emailKey }),
    ]);
    return { username: byUsername !== null, email: byEmail !== null };
  }

  async insert(user: UserDocument, events: AuthEvent[]): Promise<void> {
    try {
      await this.outbox.insert(this.User, user, this.outgoing(events));
    } catch (error) {
      if (isDuplicateKey(error))
        throw new DuplicateAccountError('username or e-mail already taken');
      throw error;
    }
  }

  async recordSignIn(id: string, at: Date): Promise<void> {
    await this.outbox.update(this.User, { _id: id }, { $set: { lastLoginAt: at } }, []);
  }

  /** Applies a change with its events in one write. */
  async update(
    id: string,
    set: Partial<UserDocument>,
    events: AuthEvent[],
  ): Promise<UserRecord | null> {
    if (!(await this.outbox.update(this.User, { _id: id }, { $set: set }, this.outgoing(events))))
      return null;
    return this.findById(id);
  }

  async upgradeHash(id: string, from: string, to: string): Promise<void> {
    await this.outbox.update(
      this.User,
      { _id: id, passwordHash: from },
      { $set: { passwordHash: to } },
      [],
    );
  }

  /**
   * A hard delete that cannot lose its events: the user disappears from every query at once, the
   * relay removes the document after the broker confirmed the events. Its username and e-mail are
   * free again at once (the keys are overwritten by values no real name or address can have).
   */
  async delete(id: string, events: AuthEvent[]): Promise<boolean> {
    const tombstone = `deleted:${id}`;
    return this.outbox.update(
      this.User,
      { _id: id },
      { $set: { [OUTBOX_FIELDS.deleted]: true, usernameKey: tombstone, emailKey: tombstone } },
      this.outgoing(events),
    );
  }
}
