import { insertNew } from '@b2g/service-kit';
import type { Model } from 'mongoose';
import type { Day, Visit } from '../domain/model.js';
import type { VisitStore } from '../domain/ports.js';
import type { VisitDocument } from './models.js';

/** Visits inserted per request: FerretDB slows down sharply on one very large insert. */
const INSERT_BATCH = 100;

const idOf = ({ day, jobId, visitor }: Visit) => `${day}|${jobId}|${visitor}`;

/**
 * The visits in MongoDB/FerretDB: a unique `_id` per (day, posting, visitor), so the first insert
 * wins and every later one, from any instance, is refused as a duplicate.
 */
export class MongoVisitStore implements VisitStore {
  constructor(private readonly model: Model<VisitDocument>) {}

  async firstVisits(visits: readonly Visit[]): Promise<Visit[]> {
    const first: Visit[] = [];
    for (let at = 0; at < visits.length; at += INSERT_BATCH) {
      const batch = visits.slice(at, at + INSERT_BATCH);
      const byId = new Map(batch.map((visit) => [idOf(visit), visit]));
      const inserted = await insertNew(
        this.model,
        [...byId.entries()].map(([_id, visit]) => ({ _id, day: visit.day })),
        { raw: true },
      );
      for (const id of inserted) first.push(byId.get(id) as Visit);
    }
    return first;
  }

  /** One equality lookup on the indexed day each. */
  async forgetDays(days: readonly Day[]): Promise<void> {
    for (const day of days) await this.model.deleteMany({ day });
  }
}
