import type { SimilarJob } from '@b2g/contracts';
import type { API, Client } from '@opensearch-project/opensearch';
import type { Logger } from 'pino';
import type { SimilarJobsIndex, SimilarTo, SitemapEntry, SitemapSource } from '../domain/ports.js';
import { callOpenSearch } from './search/client.js';
import { stillOpen } from './search/queries.js';

/** How much of a description is compared: its start says what the job is. */
const LIKE_DESCRIPTION_CHARS = 2_000;

export interface JobPagesIndexOptions {
  client: Client;
  /** The alias searches go through (the search index's). */
  alias: string;
  logger: Logger;
  now?: () => Date;
}

/**
 * Similar jobs from the search index: more_like_this on the job's title and description (given as
 * text, so a job no longer in the index finds its like too), the same function and sector
 * weighing more, the job itself left out.
 */
export class OpenSearchSimilarJobs implements SimilarJobsIndex {
  private readonly now: () => Date;

  constructor(private readonly options: JobPagesIndexOptions) {
    this.now = options.now ?? (() => new Date());
  }

  async similar(to: SimilarTo, limit: number): Promise<SimilarJob[]> {
    const like = `${to.title}\n${to.description.slice(0, LIKE_DESCRIPTION_CHARS)}`;
    const body = {
      size: limit,
      _source: ['id', 'title', 'company', 'location', 'postedAt'],
      query: {
        bool: {
          should: [
            {
              more_like_this: {
                fields: ['title', 'description'],
                like,
                min_term_freq: 1,
                min_doc_freq: 1,
                max_query_terms: 25,
                minimum_should_match: '10%',
              },
            },
            ...(to.jobFunction
              ? [{ term: { jobFunction: { value: to.jobFunction, boost: 2 } } }]
              : []),
            { term: { sector: { value: to.sector, boost: 0.5 } } },
          ],
          minimum_should_match: 1,
          filter: [stillOpen(this.now())],
          must_not: [{ ids: { values: [to._id] } }],
        },
      },
      sort: ['_score', { postedAt: 'desc' }],
    } as API.Search_RequestBody;
    const response = await callOpenSearch(this.options.logger, () =>
      this.options.client.search({ index: this.options.alias, body }),
    );
    return response.body.hits.hits.flatMap((hit) =>
      hit._source ? [hit._source as SimilarJob] : [],
    );
  }
}

/** Jobs read per request while a sitemap file streams. */
const SITEMAP_BATCH = 5_000;

/**
 * The sitemap's jobs from the search index (the read model holds exactly the active, open jobs,
 * with id and posting date): the jobs whose id starts with a hex digit, by id, read with
 * search_after in batches. On FerretDB the same read from MongoDB scans every job (a count alone
 * took 4 minutes at 100,000 jobs); here it costs one request per batch.
 */
export class OpenSearchSitemap implements SitemapSource {
  private readonly now: () => Date;

  constructor(private readonly options: JobPagesIndexOptions) {
    this.now = options.now ?? (() => new Date());
  }

  async *entries(idPrefix: string): AsyncIterable<SitemapEntry> {
    let after: string | undefined;
    for (;;) {
      const body = {
        size: SITEMAP_BATCH,
        _source: ['id', 'postedAt'],
        query: { bool: { filter: [stillOpen(this.now()), { prefix: { id: idPrefix } }] } },
        sort: [{ id: 'asc' }],
        ...(after === undefined ? {} : { search_after: [after] }),
      } as API.Search_RequestBody;
      const response = await callOpenSearch(this.options.logger, () =>
        this.options.client.search({ index: this.options.alias, body }),
      );
      const hits = response.body.hits.hits;
      for (const hit of hits) {
        const source = hit._source as { id: string; postedAt: string } | undefined;
        if (source) yield { id: source.id, lastModified: new Date(source.postedAt) };
      }
      const last = hits.at(-1)?._source as { id: string } | undefined;
      if (hits.length < SITEMAP_BATCH || !last) return;
      after = last.id;
    }
  }
}
