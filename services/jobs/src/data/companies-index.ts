import type { Job } from '@b2g/contracts';
import type { API } from '@opensearch-project/opensearch';
import type { CompanyJobsIndex, CompanySitemapEntry } from '../domain/companies.js';
import type { JobPagesIndexOptions } from './job-pages-index.js';
import { callOpenSearch } from './search/client.js';
import { publicOf, type IndexedJob } from './search/mapping.js';
import { stillOpen } from './search/queries.js';

/** Companies read per request while the sitemap's company file streams. */
const COMPANIES_BATCH = 1_000;

/**
 * A company's jobs from the search index, which holds exactly the active, open jobs: one term on
 * the `companySlug` keyword, newest first; the sitemap's companies by a composite aggregation on
 * it, a batch per request.
 */
export class OpenSearchCompanyJobs implements CompanyJobsIndex {
  private readonly now: () => Date;

  constructor(private readonly options: JobPagesIndexOptions) {
    this.now = options.now ?? (() => new Date());
  }

  private search(body: API.Search_RequestBody) {
    return callOpenSearch(this.options.logger, () =>
      this.options.client.search({ index: this.options.alias, body }),
    );
  }

  async activeJobs(slug: string, limit: number): Promise<Job[]> {
    const response = await this.search({
      size: limit,
      query: { bool: { filter: [stillOpen(this.now()), { term: { companySlug: slug } }] } },
      sort: [{ postedAt: 'desc' }, { id: 'asc' }],
    } as API.Search_RequestBody);
    return response.body.hits.hits.flatMap((hit) =>
      hit._source ? [publicOf(hit._source as IndexedJob)] : [],
    );
  }

  async *companies(): AsyncIterable<CompanySitemapEntry> {
    let after: Record<string, unknown> | undefined;
    for (;;) {
      const response = await this.search({
        size: 0,
        query: { bool: { filter: [stillOpen(this.now())] } },
        aggs: {
          companies: {
            composite: {
              size: COMPANIES_BATCH,
              sources: [{ slug: { terms: { field: 'companySlug' } } }],
              ...(after ? { after } : {}),
            },
            aggs: { newest: { max: { field: 'postedAt' } } },
          },
        },
      } as API.Search_RequestBody);
      const result = response.body.aggregations?.companies as
        | {
            buckets: Array<{ key: { slug: string }; newest: { value: number | null } }>;
            after_key?: Record<string, unknown>;
          }
        | undefined;
      const buckets = result?.buckets ?? [];
      for (const bucket of buckets) {
        // A company name without letters or digits has no slug, and no page.
        if (bucket.key.slug && bucket.newest.value !== null)
          yield { slug: bucket.key.slug, lastModified: new Date(bucket.newest.value) };
      }
      if (buckets.length < COMPANIES_BATCH || !result?.after_key) return;
      after = result.after_key;
    }
  }
}
