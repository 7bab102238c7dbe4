import { NO_FILTER, type JobFacets, type JobListFilters } from '@b2g/contracts';
import { Card, CardContent, FormField, mq, SimpleSelect, space } from '@b2g/ui';
import { css } from '@emotion/react';
import { FACET_SELECTS, facetOptions, POSTED_WITHIN_OPTIONS, SORT_OPTIONS } from './filters.js';

export interface FilterPanelProps {
  filters: JobListFilters;
  facets: JobFacets | undefined;
  onChange: (next: Partial<JobListFilters>) => void;
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
        {FACET_SELECTS.map((select) => (
          <FormField key={select.key} label={select.label} id={`jobs-${select.key}`}>
            <SimpleSelect
              options={facetOptions(select, facets)}
              value={filters[select.key] || NO_FILTER}
              onValueChange={(value) => onChange({ [select.key]: value })}
            />
          </FormField>
        ))}
        <FormField label="Posted" id="jobs-posted-within">
          <SimpleSelect
            options={POSTED_WITHIN_OPTIONS}
            value={filters.postedWithin || NO_FILTER}
            onValueChange={(postedWithin) => onChange({ postedWithin })}
          />
        </FormField>
        <FormField label="Sort by" id="jobs-sort">
          <SimpleSelect
            options={SORT_OPTIONS}
            value={filters.sort || NO_FILTER}
            onValueChange={(sort) => onChange({ sort })}
          />
        </FormField>
      </CardContent>
    </Card>
  );
}
