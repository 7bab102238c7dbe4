import { modelOn } from '@b2g/service-kit';
import mongoose, { type Connection, type Model } from 'mongoose';
import { DECISIONS } from '../domain/classification/index.js';
import { STORED_STATES, type StoredPosting } from '../domain/imported.js';
import { BOARD_READ_ERROR_KINDS } from '../domain/ports.js';
import { ATS_NAMES } from '../domain/postings.js';
import { SOURCE_STATUSES, type Source } from '../domain/sources.js';

/** A source as stored: the domain's record, `_id` its id. */
export type SourceDocument = Omit<Source, 'id'> & { _id: string };

/** A posting as stored, `_id` = `${sourceId}|${atsId}` (`postingKey`). */
export type SourcePostingDocument = StoredPosting & { _id: string };

/** A source's run lease (`_id` is the source's id): taken by an insert, the one atomic write. */
export interface SyncLeaseDocument {
  _id: string;
  owner: string;
  until: Date;
}

const optionalString = { type: String, default: undefined };
const nullableString = { type: String, default: null };

const sourceSchema = new mongoose.Schema<SourceDocument>(
  {
    _id: { type: String, required: true },
    board: {
      ats: { type: String, enum: ATS_NAMES, required: true },
      name: { type: String, required: true },
    },
    companyName: { type: String, required: true },
    careersUrl: { type: String, required: true },
    status: { type: String, enum: SOURCE_STATUSES, required: true },
    createdAt: { type: Date, required: true },
    lastRunAt: { type: Date, default: null },
    // The scheduler's due read is a range on this field: MongoDB answers it from the index,
    // FerretDB scans the collection (see `MongoSources.due`).
    nextRunAt: { type: Date, required: true, index: true },
    lastCounts: { type: mongoose.Schema.Types.Mixed, default: null },
    lastError: {
      type: new mongoose.Schema(
        {
          kind: { type: String, enum: BOARD_READ_ERROR_KINDS, required: true },
          reason: { type: String, required: true },
          at: { type: Date, required: true },
        },
        { _id: false },
      ),
      default: null,
    },
    lastFailures: {
      type: [new mongoose.Schema({ atsId: optionalString, reason: String }, { _id: false })],
      default: [],
    },
    consecutiveFailures: { type: Number, required: true, min: 0 },
    flagged: { type: Boolean, required: true },
    etag: optionalString,
    lastModified: optionalString,
  },
  { versionKey: false, collection: 'sources', minimize: false },
);

const sourcePostingSchema = new mongoose.Schema<SourcePostingDocument>(
  {
    _id: { type: String, required: true },
    // A run reads its source's postings by this equality: FerretDB answers it from the index.
    sourceId: { type: String, required: true, index: true },
    atsId: { type: String, required: true },
    state: { type: String, enum: STORED_STATES, required: true },
    contentHash: nullableString,
    title: nullableString,
    url: nullableString,
    decision: { type: String, enum: [...DECISIONS, null], default: null },
    reasons: { type: [String], default: [] },
    failure: nullableString,
    closedReason: nullableString,
    firstSeenAt: { type: Date, required: true },
    changedAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'source_postings' },
);

const syncLeaseSchema = new mongoose.Schema<SyncLeaseDocument>(
  {
    _id: { type: String, required: true },
    owner: { type: String, required: true },
    until: { type: Date, required: true },
  },
  { versionKey: false, collection: 'source_sync_leases' },
);

export interface SourcesModels {
  Source: Model<SourceDocument>;
  SourcePosting: Model<SourcePostingDocument>;
  SyncLease: Model<SyncLeaseDocument>;
}

export function modelsOf(connection: Connection): SourcesModels {
  return {
    Source: modelOn(connection, 'Source', sourceSchema),
    SourcePosting: modelOn(connection, 'SourcePosting', sourcePostingSchema),
    SyncLease: modelOn(connection, 'SyncLease', syncLeaseSchema),
  };
}

export async function ensureIndexes(connection: Connection): Promise<void> {
  await Promise.all(Object.values(modelsOf(connection)).map((model) => model.init()));
}
