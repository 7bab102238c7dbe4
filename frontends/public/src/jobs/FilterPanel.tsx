import { NO_FILTER, type JobFacets, type JobListFilters } from '@b2g/contracts';
import { Card, CardContent, FormField, mq, SimpleSelect, space } from '@b2g/ui';
import { css } from '@emotion/react';
import {
  FACET_SELECTS,
  facetOptions,
  POSTED_WITHIN_OPTIONS,
  SORT_OPTIONS,
  type FacetSelect,
} from './filterOptions.js';

export interface FilterPanelProps {
  filters: JobListFilters;
  facets: JobFacets | undefined;
  onChange: (next: Partial<JobListFilters>) => void;
}

/** The panel's selects whose choices are fixed, after the counted ones. */
const FIXED_SELECTS = [
  {
    key: 'postedWithin',
    id: 'jobs-posted-within',
    label: 'Posted',
    options: POSTED_WITHIN_OPTIONS,
  },
  { key: 'sort', id: 'jobs-sort', label: 'Sort by', options: SORT_OPTIONS },
] as const;

function countedSelect(select: FacetSelect, facets: JobFacets | undefined) {
  const { key, label } = select;
  return { key, id: `jobs-${key}`, label, options: facetOptions(select, facets) };
}

/**
 * The filter panel of /jobs: the counted selects, posted-within and sort. Closed on the first
 * paint, so the page loads it when it first opens (its labels and selects stay out of the
 * page's first load).
 */
export default function FilterPanel({ filters, facets, onChange }: FilterPanelProps) {
  return (
    <Card id="jobs-filter-panel">
      <CardContent
        css={css({
          paddingTop: space[6],
          display: 'grid',
          gap: space[4],
          [mq.sm]: { gridTemplateColumns: '1fr 1fr' },
          [mq.lg]: { gridTemplateColumns: 'repeat(3, 1fr)' },
        })}
      >
        {[...FACET_SELECTS.map((select) => countedSelect(select, facets)), ...FIXED_SELECTS].map(
          ({ key, id, label, options }) => (
            <FormField key={key} label={label} id={id}>
              <SimpleSelect
                options={options}
                value={filters[key] || NO_FILTER}
                onValueChange={(value) => onChange({ [key]: value })}
              />
            </FormField>
          ),
        )}
      </CardContent>
    </Card>
  );
}
