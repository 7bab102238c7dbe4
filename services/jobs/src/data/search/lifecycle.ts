import type { API, Client } from '@opensearch-project/opensearch';
import type { Logger } from 'pino';
import type { JobRecord } from '../../domain/model.js';
import { callOpenSearch } from './client.js';
import {
  documentOf,
  indexDefinition,
  REFRESH_INTERVAL,
  SEARCH_MAPPING_VERSION,
} from './mapping.js';

/** Jobs sent to OpenSearch in one bulk request while a rebuild loads. */
const REINDEX_BATCH = 2_000;

/** A rebuild this old that has not finished stopped half way (its instance died). */
const STALLED_REBUILD_MS = 5 * 60_000;

/** Another instance is rebuilding the search index now: this one leaves it to it. */
export class RebuildRunningError extends Error {
  override readonly name = 'RebuildRunningError';
  constructor(readonly indices: readonly string[]) {
    super(`a search index rebuild is running elsewhere (${indices.join(', ')})`);
  }
}

export interface SearchIndexLifecycleOptions {
  client: Client;
  /** The alias searches and writes go through; concrete indices are `<alias>-<time>-<random>`. */
  alias: string;
  /** Alias of an index being built: writes go there too, so it misses nothing. */
  nextAlias: string;
  replicas: number;
  logger: Logger;
}

/** The life of the concrete indices behind the jobs alias: whether they are current, rebuilds. */
export class SearchIndexLifecycle {
  private readonly client: Client;
  private readonly alias: string;
  private readonly nextAlias: string;

  constructor(private readonly options: SearchIndexLifecycleOptions) {
    this.client = options.client;
    this.alias = options.alias;
    this.nextAlias = options.nextAlias;
  }

  /**
   * Builds a fresh index from `jobs` and moves the alias to it atomically: searches keep being
   * answered by the old index meanwhile, and changes made meanwhile reach the new one too (it has
   * the `-next` alias writes also go to; versions keep the newer state whichever arrives first).
   */
  async rebuild(jobs: AsyncIterable<JobRecord>): Promise<{ jobs: number; ms: number }> {
    const started = performance.now();
    const name = `${this.alias}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    await this.supersedeStalled();
    await this.createNext(name);
    const count = await this.load(jobs);
    await this.client.indices.putSettings({
      index: name,
      body: {
        index: {
          refresh_interval: REFRESH_INTERVAL,
          number_of_replicas: this.options.replicas,
        },
      },
    });
    await this.client.indices.refresh({ index: name });
    const previous = await this.indicesOf(this.alias);
    await this.client.indices.updateAliases({
      body: {
        actions: [
          ...previous.map((index) => ({ remove: { index, alias: this.alias } })),
          { add: { index: name, alias: this.alias } },
        ],
      },
    });
    // A write that read the aliases just before the switch may still be on its way to the new
    // index through `-next`: keep it a moment before taking it away.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await this.client.indices.deleteAlias({ index: name, name: this.nextAlias });
    if (previous.length > 0) await this.client.indices.delete({ index: previous });
    const stats = { jobs: count, ms: Math.round(performance.now() - started) };
    this.options.logger.info({ ...stats, index: name }, 'search index rebuilt');
    return stats;
  }

  /**
   * Start-up: whether the alias exists and holds as many jobs as `countActive` says MongoDB has
   * (false means a rebuild is due). The index is counted before and after MongoDB, so jobs
   * created or deleted meanwhile (their index writes follow at once) do not look like a gap.
   */
  async isCurrent(countActive: () => Promise<number>): Promise<boolean> {
    const indices = await this.call(() => this.indicesOf(this.alias));
    if (indices.length === 0) return false;
    const mappings = await this.call(() => this.client.indices.getMapping({ index: this.alias }));
    const versions = Object.values(mappings.body).map(
      (index) => (index.mappings._meta as { version?: unknown } | undefined)?.version,
    );
    if (versions.some((version) => version !== SEARCH_MAPPING_VERSION)) return false;
    const count = async () => {
      // Writes of the last half second are not counted until a refresh.
      await this.call(() => this.client.indices.refresh({ index: this.alias }));
      return (await this.call(() => this.client.count({ index: this.alias }))).body.count;
    };
    const before = await count();
    const expected = await countActive();
    const after = await count();
    return Math.min(before, after) <= expected && expected <= Math.max(before, after);
  }

  /**
   * One rebuild at a time, whichever instance runs it: one begun recently is left to finish; one
   * older than STALLED_REBUILD_MS stopped half way and is superseded.
   */
  private async supersedeStalled(): Promise<void> {
    const unfinished = await this.indicesOf(this.nextAlias);
    const running = unfinished.filter(
      (index) => Date.now() - this.startOf(index) < STALLED_REBUILD_MS,
    );
    if (running.length > 0) throw new RebuildRunningError(running);
    if (unfinished.length > 0) {
      this.options.logger.warn({ indices: unfinished }, 'superseding an unfinished rebuild');
      await this.client.indices.delete({ index: unfinished });
    }
  }

  /**
   * Creates the index `name` behind `-next`, loading fast (no refreshes, no replicas). `-next`
   * names one write index: a second rebuild starting at the same moment is refused here
   * (OpenSearch allows one write index per alias) instead of both making writes fail.
   */
  private async createNext(name: string): Promise<void> {
    const definition = indexDefinition(this.options.replicas);
    await this.client.indices
      .create({
        index: name,
        body: {
          ...definition,
          settings: { ...definition.settings, refresh_interval: '-1', number_of_replicas: 0 },
          aliases: { [this.nextAlias]: { is_write_index: true } },
        },
      })
      .catch(async (error: unknown) => {
        const others = (await this.indicesOf(this.nextAlias)).filter((index) => index !== name);
        if (others.length > 0) throw new RebuildRunningError(others);
        throw error;
      });
  }

  /** Loads the active ones of `jobs` into the `-next` index; returns how many. */
  private async load(jobs: AsyncIterable<JobRecord>): Promise<number> {
    let count = 0;
    let batch: JobRecord[] = [];
    // One bulk request in flight while the next batch is read from MongoDB.
    let sending: Promise<void> = Promise.resolve();
    const flush = async () => {
      if (batch.length === 0) return;
      const records = batch;
      batch = [];
      await sending;
      sending = this.send(records);
      // Awaited at the next flush; until then a failure must not count as unhandled.
      sending.catch(() => undefined);
    };
    for await (const record of jobs) {
      if (record.deletedAt) continue;
      batch.push(record);
      count += 1;
      if (batch.length >= REINDEX_BATCH) await flush();
    }
    await flush();
    await sending;
    return count;
  }

  private async send(records: JobRecord[]): Promise<void> {
    const body: API.Bulk_RequestBody = records.flatMap((record) => [
      {
        index: {
          // Through the alias: if a newer rebuild supersedes this one, nothing is recreated.
          _index: this.nextAlias,
          require_alias: true,
          _id: record._id,
          version: record.revision,
          version_type: 'external',
        },
      },
      documentOf(record),
    ]);
    const response = await this.client.bulk({ body });
    const failed = response.body.items
      .map((item) => Object.values(item)[0])
      .find((result) => result?.error && result.status !== 409);
    if (failed?.error)
      throw new Error(`reindex refused a job: ${failed.error.type}: ${failed.error.reason ?? ''}`);
  }

  /** When the rebuild that made `index` (`<alias>-<ms>-<random>`) began. */
  private startOf(index: string): number {
    return Number(index.slice(this.alias.length + 1).split('-')[0]);
  }

  private async indicesOf(alias: string): Promise<string[]> {
    const exists = await this.client.indices.existsAlias({ name: alias });
    if (!exists.body) return [];
    const response = await this.client.indices.getAlias({ name: alias });
    return Object.keys(response.body);
  }

  private call<T>(request: () => Promise<T>): Promise<T> {
    return callOpenSearch(this.options.logger, request);
  }
}
