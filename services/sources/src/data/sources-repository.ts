import mongoose from 'mongoose';
import type { Sources } from '../domain/ports.js';
import type { Source, SourceControl, SourceRun } from '../domain/sources.js';
import type { SourceDocument, SourcesModels } from './models.js';

const toSource = ({ _id, ...rest }: SourceDocument): Source => ({
  ...rest,
  id: _id,
  etag: rest.etag ?? undefined,
  lastModified: rest.lastModified ?? undefined,
});

/**
 * Sources in the `sources` collection, one document per employer board. Every read and write of
 * one source is by `_id`; a run and an admin's action each `$set` their own fields only.
 */
export class MongoSources implements Sources {
  constructor(private readonly models: Pick<SourcesModels, 'Source'>) {}

  async get(id: string): Promise<Source | null> {
    const document = await this.models.Source.findById(id).lean<SourceDocument>();
    return document ? toSource(document) : null;
  }

  async add({ id, ...source }: Source): Promise<void> {
    await this.models.Source.create({ _id: id, ...source });
  }

  async list(): Promise<Source[]> {
    const documents = await this.models.Source.find().sort({ _id: 1 }).lean<SourceDocument[]>();
    return documents.map(toSource);
  }

  /**
   * The scheduler's read, never a request's: a range on `nextRunAt`, which MongoDB answers from
   * its index and FerretDB by scanning `sources`. That scan stays bounded because the collection
   * holds one small document per employer board (hundreds to a few thousand, never postings) and
   * runs once per scheduler tick; a due-queue keyed by time bucket would add a second write per
   * run and per admin action, which FerretDB cannot make atomic with the source's.
   */
  async due(now: Date, limit: number): Promise<Source[]> {
    const documents = await this.models.Source.find({
      status: 'active',
      nextRunAt: mongoose.trusted({ $lte: now }),
    })
      .sort({ nextRunAt: 1, _id: 1 })
      .limit(limit)
      .lean<SourceDocument[]>();
    return documents.map(toSource);
  }

  async recordRun(id: string, { etag, lastModified, ...fields }: SourceRun): Promise<void> {
    // Validators the ATS no longer sends are removed, never left to answer a later read.
    const set: Record<string, unknown> = { ...fields };
    const unset: Record<string, 1> = {};
    for (const [name, value] of Object.entries({ etag, lastModified })) {
      if (value === undefined) unset[name] = 1;
      else set[name] = value;
    }
    const clear = Object.keys(unset).length > 0 ? { $unset: unset } : {};
    await this.models.Source.updateOne({ _id: id }, { $set: set, ...clear });
  }

  async control(id: string, control: SourceControl): Promise<void> {
    await this.models.Source.updateOne({ _id: id }, { $set: control });
  }

  async remove(id: string): Promise<void> {
    await this.models.Source.deleteOne({ _id: id });
  }
}
