import {
  Badge,
  Button,
  Card,
  CardContent,
  colors,
  fontSizes,
  fontWeights,
  mq,
  PageHeader,
  PageLayout,
  space,
} from '@b2g/ui';
import { css } from '@emotion/react';
import CircleAlert from 'lucide-react/icons/circle-alert';
import Search from 'lucide-react/icons/search';
import SlidersHorizontal from 'lucide-react/icons/sliders-horizontal';
import X from 'lucide-react/icons/x';
import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams, useDocumentMeta, useResultsReport } from '@b2g/web-platform';
import {
  activeJobFilters,
  jobListFiltersFrom,
  jobListQuery,
  type JobListFilters,
} from '@b2g/contracts';
import { activeFilterCount, EMPTY_FILTERS, filtersToParams } from '../jobs/filters.js';
import { JobList, JobSkeletons } from '../jobs/JobList.js';
import { JobSearchInput } from '../jobs/JobSearchInput.js';
import { SearchAlertButton } from '../jobs/SearchAlert.js';
import { SearchFeeds } from '../jobs/SearchFeeds.js';
import { useBookmarks } from '../jobs/useBookmarks.js';
import { useFeedLinks } from '../jobs/useFeedLinks.js';
import { useJobFacets, useJobs } from '../jobs/useJobs.js';

/** Closed on the first paint: loaded when it first opens (see FilterPanel.tsx). */
const FilterPanel = lazy(() => import('../jobs/FilterPanel.js'));
// For search engines, not the first paint: it comes after the list, with its own chunk.
const JobPostingJsonLd = lazy(() =>
  import('../jobs/JobPostingJsonLd.js').then(({ JobPostingJsonLd }) => ({
    default: JobPostingJsonLd,
  })),
);

function jobCount(n: number): string {
  return `${n} job${n === 1 ? '' : 's'}`;
}

function resultHeader(shown: number, total: number, filtered: boolean): string {
  const count = shown < total ? `${shown} of ${jobCount(total)}` : jobCount(shown);
  return `Showing ${count}${filtered ? ' (filtered)' : ''}`;
}

const stack = css({ display: 'grid', gap: space[4] });

function MessageCard({
  title,
  children,
  tone = 'muted',
}: {
  title: string;
  children: ReactNode;
  tone?: 'muted' | 'destructive';
}) {
  return (
    <Card role={tone === 'destructive' ? 'alert' : undefined}>
      <CardContent
        css={css({
          paddingTop: space[10],
          paddingBottom: space[10],
          display: 'grid',
          justifyItems: 'center',
          gap: space[3],
          textAlign: 'center',
        })}
      >
        {tone === 'destructive' ? (
          <CircleAlert aria-hidden="true" size={32} color={colors.destructive} />
        ) : (
          <Search aria-hidden="true" size={32} color={colors.subtle} />
        )}
        <h2 css={css({ fontSize: fontSizes.xl, fontWeight: fontWeights.semibold })}>{title}</h2>
        {children}
      </CardContent>
    </Card>
  );
}

export default function JobsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = jobListFiltersFrom(searchParams);
  const activeCount = activeFilterCount(filters);
  const filtered = activeCount > 0;
  const [searchText, setSearchText] = useState(filters.search);
  const [urlSearch, setUrlSearch] = useState(filters.search);
  if (urlSearch !== filters.search) {
    // The URL changed (back/forward, a link): the box shows its search again.
    setUrlSearch(filters.search);
    setSearchText(filters.search);
  }
  const [panelOpen, setPanelOpen] = useState(false);
  const jobs = useJobs(filters);
  const facets = useJobFacets(filters);
  const bookmarks = useBookmarks();
  useResultsReport(jobs.isSuccess ? jobs.jobs : undefined, jobs.total, filters.search);

  const feedSearch = new URLSearchParams(
    activeJobFilters(filters) as Record<string, string>,
  ).toString();
  useFeedLinks(feedSearch);
  useDocumentMeta(
    'Jobs',
    'Browse government sales, marketing and technical jobs in federal and SLED markets.',
  );

  const update = (next: Partial<JobListFilters>) =>
    setSearchParams(filtersToParams({ ...filters, ...next }), { replace: true });

  const clearAll = () => {
    setSearchText('');
    update(EMPTY_FILTERS);
  };

  const submitSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update({ search: searchText });
  };

  return (
    <PageLayout>
      <PageHeader
        title="B2G Jobs"
        description="Sales, marketing and technical roles selling to federal, state, local and education buyers."
      />

      <section aria-label="Search and filters" css={stack}>
        <div
          css={css({
            display: 'flex',
            flexWrap: 'wrap',
            gap: space[2],
            alignItems: 'center',
          })}
        >
          <form
            role="search"
            onSubmit={submitSearch}
            css={css({ display: 'flex', gap: space[2], flex: '1 1 100%', [mq.md]: { flex: 1 } })}
          >
            <JobSearchInput
              id="jobs-search"
              placeholder="Jobs, Titles, Companies"
              value={searchText}
              onChange={setSearchText}
            />
            <Button type="submit">
              <Search aria-hidden="true" />
              Search
            </Button>
          </form>
          <Button
            variant="outline"
            aria-expanded={panelOpen}
            aria-controls="jobs-filter-panel"
            onClick={() => setPanelOpen((open) => !open)}
          >
            <SlidersHorizontal aria-hidden="true" />
            Filters
            {filtered ? (
              <Badge variant="primary" aria-label={`${activeCount} active`}>
                {activeCount}
              </Badge>
            ) : null}
          </Button>
          {filtered ? (
            <Button variant="ghost" onClick={clearAll}>
              <X aria-hidden="true" />
              Clear All
            </Button>
          ) : null}
          <SearchAlertButton query={jobListQuery(filters) as Record<string, string>} />
        </div>
        <SearchFeeds search={feedSearch} query={jobListQuery(filters) as Record<string, string>} />

        {panelOpen ? (
          <Suspense fallback={<div id="jobs-filter-panel" aria-busy="true" />}>
            <FilterPanel filters={filters} facets={facets} onChange={update} />
          </Suspense>
        ) : null}
      </section>

      <section aria-label="Job listings" css={stack}>
        {jobs.isPending ? (
          <JobSkeletons />
        ) : jobs.isError ? (
          <MessageCard title="Error Loading Jobs" tone="destructive">
            <p css={css({ color: colors.muted })}>
              We couldn&apos;t load the job listings. Please try again later.
            </p>
            {/* A failed read (a 429 among others) is not an empty list: offer to read again. */}
            <Button variant="outline" onClick={() => void jobs.refetch()}>
              Retry
            </Button>
          </MessageCard>
        ) : jobs.jobs.length === 0 ? (
          <MessageCard title="No jobs found">
            <p css={css({ color: colors.muted })}>
              {filtered
                ? 'Try adjusting your filters or search terms.'
                : 'Check back soon for new B2G opportunities.'}
            </p>
            {filtered ? (
              <Button variant="outline" onClick={clearAll}>
                Clear All Filters
              </Button>
            ) : null}
          </MessageCard>
        ) : (
          <>
            <p role="status" css={css({ fontSize: fontSizes.sm, color: colors.muted })}>
              {resultHeader(jobs.jobs.length, jobs.total, filtered)}
            </p>
            <JobList
              jobs={jobs.jobs}
              isBookmarked={bookmarks.isBookmarked}
              bookmarkDisabled={bookmarks.isPending}
              onToggleBookmark={bookmarks.toggle}
              deferCards
            />
            {jobs.hasNextPage ? (
              <div css={css({ display: 'flex', justifyContent: 'center' })}>
                <Button
                  variant="outline"
                  disabled={jobs.isFetchingNextPage}
                  onClick={() => void jobs.fetchNextPage()}
                >
                  {jobs.isFetchingNextPage ? 'Loading...' : 'Load more'}
                </Button>
              </div>
            ) : null}
            <Suspense fallback={null}>
              <JobPostingJsonLd jobs={jobs.jobs} />
            </Suspense>
          </>
        )}
      </section>
    </PageLayout>
  );
}
