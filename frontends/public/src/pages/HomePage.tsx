import { FEATURED_FUNCTIONS, type FeaturedJobsResponse } from '@b2g/contracts';
import {
  Button,
  colors,
  Container,
  fontSizes,
  fontWeights,
  lineHeights,
  mq,
  radii,
  shadows,
  SimpleSelect,
  Skeleton,
  space,
  HOME_SECTOR_OPTIONS,
  HOME_SKELETON_COUNT,
  JOB_FUNCTION_OPTIONS,
} from '@b2g/ui';
import { ReadFailedAlert, useNavigate, useDocumentMeta, useQuery } from '@b2g/web-platform';
import { css } from '@emotion/react';
import Search from 'lucide-react/icons/search';
import { useState, type FormEvent } from 'react';
import {
  FEATURED_CARD_MIN_HEIGHT,
  FeaturedJobCard,
  FeaturedJobPlaceholder,
} from '../jobs/FeaturedJobCard.js';
import { JobSearchInput } from '../jobs/JobSearchInput.js';

const grid = css({
  display: 'grid',
  gap: space[4],
  gridTemplateColumns: '1fr',
  [mq.md]: { gridTemplateColumns: `repeat(${FEATURED_FUNCTIONS.length}, 1fr)` },
});

/** The search's selects: the /jobs filter each sets, and the name it shows until one is chosen. */
const SEARCH_SELECTS = [
  { key: 'sector', name: 'Sector', options: HOME_SECTOR_OPTIONS },
  { key: 'jobFunction', name: 'Function', options: JOB_FUNCTION_OPTIONS },
] as const;

function SearchLanding() {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState({ sector: '', jobFunction: '' });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const params = new URLSearchParams();
    if (search.trim()) params.set('search', search.trim());
    for (const { key } of SEARCH_SELECTS) {
      if (chosen[key]) params.set(key, chosen[key]);
    }
    const query = params.toString();
    void navigate(query ? `/jobs?${query}` : '/jobs');
  };

  return (
    <form
      role="search"
      onSubmit={submit}
      css={css({
        display: 'grid',
        gap: space[3],
        padding: space[4],
        background: colors.surfaceRaised,
        borderRadius: radii.xl,
        boxShadow: shadows.lg,
        [mq.md]: { gridTemplateColumns: '2fr 1fr 1fr auto', alignItems: 'center' },
      })}
    >
      <div>
        <JobSearchInput
          id="home-search"
          placeholder="Jobs, Companies, Location"
          value={search}
          onChange={setSearch}
        />
      </div>
      {SEARCH_SELECTS.map(({ key, name, options }) => (
        <SimpleSelect
          key={key}
          aria-label={name}
          placeholder={name}
          options={options}
          value={chosen[key]}
          onValueChange={(value) => setChosen((current) => ({ ...current, [key]: value }))}
        />
      ))}
      <Button type="submit" size="lg">
        <Search aria-hidden="true" />
        Search Jobs
      </Button>
    </form>
  );
}

function FeaturedJobs() {
  const featured = useQuery<FeaturedJobsResponse>({ queryKey: ['/api/jobs/featured'] });
  return (
    <section aria-labelledby="featured-heading" css={css({ display: 'grid', gap: space[6] })}>
      <h2
        id="featured-heading"
        css={css({ fontSize: fontSizes['2xl'], fontWeight: fontWeights.bold })}
      >
        Featured B2G Opportunities
      </h2>
      {featured.isPending ? (
        <div css={grid} role="status" aria-label="Loading featured jobs">
          {Array.from({ length: HOME_SKELETON_COUNT }, (_, index) => (
            <Skeleton
              key={index}
              data-testid="featured-skeleton"
              css={css({ height: FEATURED_CARD_MIN_HEIGHT, borderRadius: radii.xl })}
            />
          ))}
        </div>
      ) : featured.isError ? (
        // A failed read (a 429 among others) is not "no featured jobs": say so and offer a retry.
        <ReadFailedAlert
          title="Featured jobs could not be loaded"
          query={featured}
          fallback="Please try again in a moment."
        />
      ) : (
        <ul css={[grid, css({ margin: 0, padding: 0, listStyle: 'none' })]}>
          {FEATURED_FUNCTIONS.map((jobFunction) => {
            const job = featured.data?.[jobFunction];
            return (
              <li key={jobFunction} css={css({ display: 'grid' })}>
                {job ? (
                  <FeaturedJobCard jobFunction={jobFunction} job={job} />
                ) : (
                  <FeaturedJobPlaceholder jobFunction={jobFunction} />
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export default function HomePage() {
  useDocumentMeta(
    'Government Sales, Marketing & Technical Jobs',
    'Find B2G sales, marketing and technical jobs selling to federal, state, local and education buyers.',
  );
  return (
    <>
      <section
        css={css({
          background: `linear-gradient(135deg, ${colors.primaryHover}, ${colors.primary})`,
          color: colors.primaryForeground,
          padding: `${space[16]} 0`,
        })}
      >
        <Container>
          <div css={css({ display: 'grid', gap: space[6] })}>
            <div css={css({ display: 'grid', gap: space[3], maxWidth: '720px' })}>
              <h1
                css={css({
                  fontSize: fontSizes['3xl'],
                  fontWeight: fontWeights.bold,
                  lineHeight: lineHeights.tight,
                  [mq.md]: { fontSize: fontSizes['4xl'] },
                })}
              >
                Find Your Next B2G Role
              </h1>
              <p css={css({ fontSize: fontSizes.lg, opacity: 0.9 })}>
                Sales, marketing and technical jobs selling to federal, state, local and education
                markets.
              </p>
            </div>
            <SearchLanding />
          </div>
        </Container>
      </section>
      <Container>
        <div css={css({ padding: `${space[12]} 0 ${space[16]}` })}>
          <FeaturedJobs />
        </div>
      </Container>
    </>
  );
}
