import { createHash } from 'node:crypto';
import { daysEndingAt } from './days.js';
import type { Day } from './model.js';
import type { SaltStore } from './ports.js';

/** 72 bits of the hash: collisions among one posting's visitors of a day are negligible. */
const VISITOR_HASH_LENGTH = 12;

/**
 * Recognises a visitor within a day without storing who it is, as Plausible does: a hash of the
 * day's salt, the IP address and the user agent. The salt lives in the database, so every
 * instance (and a restarted one) gives the same visitor the same hash that day; once the day is
 * over its salt is deleted and the hashes can no longer be tied to anyone.
 */
export class Visitors {
  private current: { day: Day; salt: Promise<string> } | undefined;

  constructor(private readonly salts: SaltStore) {}

  async hashOf(day: Day, ip: string, userAgent: string): Promise<string> {
    const salt = await this.saltOf(day);
    return createHash('sha256')
      .update(`${salt}\n${ip}\n${userAgent}`)
      .digest('base64url')
      .slice(0, VISITOR_HASH_LENGTH);
  }

  private saltOf(day: Day): Promise<string> {
    if (this.current?.day !== day) {
      const salt = this.salts.saltOf(day).then(async (value) => {
        await this.salts.removeBefore(day);
        return value;
      });
      // A failed read is asked again by the next request instead of being remembered.
      salt.catch(() => {
        if (this.current?.salt === salt) this.current = undefined;
      });
      this.current = { day, salt };
    }
    return this.current.salt;
  }
}

/**
 * The days whose visits no flush needs any more: those before yesterday (an instance may still
 * write yesterday's just after midnight), a week of them, for the days an instance was down.
 */
export const finishedVisitDays = (today: Day): Day[] => daysEndingAt(today, 9).slice(0, 7);
