import type { IntegrationEvent } from '@b2g/contracts';
import { OUTBOX_FIELDS } from '@b2g/event-bus';
import type { Model } from 'mongoose';
import type { UserDocument } from './models.js';
import type { OutboxWriter } from './outbox.js';

/** A user as stored, without the password hash (never selected unless asked for). */
export type UserRecord = Omit<UserDocument, 'passwordHash'>;

const DUPLICATE_KEY = 11000;

export class DuplicateKeyError extends Error {
  override readonly name = 'DuplicateKeyError';
}

/** Lowercase form of a username or e-mail address: what uniqueness and sign-in compare. */
export const lookupKey = (value: string) => value.trim().toLowerCase();

export class UserRepository {
  constructor(
    private readonly User: Model<UserDocument>,
    private readonly outbox: OutboxWriter,
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

  /** By e-mail when the key holds an @ (usernames cannot), else by username; with the hash. */
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

  /** Inserts the user with its events; a taken username or e-mail throws DuplicateKeyError. */
  async insert(user: UserDocument, events: IntegrationEvent[]): Promise<void> {
    try {
      await this.outbox.insert(this.User, user, events);
    } catch (error) {
      if (isDuplicateKey(error)) throw new DuplicateKeyError('username or e-mail already taken');
      throw error;
    }
  }

  async recordSignIn(id: string, at: Date): Promise<void> {
    await this.outbox.update(this.User, { _id: id }, { $set: { lastLoginAt: at } }, []);
  }

  /** Applies a change with its events in one write; null when the user no longer exists. */
  async update(
    id: string,
    set: Partial<UserDocument>,
    events: IntegrationEvent[],
  ): Promise<UserRecord | null> {
    if (!(await this.outbox.update(this.User, { _id: id }, { $set: set }, events))) return null;
    return this.findById(id);
  }

  /** Replaces a hash with a stronger one, unless the password changed meanwhile. */
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
  async delete(id: string, events: IntegrationEvent[]): Promise<boolean> {
    const tombstone = `deleted:${id}`;
    return this.outbox.update(
      this.User,
      { _id: id },
      { $set: { [OUTBOX_FIELDS.deleted]: true, usernameKey: tombstone, emailKey: tombstone } },
      events,
    );
  }
}

function isDuplicateKey(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && 'code' in error && error.code === DUPLICATE_KEY
  );
}
