import { FEATURED_FUNCTIONS } from '@b2g/contracts';
import type { Types } from '@opensearch-project/opensearch';
import {
  clearancesUpTo,
  FUZZY_MIN_LENGTH,
  PREFIX_MIN_LENGTH,
  SECTOR_MATCHES,
  searchUnits,
  todayOf,
} from '../../domain/search.js';
import type { JobSearchQuery } from '../../domain/model.js';
import type { Query, SearchBody } from './client.js';

type Sort = Types.Common.SortCombinations[];

/** The fields a search's words are looked for in, and how much a match in each weighs. */
const TEXT_FIELDS = { title: 3, company: 3, location: 1.5, description: 1 } as const;

/** The units a search's text is matched by (none without text). */
export function unitsOf(query: JobSearchQuery): string[] {
  return query.search ? searchUnits(query.search) : [];
}

/**
 * Every unit must match in some field (title and company weigh most): as words (stemmed, with
 * synonyms, one typo in words of FUZZY_MIN_LENGTH letters or more); the last one, if it has
 * PREFIX_MIN_LENGTH letters or more, also as the beginning of a word ('capt' finds 'Capture').
 * Stop words alone match everything.
 */
export function textQuery(units: string[], typos: boolean): Query[] {
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

function toleratesTypo(unit: string): boolean {
  return unit.length >= FUZZY_MIN_LENGTH && !unit.includes(' ');
}

/**
 * Runs `request` for the search as typed; only if that finds nothing and a word may hold a typo,
 * again tolerating one typo per such word. Exact matches are never drowned by near misses, and
 * the common case skips the costlier fuzzy expansion (and highlighting of it).
 */
export async function exactThenTypos<T extends { total: number }>(
  units: string[],
  request: (must: Query[], typos: boolean) => Promise<T>,
): Promise<T> {
  const exact = await request(textQuery(units, false), false);
  if (exact.total > 0 || !units.some(toleratesTypo)) return exact;
  return request(textQuery(units, true), true);
}

/**
 * The filters of a query, each a clause every job must pass (closed jobs never do, unless
 * `open` is false: the percolator's stored queries, whose jobs are checked when matched).
 */
export function filtersOf(query: JobSearchQuery, now: Date, open = true): Query[] {
  const filters: Query[] = open ? [stillOpen(now)] : [];
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
    const since = new Date(now.getTime() - query.postedWithin * 86_400_000);
    filters.push({ range: { postedAt: { gte: since.toISOString() } } });
  }
  return filters;
}

/**
 * The query a saved search stands for, as search builds it (words exactly or as the last word's
 * beginning, and every filter), for the percolator. `postedWithin` and the closing date are
 * left out: both count from the time a search runs (a job being matched is new, and a closed
 * one is not matched).
 */
export function percolatorQueryOf(query: JobSearchQuery, now: Date): Query {
  return {
    bool: {
      must: textQuery(unitsOf(query), false),
      filter: filtersOf({ ...query, postedWithin: undefined }, now, false),
    },
  };
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

/** Jobs paying at least `amount` USD a year (jobs without pay have no `annualPay`: left out). */
export function payAtLeast(amount: number): Query {
  return { range: { annualPay: { gte: amount } } };
}

/** Relevance first when there are words to rank by, then newest; the id breaks ties for paging. */
export function sortOf(query: JobSearchQuery): Sort {
  const newest: Sort = [{ postedAt: { order: 'desc' } }, { id: { order: 'asc' } }];
  const byRelevance = query.search && query.sort !== 'newest';
  return byRelevance ? [{ _score: { order: 'desc' } }, ...newest] : newest;
}

/** The newest `perFunction` open jobs of each featured function, as one aggregation. */
export function featuredQuery(perFunction: number, now: Date): SearchBody {
  return {
    size: 0,
    query: {
      bool: {
        filter: [{ terms: { jobFunction: [...FEATURED_FUNCTIONS] } }, stillOpen(now)],
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
}

function escapeWildcard(text: string): string {
  return text.replace(/[\\*?]/g, (char) => `\\${char}`);
}
