import { isDuplicateKey } from '@b2g/service-kit';
import type { SyncLeases } from '../domain/ports.js';
import type { SourcesModels } from './models.js';

/**
 * Run leases in `source_sync_leases`, one document per source being synced (`_id` = the source's
 * id). Taking one is an insert: FerretDB keeps a unique `_id` insert atomic, not a conditional
 * update, so of two instances only one inserts.
 */
export class MongoSyncLeases implements SyncLeases {
  constructor(
    private readonly models: Pick<SourcesModels, 'SyncLease'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async take(sourceId: string, owner: string, until: Date): Promise<boolean> {
    if (await this.inserted(sourceId, owner, until)) return true;
    // A holder that died leaves its lease until it runs out; then one instance removes that very
    // lease (its owner and end) and the unique key lets one insert win.
    const current = await this.models.SyncLease.findById(sourceId).lean();
    if (current && current.until.getTime() >= this.now().getTime()) return false;
    if (current) {
      await this.models.SyncLease.deleteOne({
        _id: sourceId,
        owner: current.owner,
        until: current.until,
      });
    }
    return this.inserted(sourceId, owner, until);
  }

  async release(sourceId: string, owner: string): Promise<void> {
    await this.models.SyncLease.deleteOne({ _id: sourceId, owner });
  }

  private async inserted(sourceId: string, owner: string, until: Date): Promise<boolean> {
    try {
      await this.models.SyncLease.create({ _id: sourceId, owner, until });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }
}
