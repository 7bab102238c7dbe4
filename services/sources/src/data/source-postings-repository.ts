import { postingKey, type StoredPosting } from '../domain/imported.js';
import type { SourcePostings } from '../domain/ports.js';
import type { SourcePostingDocument, SourcesModels } from './models.js';

/** Records written per bulk write: FerretDB slows down sharply on one large bulk. */
const WRITE_BATCH = 50;

const toStored = ({ _id: _key, ...stored }: SourcePostingDocument): StoredPosting => stored;

/**
 * The postings of each source in `source_postings`, keyed `${sourceId}|${atsId}`. A run reads
 * its source's postings with one equality lookup on the indexed `sourceId` and writes each
 * changed one by `_id`: no read or write of a run scans, however large the board.
 */
export class MongoSourcePostings implements SourcePostings {
  constructor(private readonly models: Pick<SourcesModels, 'SourcePosting'>) {}

  async listBySource(sourceId: string): Promise<StoredPosting[]> {
    const documents = await this.models.SourcePosting.find({ sourceId }).lean<
      SourcePostingDocument[]
    >();
    return documents.map(toStored);
  }

  async upsertMany(postings: readonly StoredPosting[]): Promise<void> {
    const writes = postings.map((posting) => {
      const _id = postingKey(posting.sourceId, posting.atsId);
      return { replaceOne: { filter: { _id }, replacement: { _id, ...posting }, upsert: true } };
    });
    for (let at = 0; at < writes.length; at += WRITE_BATCH)
      await this.models.SourcePosting.bulkWrite(writes.slice(at, at + WRITE_BATCH), {
        ordered: false,
      });
  }

  async removeBySource(sourceId: string): Promise<void> {
    await this.models.SourcePosting.deleteMany({ sourceId });
  }
}
