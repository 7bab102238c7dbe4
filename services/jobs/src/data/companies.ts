import { findEachId } from '@b2g/service-kit';
import type { Connection } from 'mongoose';
import type { CompanyRecord, CompanyStore } from '../domain/companies.js';
import type { JobRecord } from '../domain/model.js';
import type { JobDocument, JobsModels } from './job-model.js';

/** An employer's postings read for their companies (as many as their list of postings shows). */
const POSTINGS_READ = 200;

/** The postings of an address, newest first: one equality on the indexed `posterEmail`. */
export function postingsOfAddress(models: JobsModels, email: string): Promise<JobRecord[]> {
  return models.Job.find({ posterEmail: email })
    .sort({ postedAt: -1, _id: 1 })
    .limit(POSTINGS_READ)
    .lean<JobDocument[]>();
}

/** One document per edited company, `_id` its slug. */
export const COMPANIES_COLLECTION = 'companies';

/** The companies the admin or their employers edited; every read is by `_id`. */
export class MongoCompanies implements CompanyStore {
  private readonly companies;

  constructor(connection: Connection) {
    this.companies = connection.collection<CompanyRecord>(COMPANIES_COLLECTION);
  }

  bySlug(slug: string): Promise<CompanyRecord | null> {
    return this.companies.findOne({ _id: slug });
  }

  bySlugs(slugs: readonly string[]): Promise<CompanyRecord[]> {
    return findEachId(
      slugs,
      (slug) => this.bySlug(slug),
      (many) => this.companies.find({ _id: { $in: many } }).toArray(),
    );
  }

  async save(
    slug: string,
    fields: Partial<Omit<CompanyRecord, '_id' | 'updatedAt'>> & { name: string },
  ): Promise<CompanyRecord> {
    // Fields not given keep their value; a new company starts with none stored.
    const unset = { website: null, description: null, logoHash: null };
    const onInsert = Object.fromEntries(Object.entries(unset).filter(([key]) => !(key in fields)));
    const saved = await this.companies.findOneAndUpdate(
      { _id: slug },
      {
        $set: { ...fields, updatedAt: new Date() },
        ...(Object.keys(onInsert).length > 0 ? { $setOnInsert: onInsert } : {}),
      },
      { upsert: true, returnDocument: 'after' },
    );
    if (!saved) throw new Error(`company ${slug} was not saved`);
    return saved;
  }
}
