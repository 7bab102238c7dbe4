import {
  EMPLOYER_TYPES,
  EMPLOYMENT_TYPES,
  EXPERIENCE_LEVELS,
  JOB_CLEARANCES,
  JOB_FUNCTIONS,
  SALARY_FILTER_OPTIONS,
  SECTORS,
  WORKPLACES,
  type JobFacetsResponse,
} from '@b2g/contracts';
import type { JobSearchQuery } from '../../domain/model.js';
import { clearancesUpTo, SECTOR_MATCHES } from '../../domain/search.js';
import type { Query } from './client.js';
import { filtersOf, payAtLeast } from './queries.js';

type FacetName = keyof JobFacetsResponse['facets'];
type Facets = JobFacetsResponse['facets'];

/** One facet's aggregation: a count for each of its values. */
export interface FacetAggregation {
  values: { buckets: Record<string, { doc_count: number }> };
}

/**
 * One aggregation per facet, each counting under every filter of the query but its own, so an
 * option shows how many jobs choosing it would give.
 */
export function facetAggregations(query: JobSearchQuery, now: Date) {
  const without = (facet: FacetName) =>
    ({ bool: { filter: filtersOf({ ...query, [facet]: undefined }, now) } }) satisfies Query;
  const filtersAgg = (facet: FacetName, buckets: Record<string, Query>) => ({
    filter: without(facet),
    aggs: { values: { filters: { filters: buckets } } },
  });
  const termsAgg = (facet: FacetName, field: string, values: readonly string[]) =>
    filtersAgg(
      facet,
      Object.fromEntries(values.map((value) => [value, { term: { [field]: value } }])),
    );
  return {
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
}

/** Every option of every facet with its count (0 for an option no job has). */
export function facetCounts(aggregations: Record<string, FacetAggregation>): Facets {
  const countsOf = <T extends string>(facet: FacetName, values: readonly T[]) =>
    Object.fromEntries(
      values.map((value) => [value, aggregations[facet]?.values.buckets[value]?.doc_count ?? 0]),
    ) as Record<T, number>;
  return {
    sector: countsOf('sector', SECTORS),
    jobFunction: countsOf('jobFunction', JOB_FUNCTIONS),
    employerType: countsOf('employerType', EMPLOYER_TYPES),
    experienceLevel: countsOf('experienceLevel', EXPERIENCE_LEVELS),
    remote: countsOf('remote', WORKPLACES),
    clearance: countsOf('clearance', JOB_CLEARANCES),
    employmentType: countsOf('employmentType', EMPLOYMENT_TYPES),
    salaryMin: countsOf('salaryMin', SALARY_FILTER_OPTIONS.map(String)),
  };
}
