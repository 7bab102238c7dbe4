import {
  EMPLOYER_TYPE_LABELS,
  EMPLOYER_TYPES,
  EMPLOYMENT_TYPE_LABELS,
  EMPLOYMENT_TYPES,
  EXPERIENCE_LEVEL_LABELS,
  EXPERIENCE_LEVELS,
  JOB_CLEARANCE_LABELS,
  JOB_CLEARANCES,
  JOB_FUNCTION_LABELS,
  JOB_FUNCTIONS,
  SALARY_FILTER_OPTIONS,
  salaryFilterLabel,
  SECTOR_LABELS,
  SECTORS,
  WORKPLACE_LABELS,
  WORKPLACES,
  type JobFacets,
} from '@b2g/contracts';

/** The URL parameters that narrow the list (sort only orders it). */
export const FILTER_KEYS = [
  'search',
  'sector',
  'location',
  'jobFunction',
  'employerType',
  'experienceLevel',
  'remote',
  'clearance',
  'salaryMin',
  'employmentType',
  'postedWithin',
] as const;

type FilterKey = (typeof FILTER_KEYS)[number];

/**
 * The filters and order of /jobs, as its URL carries them. `postedWithin`: '1', '7' or '30'
 * days; `sort`: 'newest', or '' / 'all' for the server's order (most relevant first with a
 * search); `clearance`: "at most"; `salaryMin`: USD a year.
 */
export type JobFilters = Record<FilterKey | 'sort', string>;

/** A select's "no filter" value. */
export const ALL = 'all';

/** Every filter empty. */
export const EMPTY_FILTERS = Object.fromEntries(
  [...FILTER_KEYS, 'sort'].map((key) => [key, '']),
) as JobFilters;

/** The posted-within choices of the filter panel. */
export const POSTED_WITHIN_OPTIONS = [
  { label: 'Any time', value: ALL },
  { label: 'Past 24 hours', value: '1' },
  { label: 'Past 7 days', value: '7' },
  { label: 'Past 30 days', value: '30' },
];

/** The order choices of the filter panel. */
export const SORT_OPTIONS = [
  { label: 'Most relevant', value: ALL },
  { label: 'Newest first', value: 'newest' },
];

/** A select of the filter panel whose options the facets count. */
export interface FacetSelect {
  key: keyof JobFacets & FilterKey;
  label: string;
  /** The "no filter" option's text. */
  all: string;
  values: readonly string[];
  labels: Readonly<Record<string, string>>;
}

/** The counted selects of the filter panel, in order. */
export const FACET_SELECTS: readonly FacetSelect[] = [
  {
    key: 'sector',
    label: 'Sector',
    all: 'All Sectors',
    values: SECTORS,
    labels: SECTOR_LABELS,
  },
  {
    key: 'jobFunction',
    label: 'Function',
    all: 'All Functions',
    values: JOB_FUNCTIONS,
    labels: JOB_FUNCTION_LABELS,
  },
  {
    key: 'employerType',
    label: 'Employer type',
    all: 'All Employer Types',
    values: EMPLOYER_TYPES,
    labels: EMPLOYER_TYPE_LABELS,
  },
  {
    key: 'experienceLevel',
    label: 'Experience level',
    all: 'All Levels',
    values: EXPERIENCE_LEVELS,
    labels: EXPERIENCE_LEVEL_LABELS,
  },
  {
    key: 'remote',
    label: 'Workplace',
    all: 'Any Workplace',
    values: WORKPLACES,
    labels: WORKPLACE_LABELS,
  },
  {
    key: 'employmentType',
    label: 'Employment type',
    all: 'All Employment Types',
    values: EMPLOYMENT_TYPES,
    labels: EMPLOYMENT_TYPE_LABELS,
  },
  {
    key: 'clearance',
    label: 'Your clearance',
    all: 'Any Clearance',
    values: JOB_CLEARANCES,
    labels: JOB_CLEARANCE_LABELS,
  },
  {
    key: 'salaryMin',
    label: 'Minimum salary',
    all: 'Any Salary',
    values: SALARY_FILTER_OPTIONS.map(String),
    labels: Object.fromEntries(
      SALARY_FILTER_OPTIONS.map((amount) => [String(amount), salaryFilterLabel(amount)]),
    ),
  },
];

/** A counted select's choices: "no filter", then each value with how many jobs it would give. */
export function facetOptions(select: FacetSelect, facets: JobFacets | undefined) {
  const counts = facets?.[select.key] as Readonly<Record<string, number>> | undefined;
  return [
    { label: select.all, value: ALL },
    ...select.values.map((value) => ({
      label: withCount(select.labels[value] ?? value, counts?.[value]),
      value,
    })),
  ];
}

export function filtersFromParams(params: URLSearchParams): JobFilters {
  return Object.fromEntries(
    [...FILTER_KEYS, 'sort'].map((key) => [key, params.get(key) ?? '']),
  ) as JobFilters;
}

function isActive(value: string): boolean {
  return value.trim() !== '' && value !== ALL;
}

/** Only the filters that narrow the list: non-empty and not 'all' (spec §7). */
export function activeFilters(filters: JobFilters): Partial<JobFilters> {
  const active: Partial<JobFilters> = {};
  for (const key of FILTER_KEYS) if (isActive(filters[key])) active[key] = filters[key].trim();
  return active;
}

/** What the list asks for: the active filters and, when one is chosen, the order. */
export function listQuery(filters: JobFilters): Partial<JobFilters> {
  return isActive(filters.sort)
    ? { ...activeFilters(filters), sort: filters.sort }
    : activeFilters(filters);
}

export function activeFilterCount(filters: JobFilters): number {
  return Object.keys(activeFilters(filters)).length;
}

/** The URL parameters for `filters`, leaving out the empty ones. */
export function filtersToParams(filters: JobFilters): URLSearchParams {
  return new URLSearchParams(listQuery(filters) as Record<string, string>);
}

/** "Sales (23)" when the count is known, else just the label. */
export function withCount(label: string, count: number | undefined): string {
  return count === undefined ? label : `${label} (${count})`;
}
