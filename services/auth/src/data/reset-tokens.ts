import type { Outbox } from '@b2g/event-bus';
import type { Model } from 'mongoose';
import type { ResetTokenStore } from '../domain/ports.js';
import { op, type ResetTokenDocument } from './models.js';

export class ResetTokenRepository implements ResetTokenStore {
  constructor(
    private readonly ResetToken: Model<ResetTokenDocument>,
    private readonly outbox: Pick<Outbox, 'withWriteLease'>,
  ) {}

  async insert(token: ResetTokenDocument): Promise<void> {
    await this.ResetToken.create(token);
  }

  /**
   * Marks the token used if it is unused and unexpired, atomically (two requests with the same
   * token: one wins, whichever instance they reach; on FerretDB, whose updates are not isolated,
   * the token's write lease decides). Returns its user, or null.
   */
  async claim(tokenHash: string, now: Date): Promise<string | null> {
    const claimed = await this.outbox.withWriteLease(this.ResetToken, tokenHash, () =>
      this.ResetToken.findOneAndUpdate(
        { tokenHash, usedAt: null, expiresAt: op({ $gt: now }) },
        { $set: { usedAt: now } },
        { returnDocument: 'after' },
      ).lean<ResetTokenDocument>(),
    );
    return claimed?.userId ?? null;
  }

  /** Spends every other unused token of the user (after a successful reset). */
  async spendAll(userId: string, now: Date): Promise<void> {
    await this.ResetToken.updateMany({ userId, usedAt: null }, { $set: { usedAt: now } });
  }

  async deleteAll(userId: string): Promise<void> {
    await this.ResetToken.deleteMany({ userId });
  }

  async purgeExpired(before: Date): Promise<number> {
    const result = await this.ResetToken.deleteMany({ expiresAt: op({ $lt: before }) });
    return result.deletedCount;
  }
}
