import { randomBytes } from 'node:crypto';
import { isDuplicateKey } from '@b2g/service-kit';
import mongoose, { type Model } from 'mongoose';
import type { Day } from '../domain/model.js';
import type { SaltStore } from '../domain/ports.js';
import type { SaltDocument } from './models.js';

/** The daily salts: the first instance to ask for a day inserts it, the others read that one. */
export class MongoSaltStore implements SaltStore {
  constructor(private readonly model: Model<SaltDocument>) {}

  async saltOf(day: Day): Promise<string> {
    const existing = await this.model.findById(day).lean();
    if (existing) return existing.salt;
    try {
      await this.model.create({ _id: day, salt: randomBytes(32).toString('base64url') });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    const stored = await this.model.findById(day).lean();
    if (!stored) throw new Error(`the salt of ${day} vanished`);
    return stored.salt;
  }

  /** A scan, of a collection of one or two documents, once a day per instance. */
  async removeBefore(day: Day): Promise<void> {
    await this.model.deleteMany({ _id: mongoose.trusted({ $lt: day }) });
  }
}
