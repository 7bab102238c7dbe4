import type { API, Client, Types } from '@opensearch-project/opensearch';
import type { Logger } from 'pino';
import type { JobRecord, JobSearchQuery } from '../domain/model.js';
import type { SavedSearchMatcher } from '../domain/ports.js';
import { SearchUnavailableError } from '../domain/search.js';
import { documentOf, indexDefinition } from './search/mapping.js';

type Query = Types.Common_QueryDsl.QueryContainer;

/** Saved searches matched per page of a percolation. */
const PAGE = 1_000;

export interface OpenSearchPercolatorOptions {
  client: Client;
  /** The percolator index (one concrete index; its mapping follows the jobs index's). */
  index: string;
  replicas: number;
  /** How search turns a query into OpenSearch's: the same builder, so a saved search finds what a search finds. */
  buildQuery: (query: JobSearchQuery) => Query;
  logger: Logger;
}

/**
 * Saved searches as stored queries (OpenSearch's percolator): a job is matched against all of them
 * in one request, so the cost follows the matches, not searches × jobs. Writes carry the saved
 * search's revision (external versioning): a replayed or late state never replaces a newer one.
 */
export class OpenSearchPercolator implements SavedSearchMatcher {
  constructor(private readonly options: OpenSearchPercolatorOptions) {}

  /** Creates the index, or adds the jobs index's newer fields to its mapping. */
  async ensureIndex(): Promise<void> {
    const { client, index } = this.options;
    const definition = indexDefinition(this.options.replicas);
    const properties = {
      ...definition.mappings?.properties,
      query: { type: 'percolator' },
      savedSearchId: { type: 'keyword' },
    } as Record<string, Types.Common_Mapping.Property>;
    const exists = await client.indices.exists({ index });
    if (!exists.body) {
      await client.indices
        .create({
          index,
          body: {
            settings: definition.settings,
            mappings: { dynamic: false, properties },
          } as API.Indices_Create_RequestBody,
        })
        .catch((error: unknown) => {
          // Another instance created it meanwhile.
          if (!String(error).includes('resource_already_exists_exception')) throw error;
        });
      return;
    }
    await client.indices.putMapping({ index, body: { properties } });
  }

  /** The saved search's document at `revision`: an external version, so an older write loses. */
  private versioned(savedSearchId: string, revision: number) {
    return {
      index: this.options.index,
      id: savedSearchId,
      version: revision,
      version_type: 'external' as const,
    };
  }

  async put(savedSearchId: string, revision: number, query: JobSearchQuery): Promise<void> {
    await this.call(() =>
      this.options.client.index({
        ...this.versioned(savedSearchId, revision),
        body: { savedSearchId, query: this.options.buildQuery(query) },
      }),
    ).catch(tolerateConflict);
  }

  async remove(savedSearchId: string, revision: number): Promise<void> {
    await this.call(() =>
      this.options.client.delete(this.versioned(savedSearchId, revision)),
    ).catch((error: unknown) => {
      if (statusOf(error) === 404) return;
      tolerateConflict(error);
    });
  }

  /** Ids of every saved search the job matches, page by page (search_after on the id). */
  async match(record: JobRecord): Promise<string[]> {
    const ids: string[] = [];
    let after: string | undefined;
    for (;;) {
      const body = {
        size: PAGE,
        _source: false,
        query: { percolate: { field: 'query', document: documentOf(record) } },
        sort: [{ savedSearchId: 'asc' }],
        ...(after ? { search_after: [after] } : {}),
      } as API.Search_RequestBody;
      const response = await this.call(() =>
        this.options.client.search({ index: this.options.index, body }),
      );
      const hits = response.body.hits.hits;
      for (const hit of hits) if (hit._id) ids.push(hit._id);
      if (hits.length < PAGE) return ids;
      after = ids.at(-1);
    }
  }

  /** Makes searches written so far visible to `match` (tests and benchmarks). */
  async refresh(): Promise<void> {
    await this.options.client.indices.refresh({ index: this.options.index });
  }

  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      const status = statusOf(error);
      const indexMissing = String(error).includes('index_not_found_exception');
      if (status !== undefined && status >= 400 && status < 500 && status !== 429 && !indexMissing)
        throw error;
      this.options.logger.warn({ err: error }, 'OpenSearch percolator request failed');
      throw new SearchUnavailableError(
        error instanceof Error ? error.message : 'OpenSearch request failed',
      );
    }
  }
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { meta?: { statusCode?: unknown } } | null)?.meta?.statusCode;
  return typeof status === 'number' ? status : undefined;
}

/** A version conflict: a newer state of the saved search is there already. */
function tolerateConflict(error: unknown): void {
  if (statusOf(error) !== 409) throw error;
}
