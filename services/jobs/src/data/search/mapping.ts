import { companySlug, JOBS_OFFSET_WINDOW, type Job } from '@b2g/contracts';
import type { API, Types } from '@opensearch-project/opensearch';
import { toPublicJob } from '../../domain/job.js';
import type { JobPoster, JobRecord } from '../../domain/model.js';
import {
  annualPayOf,
  B2G_SYNONYMS,
  PREFIX_MIN_LENGTH,
  requiredClearanceOf,
  workplaceOf,
} from '../../domain/search.js';

/**
 * What the index holds of a job: its public snapshot (what searches return) plus what filters
 * compare: `workplace`, `requiredClearance` (none when it names none) and `annualPay`.
 */
export type IndexedJob = Job & {
  /** companySlug(company): a company page's jobs are one term on it. */
  companySlug: string;
  workplace: string;
  requiredClearance: string;
  annualPay: number | null;
  postedBy?: JobPoster | undefined;
};

/**
 * Version of the mapping below, kept in the index's `_meta`: an instance that finds another one
 * behind the alias rebuilds the index. Raise it with every change to the mapping.
 */
export const SEARCH_MAPPING_VERSION = 3;

/** How soon a write is searchable; a rebuild turns refreshes off while it loads. */
export const REFRESH_INTERVAL = '500ms';

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
        companySlug: { type: 'keyword' },
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

/** What the index holds of a job (also what the percolator matches saved searches against). */
export function documentOf(record: JobRecord): IndexedJob {
  return {
    ...toPublicJob(record),
    companySlug: companySlug(record.company),
    workplace: workplaceOf(record),
    requiredClearance: requiredClearanceOf(record),
    annualPay: annualPayOf(record),
    postedBy: record.postedBy,
  };
}

/** The job's public snapshot from what the index holds, without the filter-only fields. */
export function publicOf(source: IndexedJob): Job {
  const {
    companySlug: _companySlug,
    workplace: _workplace,
    requiredClearance: _clearance,
    annualPay: _pay,
    postedBy: _postedBy,
    ...job
  } = source;
  return job;
}
