import { JOB_FUNCTION_LABELS, type Job, type JobFunction } from '@b2g/contracts';
import {
  Badge,
  colors,
  durations,
  focusRing,
  fontSizes,
  fontWeights,
  lineHeights,
  radii,
  shadows,
  space,
  SECTOR_BADGE_LABELS,
} from '@b2g/ui';
import { css } from '@emotion/react';
import MapPin from 'lucide-react/icons/map-pin';
import { Link } from '@b2g/web-platform';
import { CompanyName } from '../companies/CompanyName.js';

/** Every featured slot (card, placeholder, skeleton) is at least this tall. */
export const FEATURED_CARD_MIN_HEIGHT = '180px';

const cardLink = css({
  display: 'grid',
  alignContent: 'start',
  gap: space[3],
  minHeight: FEATURED_CARD_MIN_HEIGHT,
  padding: space[6],
  borderRadius: radii.xl,
  textDecoration: 'none',
  color: colors.foreground,
  transition: `box-shadow ${durations.normal}, border-color ${durations.normal}`,
  ...focusRing,
});

function hasSectorBadge(sector: Job['sector']): sector is keyof typeof SECTOR_BADGE_LABELS {
  return sector in SECTOR_BADGE_LABELS;
}

/**
 * The title's link covers the whole card (its ::after), so a click anywhere but on the company's
 * name, which is a link of its own above it, opens the function's jobs.
 */
const coveringLink = css({
  color: 'inherit',
  textDecoration: 'none',
  '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: radii.xl },
  '&:focus-visible': { outline: 'none' },
  '&:focus-visible::after': focusRing['&:focus-visible'],
});
const aboveCover = css({ position: 'relative' });

/** A featured job of one function; clicking opens /jobs filtered by that function. */
export function FeaturedJobCard({ jobFunction, job }: { jobFunction: JobFunction; job: Job }) {
  return (
    <article
      css={[
        cardLink,
        css({
          position: 'relative',
          background: colors.surfaceRaised,
          border: `1px solid ${colors.border}`,
          boxShadow: shadows.sm,
          '&:hover': { boxShadow: shadows.md, borderColor: colors.primarySoft },
        }),
      ]}
    >
      <div css={css({ display: 'flex', flexWrap: 'wrap', gap: space[2] })}>
        <Badge variant="purple">{JOB_FUNCTION_LABELS[jobFunction]}</Badge>
        {hasSectorBadge(job.sector) ? (
          <Badge variant="blue">{SECTOR_BADGE_LABELS[job.sector]}</Badge>
        ) : null}
      </div>
      <h3
        css={css({
          fontSize: fontSizes.lg,
          fontWeight: fontWeights.semibold,
          lineHeight: lineHeights.tight,
        })}
      >
        <Link to={`/jobs?jobFunction=${jobFunction}`} css={coveringLink}>
          {job.title}
        </Link>
      </h3>
      <p css={css({ color: colors.muted, fontWeight: fontWeights.medium })}>
        <CompanyName company={job.company} css={aboveCover} />
      </p>
      <p
        css={css({
          display: 'inline-flex',
          alignItems: 'center',
          gap: space[1.5],
          fontSize: fontSizes.sm,
          color: colors.muted,
        })}
      >
        <MapPin aria-hidden="true" size={16} />
        {job.location}
      </p>
    </article>
  );
}

/** The dashed slot of a function without a featured job; it leads to every job. */
export function FeaturedJobPlaceholder({ jobFunction }: { jobFunction: JobFunction }) {
  return (
    <Link
      to="/jobs"
      css={[
        cardLink,
        css({
          alignContent: 'center',
          justifyItems: 'center',
          textAlign: 'center',
          border: `2px dashed ${colors.inputBorder}`,
          background: colors.surface,
          '&:hover': { borderColor: colors.primary },
        }),
      ]}
    >
      <h3 css={css({ fontSize: fontSizes.lg, fontWeight: fontWeights.semibold })}>
        No {JOB_FUNCTION_LABELS[jobFunction]} jobs yet
      </h3>
      <p css={css({ fontSize: fontSizes.sm, color: colors.muted })}>
        View available positions in other functions
      </p>
      <span css={css({ color: colors.primary, fontWeight: fontWeights.medium })}>
        View All Jobs →
      </span>
    </Link>
  );
}
