import {
  EMPLOYER_TYPES,
  EMPLOYMENT_TYPES,
  EXPERIENCE_LEVELS,
  FEATURED_FUNCTIONS,
  JOBS_OFFSET_WINDOW,
  JOB_CLEARANCES,
  JOB_FUNCTIONS,
  SALARY_FILTER_OPTIONS,
  SECTORS,
  WORKPLACES,
  type Job,
  type JobFacetsResponse,
  type JobHighlights,
  type JobListItem,
} from '@b2g/contracts';
import { errors, type API, type Client, type Types } from '@opensearch-project/opensearch';
import type { Logger } from 'pino';
import type { FeaturedCandidate, FeaturedFunction } from '../domain/featured.js';
import { toPublicJob, type JobPoster, type JobRecord } from '../domain/job.js';
import {
  annualPayOf,
  B2G_SYNONYMS,
  clearancesUpTo,
  FUZZY_MIN_LENGTH,
  InvalidCursorError,
  PREFIX_MIN_LENGTH,
  requiredClearanceOf,
  SearchUnavailableError,
  SECTOR_MATCHES,
  searchUnits,
  todayOf,
  workplaceOf,
  type IndexBound,
  type JobSearchIndex,
  type JobSearchPage,
  type JobSearchQuery,
} from '../domain/search.js';

type Query = Types.Common_QueryDsl.QueryContainer;
type SearchBody = API.Search_RequestBody;
type Sort = Types.Common.SortCombinations[];

/**
 * What the index holds of a job: its public snapshot (what searches return) plus what filters
 * compare: `workplace`, `requiredClearance` (none when it names none) and `annualPay`.
 */
type IndexedJob = Job & {
  workplace: string;
  requiredClearance: string;
  annualPay: number | null;
  postedBy?: JobPoster | undefined;
};

/**
 * Version of the mapping below, kept in the index's `_meta`: an instance that finds another one
 * behind the alias rebuilds the index (2: issue 20's clearance, pay, closing date and type).
 */
export const SEARCH_MAPPING_VERSION = 2;

/** A version above every revision: the tombstone of a job removed for good. */
const PURGED_VERSION = Number.MAX_SAFE_INTEGER;
/**
 * Highlight markers: private-use characters (control characters would be trimmed away by
 * OpenSearch at the start of a field), turned into ranges and never sent.
 */
const MARK_START = '\uE000';
const MARK_END = '\uE001';
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
const TEXT_FIELDS = { title: 3, company: 3, location: 1.5, description: 1 } as const;
const HIGHLIGHTED = ['title', 'description'] as const;

const REFRESH_INTERVAL = '500ms';
/**
 * Word beginnings from PREFIX_MIN_LENGTH letters are indexed as terms of their own, so the last
 * word's prefix match is one term look-up instead of an expansion over the vocabulary.
 */
const INDEX_PREFIXES = { min_chars: PREFIX_MIN_LENGTH, max_chars: 15 };
const exactField: Types.Common_Mapping.Property = {
  type: 'text',
  analyzer: 'b2g_exact',
  index_prefixes: INDEX_PREFIXES,
};
const textField: Types.Common_Mapping.Property = {
  type: 'text',
  analyzer: 'b2g_english',
  search_analyzer: 'b2g_english_search',
  fields: { exact: exactField },
};
/** A highlighted field keeps its words' offsets, so highlighting does not analyse it again. */
const withOffsets: Types.Common_Mapping.Property = {
  type: 'text',
  analyzer: 'b2g_exact',
  index_options: 'offsets',
  index_prefixes: INDEX_PREFIXES,
};
const highlightedField: Types.Common_Mapping.Property = {
  type: 'text',
  analyzer: 'b2g_english',
  search_analyzer: 'b2g_english_search',
  index_options: 'offsets',
  fields: { exact: withOffsets },
};

/** Settings and mapping of every jobs index (one shard: 100,000 jobs are a small index). */
export function indexDefinition(replicas: number): API.Indices_Create_RequestBody {
  return {
    settings: {
      number_of_shards: 1,
      number_of_replicas: replicas,
      refresh_interval: REFRESH_INTERVAL,
      // Tombstones of deletes outlive a reindex, so a stale copy loaded late cannot revive a job.
      gc_deletes: '15m',
      max_result_window: JOBS_OFFSET_WINDOW,
      analysis: {
        filter: {
          b2g_stop: { type: 'stop', stopwords: '_english_' },
          b2g_stemmer: { type: 'stemmer', language: 'english' },
          b2g_possessive: { type: 'stemmer', language: 'possessive_english' },
          b2g_synonyms: {
            type: 'synonym_graph',
            synonyms: B2G_SYNONYMS.map((set) => set.join(', ')),
          },
        },
        normalizer: { b2g_lowercase: { type: 'custom', filter: ['lowercase', 'asciifolding'] } },
        analyzer: {
          b2g_english: {
            type: 'custom',
            tokenizer: 'standard',
            filter: ['b2g_possessive', 'lowercase', 'asciifolding', 'b2g_stop', 'b2g_stemmer'],
          },
          b2g_english_search: {
            type: 'custom',
            tokenizer: 'standard',
            filter: [
              'b2g_possessive',
              'lowercase',
              'asciifolding',
              'b2g_synonyms',
              'b2g_stop',
              'b2g_stemmer',
            ],
          },
          b2g_exact: {
            type: 'custom',
            tokenizer: 'standard',
            filter: ['lowercase', 'asciifolding'],
          },
        },
      },
    },
    mappings: {
      dynamic: false,
      _meta: { version: SEARCH_MAPPING_VERSION },
      properties: {
        id: { type: 'keyword' },
        title: highlightedField,
        company: textField,
        location: {
          type: 'text',
          analyzer: 'b2g_english',
          search_analyzer: 'b2g_english_search',
          fields: { exact: exactField, keyword: { type: 'keyword', normalizer: 'b2g_lowercase' } },
        },
        description: highlightedField,
        sector: { type: 'keyword' },
        jobFunction: { type: 'keyword' },
        employerType: { type: 'keyword' },
        experienceLevel: { type: 'keyword' },
        workplace: { type: 'keyword' },
        postedAt: { type: 'date' },
        requiredClearance: { type: 'keyword' },
        polygraph: { type: 'keyword' },
        employmentType: { type: 'keyword' },
        annualPay: { type: 'double' },
        closingDate: { type: 'date', format: 'strict_date' },
      },
    },
  };
}

export interface OpenSearchJobIndexOptions {
  client: Client;
  /** The alias searches and writes go through; concrete indices are `<alias>-<time>`. */
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

  constructor(private readonly options: OpenSearchJobIndexOptions) {
    this.client = options.client;
    this.alias = options.alias;
    this.nextAlias = `${options.alias}-next`;
    this.now = options.now ?? (() => new Date());
  }

  async search(query: JobSearchQuery, bound: IndexBound = {}): Promise<JobSearchPage> {
    const sort = sortOf(query);
    const after = query.cursor ? decodeCursor(query.cursor, sort.length) : undefined;
    const units = query.search ? searchUnits(query.search) : [];
    const page = await exactThenTypos(units, async (must) => {
      const body: SearchBody = {
        query: { bool: { must, filter: this.filters(query) } },
        sort,
        size: query.limit,
        track_total_hits: true,
        ...(after ? { search_after: after.after } : { from: query.offset }),
        ...(units.length > 0 ? { highlight: highlightRequest(units, must) } : {}),
      };
      const response = await this.call(() =>
        this.client.search({ index: this.alias, body }, requestOptions(bound)),
      );
      const { hits } = response.body;
      return { hits: hits.hits, total: totalOf(hits.total) };
    });
    const items = page.hits.map((hit) => {
      const item: JobListItem = publicOf(hit._source as IndexedJob);
      const highlights = rangesOf(item, hit.highlight ?? {});
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
    const units = query.search ? searchUnits(query.search) : [];
    const without = (facet: FacetName) =>
      ({ bool: { filter: this.filters({ ...query, [facet]: undefined }) } }) satisfies Query;
    const filtersAgg = (facet: FacetName, buckets: Record<string, Query>) => ({
      filter: without(facet),
      aggs: { values: { filters: { filters: buckets } } },
    });
    const termsAgg = (facet: FacetName, field: string, values: readonly string[]) =>
      filtersAgg(
        facet,
        Object.fromEntries(values.map((value) => [value, { term: { [field]: value } }])),
      );
    const aggs = {
      sector: filtersAgg(
        'sector',
        Object.fromEntries(
          SECTORS.map((sector) => [sector, { terms: { sector: [...SECTOR_MATCHES[sector]] } }]),
        ),
      ),
      jobFunction: termsAgg('jobFunction', 'jobFunction', JOB_FUNCTIONS),
      employerType: termsAgg('employerType', 'employerType', EMPLOYER_TYPES),
      experienceLevel: termsAgg('experienceLevel', 'experienceLevel', EXPERIENCE_LEVELS),
      remote: termsAgg('remote', 'workplace', WORKPLACES),
      // Cumulative, as the filter is: an option counts the jobs needing it or less.
      clearance: filtersAgg(
        'clearance',
        Object.fromEntries(
          JOB_CLEARANCES.map((level) => [
            level,
            { terms: { requiredClearance: clearancesUpTo(level) } },
          ]),
        ),
      ),
      employmentType: termsAgg('employmentType', 'employmentType', EMPLOYMENT_TYPES),
      salaryMin: filtersAgg(
        'salaryMin',
        Object.fromEntries(
          SALARY_FILTER_OPTIONS.map((amount) => [String(amount), payAtLeast(amount)]),
        ),
      ),
    };
    const { aggregations, total } = await exactThenTypos(units, async (must) => {
      const body = {
        size: 0,
        track_total_hits: true,
        query: { bool: { must } },
        post_filter: { bool: { filter: this.filters(query) } },
        aggs,
      } as SearchBody;
      const response = await this.call(() => this.client.search({ index: this.alias, body }));
      return {
        aggregations: (response.body.aggregations ?? {}) as Record<string, FacetAggregation>,
        total: totalOf(response.body.hits.total),
      };
    });
    const countsOf = <T extends string>(facet: FacetName, values: readonly T[]) =>
      Object.fromEntries(
        values.map((value) => [value, aggregations[facet]?.values.buckets[value]?.doc_count ?? 0]),
      ) as Record<T, number>;
    return {
      total,
      facets: {
        sector: countsOf('sector', SECTORS),
        jobFunction: countsOf('jobFunction', JOB_FUNCTIONS),
        employerType: countsOf('employerType', EMPLOYER_TYPES),
        experienceLevel: countsOf('experienceLevel', EXPERIENCE_LEVELS),
        remote: countsOf('remote', WORKPLACES),
        clearance: countsOf('clearance', JOB_CLEARANCES),
        employmentType: countsOf('employmentType', EMPLOYMENT_TYPES),
        salaryMin: countsOf('salaryMin', SALARY_FILTER_OPTIONS.map(String)),
      },
    };
  }

  async featuredCandidates(
    perFunction: number,
    bound: IndexBound = {},
  ): Promise<Partial<Record<FeaturedFunction, FeaturedCandidate[]>>> {
    const body: SearchBody = {
      size: 0,
      query: {
        bool: {
          filter: [{ terms: { jobFunction: [...FEATURED_FUNCTIONS] } }, stillOpen(this.now())],
        },
      },
      aggs: {
        byFunction: {
          terms: { field: 'jobFunction', size: FEATURED_FUNCTIONS.length },
          aggs: {
            newest: {
              top_hits: { size: perFunction, sort: [{ postedAt: 'desc' }, { id: 'asc' }] },
            },
          },
        },
      },
    } as SearchBody;
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

  remove(id: string, bound: IndexBound = {}): Promise<void> {
    return this.write(bound, id, PURGED_VERSION);
  }

  /**
   * Builds a fresh index from `jobs` and moves the alias to it atomically: searches keep being
   * answered by the old index meanwhile, and changes made meanwhile reach the new one too (it has
   * the `-next` alias writes also go to; versions keep the newer state whichever arrives first).
   */
  async rebuild(jobs: AsyncIterable<JobRecord>): Promise<{ jobs: number; ms: number }> {
    const started = performance.now();
    const name = `${this.alias}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const definition = indexDefinition(this.options.replicas);
    // One rebuild at a time, whichever instance runs it: one begun recently is left to finish;
    // one older than STALLED_REBUILD_MS stopped half way and is superseded.
    const unfinished = await this.indicesOf(this.nextAlias);
    const running = unfinished.filter(
      (index) => Date.now() - this.startOf(index) < STALLED_REBUILD_MS,
    );
    if (running.length > 0) throw new RebuildRunningError(running);
    if (unfinished.length > 0) {
      this.options.logger.warn({ indices: unfinished }, 'superseding an unfinished rebuild');
      await this.client.indices.delete({ index: unfinished });
    }
    // `-next` names one write index: a second rebuild starting at the same moment is refused
    // here (OpenSearch allows one write index per alias) instead of both making writes fail.
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
    let count = 0;
    let batch: JobRecord[] = [];
    // One bulk request in flight while the next batch is read from MongoDB.
    let sending: Promise<void> = Promise.resolve();
    const send = async (records: JobRecord[]) => {
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
        throw new Error(
          `reindex refused a job: ${failed.error.type}: ${failed.error.reason ?? ''}`,
        );
    };
    const flush = async () => {
      if (batch.length === 0) return;
      const records = batch;
      batch = [];
      await sending;
      sending = send(records);
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

  /**
   * The query a saved search stands for, as search builds it (words exactly or as the last word's
   * beginning, and every filter), for the percolator. `postedWithin` and the closing date are
   * left out: both count from the time a search runs (a job being matched is new, and a closed
   * one is not matched).
   */
  percolatorQuery(query: JobSearchQuery): Query {
    const units = query.search ? searchUnits(query.search) : [];
    return {
      bool: {
        must: textQuery(units, false),
        filter: this.filters({ ...query, postedWithin: undefined }, false),
      },
    };
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
   * `document` absent: a delete. A version conflict means a newer state is there already.
   */
  private async write(
    bound: IndexBound,
    id: string,
    version: number,
    document?: IndexedJob,
  ): Promise<void> {
    const versioned = { _id: id, version, version_type: 'external' as const };
    const body: API.Bulk_RequestBody = [this.alias, this.nextAlias].flatMap(
      (index): API.Bulk_RequestBody =>
        document
          ? [{ index: { _index: index, require_alias: true, ...versioned } }, document]
          : [{ delete: { _index: index, ...versioned } }],
    );
    const refresh = bound.visibleOnReturn ? { refresh: 'wait_for' as const } : {};
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

  /**
   * The filters of a query, each a clause every job must pass (closed jobs never do, unless
   * `open` is false: the percolator's stored queries, whose jobs are checked when matched).
   */
  private filters(query: JobSearchQuery, open = true): Query[] {
    const filters: Query[] = open ? [stillOpen(this.now())] : [];
    if (query.sector) filters.push({ terms: { sector: [...SECTOR_MATCHES[query.sector]] } });
    if (query.jobFunction) filters.push({ term: { jobFunction: query.jobFunction } });
    if (query.employerType) filters.push({ term: { employerType: query.employerType } });
    if (query.experienceLevel) filters.push({ term: { experienceLevel: query.experienceLevel } });
    if (query.remote) filters.push({ term: { workplace: query.remote } });
    if (query.clearance)
      filters.push({ terms: { requiredClearance: clearancesUpTo(query.clearance) } });
    if (query.employmentType) filters.push({ term: { employmentType: query.employmentType } });
    if (query.salaryMin !== undefined) filters.push(payAtLeast(query.salaryMin));
    if (query.location) {
      filters.push({
        wildcard: {
          'location.keyword': {
            value: `*${escapeWildcard(query.location)}*`,
            case_insensitive: true,
          },
        },
      });
    }
    if (query.postedWithin) {
      const since = new Date(this.now().getTime() - query.postedWithin * 86_400_000);
      filters.push({ range: { postedAt: { gte: since.toISOString() } } });
    }
    return filters;
  }

  private call<T>(request: () => Promise<T>): Promise<T> {
    return callOpenSearch(this.options.logger, request);
  }
}

/** The client's options for one call within `bound`: one attempt, its own timeout. */
function requestOptions({ withinMs }: IndexBound) {
  return withinMs === undefined ? {} : { requestTimeout: withinMs, maxRetries: 0 };
}

/** Jobs without a closing date, or closing today or later. */
export function stillOpen(now: Date): Query {
  return {
    bool: {
      should: [
        { bool: { must_not: { exists: { field: 'closingDate' } } } },
        { range: { closingDate: { gte: todayOf(now) } } },
      ],
      minimum_should_match: 1,
    },
  };
}

/** Runs a request; an unreachable or failing OpenSearch becomes SearchUnavailableError. */
export async function callOpenSearch<T>(logger: Logger, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof errors.ResponseError && error.statusCode === 400) throw error;
    logger.warn({ err: error }, 'OpenSearch request failed');
    throw new SearchUnavailableError(
      error instanceof Error ? error.message : 'OpenSearch request failed',
    );
  }
}

type FacetName = keyof JobFacetsResponse['facets'];

/** Jobs paying at least `amount` USD a year (jobs without pay have no `annualPay`: left out). */
function payAtLeast(amount: number): Query {
  return { range: { annualPay: { gte: amount } } };
}

interface FacetAggregation {
  values: { buckets: Record<string, { doc_count: number }> };
}

interface FeaturedAggregation {
  buckets: Array<{ key: string; newest: { hits: { hits: Array<{ _source?: IndexedJob }> } } }>;
}

/**
 * Every unit must match in some field (title and company weigh most): as words (stemmed, with
 * synonyms, one typo in words of FUZZY_MIN_LENGTH letters or more); the last one, if it has
 * PREFIX_MIN_LENGTH letters or more, also as the beginning of a word ('capt' finds 'Capture').
 * Stop words alone match everything.
 */
function textQuery(units: string[], typos: boolean): Query[] {
  const fields = Object.entries(TEXT_FIELDS).map(([field, boost]) => `${field}^${boost}`);
  const exactFields = Object.entries(TEXT_FIELDS).map(
    ([field, boost]) => `${field}.exact^${boost}`,
  );
  return units.map((unit, position) => {
    const fuzzy = typos && toleratesTypo(unit);
    const match = (on: string[]): Query => ({
      multi_match: {
        query: unit,
        fields: on,
        type: 'best_fields',
        operator: 'and',
        zero_terms_query: 'all',
        ...(fuzzy ? { fuzziness: 1 } : {}),
      },
    });
    const alternatives: Query[] = [match(fields)];
    // A typo in the word as written: its stem may be two edits from the right stem.
    if (fuzzy) alternatives.push(match(exactFields));
    if (position === units.length - 1 && unit.length >= PREFIX_MIN_LENGTH)
      alternatives.push({
        multi_match: { query: unit, fields: exactFields, type: 'bool_prefix', operator: 'and' },
      });
    return alternatives.length === 1
      ? (alternatives[0] as Query)
      : { bool: { should: alternatives, minimum_should_match: 1 } };
  });
}

function totalOf(total: number | { value: number } | undefined): number {
  return typeof total === 'number' ? total : (total?.value ?? 0);
}

function toleratesTypo(unit: string): boolean {
  return unit.length >= FUZZY_MIN_LENGTH && !unit.includes(' ');
}

/**
 * Runs `request` for the search as typed; only if that finds nothing and a word may hold a typo,
 * again tolerating one typo per such word. Exact matches are never drowned by near misses, and
 * the common case skips the costlier fuzzy expansion (and highlighting of it).
 */
async function exactThenTypos<T extends { total: number }>(
  units: string[],
  request: (must: Query[]) => Promise<T>,
): Promise<T> {
  const exact = await request(textQuery(units, false));
  if (exact.total > 0 || !units.some(toleratesTypo)) return exact;
  return request(textQuery(units, true));
}

/**
 * Whole-field highlights of title and description. The prefix clause is matched through the
 * indexed prefixes, which the highlighter cannot see: it is given the last word as a wildcard.
 */
function highlightRequest(units: string[], must: Query[]): SearchBody['highlight'] {
  const whole = { number_of_fragments: 0 };
  const lastWord = units.at(-1)?.split(' ').at(-1) ?? '';
  const beginnings: Query[] =
    lastWord.length >= PREFIX_MIN_LENGTH
      ? HIGHLIGHTED.map((field) => ({
          wildcard: { [`${field}.exact`]: { value: `${escapeWildcard(lastWord)}*` } },
        }))
      : [];
  return {
    type: 'unified',
    pre_tags: [MARK_START],
    post_tags: [MARK_END],
    require_field_match: false,
    highlight_query: { bool: { should: [...must, ...beginnings] } },
    fields: Object.fromEntries(
      HIGHLIGHTED.flatMap((field) => [
        [field, whole],
        [`${field}.exact`, whole],
      ]),
    ),
  } as SearchBody['highlight'];
}

/**
 * Marked-up highlights as [start, end) ranges of the job's own text, merged across subfields. A
 * marked text that is not the job's text once unmarked (it held a marker character itself) gives
 * no ranges rather than wrong ones.
 */
function rangesOf(job: Job, highlight: Record<string, string[]>): JobHighlights | undefined {
  const result: JobHighlights = {};
  for (const field of HIGHLIGHTED) {
    const ranges: Array<[number, number]> = [];
    for (const marked of [highlight[field]?.[0], highlight[`${field}.exact`]?.[0]]) {
      if (marked) ranges.push(...markedRanges(marked, job[field]));
    }
    if (ranges.length > 0) result[field] = mergeRanges(ranges);
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

function markedRanges(marked: string, text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let plain = '';
  let start = -1;
  for (const char of marked) {
    if (char === MARK_START) start = plain.length;
    else if (char === MARK_END) {
      if (start >= 0) ranges.push([start, plain.length]);
      start = -1;
    } else plain += char;
  }
  // OpenSearch trims the whole-field fragment: place it back where it is in the text.
  const base = text.indexOf(plain);
  if (base < 0 || text.trim() !== plain.trim()) return [];
  return ranges.map(([from, to]) => [from + base, to + base]);
}

function mergeRanges(ranges: Array<[number, number]>): Array<[number, number]> {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: Array<[number, number]> = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}

function sortOf(query: JobSearchQuery): Sort {
  const newest: Sort = [{ postedAt: { order: 'desc' } }, { id: { order: 'asc' } }];
  const byRelevance = query.search && query.sort !== 'newest';
  return byRelevance ? [{ _score: { order: 'desc' } }, ...newest] : newest;
}

type CursorValue = Types.Common.FieldValue;

/** Where a page ended: its last item's sort values and how many items came before and in it. */
interface Cursor {
  after: CursorValue[];
  seen: number;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(text: string, length: number): Cursor {
  let cursor: unknown;
  try {
    cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError('unreadable cursor');
  }
  const { after, seen } = (typeof cursor === 'object' && cursor !== null ? cursor : {}) as {
    after?: unknown;
    seen?: unknown;
  };
  const valid =
    Array.isArray(after) &&
    after.length === length &&
    after.every((value) => typeof value === 'number' || typeof value === 'string') &&
    Number.isInteger(seen) &&
    (seen as number) >= 0;
  if (!valid) throw new InvalidCursorError('cursor of another search');
  return { after: after as CursorValue[], seen: seen as number };
}

function escapeWildcard(text: string): string {
  return text.replace(/[\\*?]/g, (char) => `\\${char}`);
}

/** What the index holds of a job (also what the percolator matches saved searches against). */
export function documentOf(record: JobRecord): IndexedJob {
  return {
    ...toPublicJob(record),
    workplace: workplaceOf(record),
    requiredClearance: requiredClearanceOf(record),
    annualPay: annualPayOf(record),
    postedBy: record.postedBy,
  };
}

function publicOf(source: IndexedJob): Job {
  const {
    workplace: _workplace,
    requiredClearance: _clearance,
    annualPay: _pay,
    postedBy: _postedBy,
    ...job
  } = source;
  return job;
}
