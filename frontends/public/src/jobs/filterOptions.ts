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
  NO_FILTER,
  SALARY_FILTER_OPTIONS,
  salaryFilterLabel,
  SECTOR_LABELS,
  SECTORS,
  WORKPLACE_LABELS,
  WORKPLACES,
  type JobFacets,
  type JobListFilterKey,
} from '@b2g/contracts';

// The filter panel's choices: only the panel (loaded when it first opens) reads them, so their
// labels stay out of the list's first load.

/** The posted-within choices of the filter panel. */
export const POSTED_WITHIN_OPTIONS = [
  { label: 'Any time', value: NO_FILTER },
  { label: 'Past 24 hours', value: '1' },
  { label: 'Past 7 days', value: '7' },
  { label: 'Past 30 days', value: '30' },
];

/** The order choices of the filter panel. */
export const SORT_OPTIONS = [
  { label: 'Most relevant', value: NO_FILTER },
  { label: 'Newest first', value: 'newest' },
];

/** A select of the filter panel whose options the facets count. */
export interface FacetSelect {
  key: keyof JobFacets & JobListFilterKey;
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
    { label: select.all, value: NO_FILTER },
    ...select.values.map((value) => ({
      label: withCount(select.labels[value] ?? value, counts?.[value]),
      value,
    })),
  ];
}

/** "Sales (23)" when the count is known, else just the label. */
export function withCount(label: string, count: number | undefined): string {
  return count === undefined ? label : `${label} (${count})`;
}
