import { FEATURED_FUNCTIONS, type JobFacetsResponse, type JobListItem } from '@b2g/contracts';
import type { API, Client } from '@opensearch-project/opensearch';
import type { Logger } from 'pino';
import type {
  FeaturedCandidate,
  FeaturedFunction,
  JobRecord,
  JobSearchPage,
  JobSearchQuery,
} from '../../domain/model.js';
import type { IndexBound, JobSearchIndex } from '../../domain/ports.js';
import { SearchUnavailableError } from '../../domain/search.js';
import { callOpenSearch, requestOptions, totalOf, type Query, type SearchBody } from './client.js';
import { decodeCursor, encodeCursor, type CursorValue } from './cursor.js';
import { facetAggregations, facetCounts, type FacetAggregation } from './facets.js';
import { beginningOf, highlightRequest, rangesOf } from './highlight.js';
import { SearchIndexLifecycle } from './lifecycle.js';
import { documentOf, publicOf, type IndexedJob } from './mapping.js';
import {
  exactThenTypos,
  featuredQuery,
  filtersOf,
  percolatorQueryOf,
  sortOf,
  unitsOf,
} from './queries.js';

export { RebuildRunningError } from './lifecycle.js';

/** A version above every revision: the tombstone of a job removed for good. */
const PURGED_VERSION = Number.MAX_SAFE_INTEGER;

interface FeaturedAggregation {
  buckets: Array<{ key: string; newest: { hits: { hits: Array<{ _source?: IndexedJob }> } } }>;
}

export interface OpenSearchJobIndexOptions {
  client: Client;
  /** The alias searches and writes go through; concrete indices are `<alias>-<time>-<random>`. */
  alias: string;
  replicas: number;
  logger: Logger;
  now?: () => Date;
}

/** The jobs read model in OpenSearch: searches, facets, featured jobs and versioned writes. */
export class OpenSearchJobIndex implements JobSearchIndex {
  readonly alias: string;
  /** Alias of an index being built by a reindex: writes go there too, so it misses nothing. */
  readonly nextAlias: string;
  private readonly client: Client;
  private readonly now: () => Date;
  private readonly lifecycle: SearchIndexLifecycle;

  constructor(private readonly options: OpenSearchJobIndexOptions) {
    this.client = options.client;
    this.alias = options.alias;
    this.nextAlias = `${options.alias}-next`;
    this.now = options.now ?? (() => new Date());
    this.lifecycle = new SearchIndexLifecycle({ ...options, nextAlias: this.nextAlias });
  }

  async search(query: JobSearchQuery, bound: IndexBound = {}): Promise<JobSearchPage> {
    const sort = sortOf(query);
    const after = query.cursor ? decodeCursor(query.cursor, sort.length) : undefined;
    const units = unitsOf(query);
    const page = await exactThenTypos(units, async (must, typos) => {
      const body: SearchBody = {
        query: { bool: { must, filter: filtersOf(query, this.now()) } },
        sort,
        size: query.limit,
        track_total_hits: true,
        ...(after ? { search_after: after.after } : { from: query.offset }),
        ...(units.length > 0 ? { highlight: highlightRequest(must, typos) } : {}),
      };
      const response = await this.call(() =>
        this.client.search({ index: this.alias, body }, requestOptions(bound)),
      );
      const { hits } = response.body;
      return { hits: hits.hits, total: totalOf(hits.total) };
    });
    const beginning = beginningOf(units);
    const items = page.hits.map((hit) => {
      const item: JobListItem = publicOf(hit._source as IndexedJob);
      const highlights = rangesOf(item, hit.highlight ?? {}, beginning);
      if (highlights) item.highlights = highlights;
      return item;
    });
    const last = page.hits.at(-1);
    const reached = (after?.seen ?? query.offset) + items.length;
    const more = items.length === query.limit && reached < page.total && last?.sort;
    return {
      items,
      total: page.total,
      nextCursor: more
        ? encodeCursor({ after: last.sort as CursorValue[], seen: reached })
        : undefined,
    };
  }

  async facets(query: JobSearchQuery): Promise<JobFacetsResponse> {
    const aggs = facetAggregations(query, this.now());
    const { aggregations, total } = await exactThenTypos(unitsOf(query), async (must) => {
      const body = {
        size: 0,
        track_total_hits: true,
        query: { bool: { must } },
        post_filter: { bool: { filter: filtersOf(query, this.now()) } },
        aggs,
      } as SearchBody;
      const response = await this.call(() => this.client.search({ index: this.alias, body }));
      return {
        aggregations: (response.body.aggregations ?? {}) as Record<string, FacetAggregation>,
        total: totalOf(response.body.hits.total),
      };
    });
    return { total, facets: facetCounts(aggregations) };
  }

  async featuredCandidates(
    perFunction: number,
    bound: IndexBound = {},
  ): Promise<Partial<Record<FeaturedFunction, FeaturedCandidate[]>>> {
    const body = featuredQuery(perFunction, this.now());
    const response = await this.call(() =>
      this.client.search({ index: this.alias, body }, requestOptions(bound)),
    );
    const buckets =
      (response.body.aggregations?.byFunction as FeaturedAggregation | undefined)?.buckets ?? [];
    const result: Partial<Record<FeaturedFunction, FeaturedCandidate[]>> = {};
    for (const bucket of buckets) {
      const fn = FEATURED_FUNCTIONS.find((candidate) => candidate === bucket.key);
      if (!fn) continue;
      result[fn] = bucket.newest.hits.hits.flatMap((hit) => {
        if (!hit._source) return [];
        return [{ ...publicOf(hit._source), postedBy: hit._source.postedBy }];
      });
    }
    return result;
  }

  async apply(record: JobRecord, bound: IndexBound = {}): Promise<void> {
    if (record.deletedAt) return this.write(bound, record._id, record.revision);
    return this.write(bound, record._id, record.revision, documentOf(record));
  }

  async applyCurrent(record: JobRecord, bound: IndexBound = {}): Promise<void> {
    if (record.deletedAt) return this.apply(record, bound);
    return this.write(bound, record._id, record.revision, documentOf(record), 'external_gte');
  }

  remove(id: string, bound: IndexBound = {}): Promise<void> {
    return this.write(bound, id, PURGED_VERSION);
  }

  /** Builds a fresh index from `jobs` behind the alias (see SearchIndexLifecycle.rebuild). */
  rebuild(jobs: AsyncIterable<JobRecord>): Promise<{ jobs: number; ms: number }> {
    return this.lifecycle.rebuild(jobs);
  }

  /** Whether the alias holds the current mapping and every active job (false: rebuild). */
  isCurrent(countActive: () => Promise<number>): Promise<boolean> {
    return this.lifecycle.isCurrent(countActive);
  }

  /** The query a saved search stands for, for the percolator (see percolatorQueryOf). */
  percolatorQuery(query: JobSearchQuery): Query {
    return percolatorQueryOf(query, this.now());
  }

  /** Whether OpenSearch answers (readiness). */
  async reachable(): Promise<boolean> {
    try {
      await this.client.ping({}, { requestTimeout: 2_000 });
      return true;
    } catch {
      return false;
    }
  }

  /**
   * One versioned write to the live index and to an index being built, if any (one request).
   * `document` absent: a delete. A version conflict means a newer state is there already
   * (`external_gte`: a state of the same version is replaced too).
   */
  private async write(
    bound: IndexBound,
    id: string,
    version: number,
    document?: IndexedJob,
    versionType: 'external' | 'external_gte' = 'external',
  ): Promise<void> {
    const versioned = { _id: id, version, version_type: versionType };
    const body: API.Bulk_RequestBody = [this.alias, this.nextAlias].flatMap(
      (index): API.Bulk_RequestBody =>
        document
          ? [{ index: { _index: index, require_alias: true, ...versioned } }, document]
          : [{ delete: { _index: index, ...versioned } }],
    );
    const refresh = bound.visibleOnReturn ? { refresh: true } : {};
    const response = await this.call(() =>
      this.client.bulk({ body, ...refresh }, requestOptions(bound)),
    );
    for (const [position, item] of response.body.items.entries()) {
      const result = Object.values(item)[0];
      if (!result?.error) continue;
      const building = position === 1;
      const tolerated =
        result.status === 409 ||
        (result.status === 404 && !document) ||
        (building && result.error.type === 'index_not_found_exception');
      if (tolerated) continue;
      if (
        result.status === 429 ||
        result.status >= 500 ||
        result.error.type === 'index_not_found_exception'
      )
        throw new SearchUnavailableError(`${result.error.type}: ${result.error.reason ?? ''}`);
      throw new Error(
        `OpenSearch refused job ${id}: ${result.error.type}: ${result.error.reason ?? ''}`,
      );
    }
  }

  private call<T>(request: () => Promise<T>): Promise<T> {
    return callOpenSearch(this.options.logger, request);
  }
}
