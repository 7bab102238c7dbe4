import {
  formatClearance,
  formatClosingDate,
  formatSalary,
  jobPagePath,
  SECTOR_LABELS,
  verifiedAgoText,
  type JobListItem,
} from '@b2g/contracts';
import {
  Badge,
  Button,
  Card,
  colors,
  focusRing,
  fontSizes,
  fontWeights,
  lineHeights,
  mq,
  sizes,
  space,
  JOB_DESCRIPTION_LINE_CLAMP,
} from '@b2g/ui';
import { ApplyNow, Link } from '@b2g/web-platform';
import { css } from '@emotion/react';
import Bookmark from 'lucide-react/icons/bookmark';
import BookmarkCheck from 'lucide-react/icons/bookmark-check';
import Briefcase from 'lucide-react/icons/briefcase';
import Building2 from 'lucide-react/icons/building-2';
import CalendarClock from 'lucide-react/icons/calendar-clock';
import Clock from 'lucide-react/icons/clock';
import DollarSign from 'lucide-react/icons/dollar-sign';
import House from 'lucide-react/icons/house';
import MapPin from 'lucide-react/icons/map-pin';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { memo, type ReactNode } from 'react';
import { CompanyLogo } from '../companies/CompanyLogo.js';
import { CompanyName } from '../companies/CompanyName.js';
import {
  applyHref,
  employerTypeLabel,
  formatPostedTime,
  functionBadgeLabel,
  remoteWorkLabel,
} from './format.js';
import { Highlighted } from './Highlighted.js';

export interface JobCardProps {
  /** The job, with where a search matched it (highlighted). */
  job: JobListItem;
  /** The company's logo, when it has one. */
  logoUrl?: string | undefined;
  bookmarked: boolean;
  bookmarkDisabled: boolean;
  onToggleBookmark: (job: JobListItem) => void;
}

// Styles made once, not on every render of each of a page's fifty cards.
const iconStyles = css({ width: sizes.icon, height: sizes.icon, flexShrink: 0 });
/** The company's logo, or its icon while there is none: one fixed square, so nothing moves. */
const LOGO_SIZE_PX = 20;
const logoSlotStyles = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: LOGO_SIZE_PX,
  height: LOGO_SIZE_PX,
  flexShrink: 0,
});
const factStyles = css({ display: 'inline-flex', alignItems: 'center', gap: space[1.5] });
const cardStyles = css({
  display: 'grid',
  gap: space[3],
  padding: space[5],
  [mq.md]: { padding: space[6] },
});
const headRowStyles = css({ display: 'flex', alignItems: 'flex-start', gap: space[3] });
const headStyles = css({ display: 'grid', gap: space[2], flex: 1, minWidth: 0 });
const titleStyles = css({
  fontSize: fontSizes.lg,
  fontWeight: fontWeights.semibold,
  lineHeight: lineHeights.tight,
});
const titleLinkStyles = css({
  color: colors.foreground,
  textDecoration: 'none',
  overflowWrap: 'anywhere',
  '&:hover': { color: colors.primary, textDecoration: 'underline' },
  ...focusRing,
});
const actionsStyles = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  gap: space[2],
});
const badgesStyles = css({ display: 'flex', flexWrap: 'wrap', gap: space[2] });
const bookmarkedStyles = css({ color: colors.primary });
const notBookmarkedStyles = css({ color: colors.muted });
const factsStyles = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${space[1.5]} ${space[4]}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: fontSizes.sm,
  color: colors.muted,
});
const descriptionStyles = css({
  fontSize: fontSizes.sm,
  color: colors.muted,
  lineHeight: lineHeights.normal,
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: JOB_DESCRIPTION_LINE_CLAMP,
  overflow: 'hidden',
});

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li css={factStyles}>
      {icon}
      <span>{children}</span>
    </li>
  );
}

/** The B2G terms, each when the job states it: pay, clearance (and polygraph), closing date. */
function JobTerms({ job }: { job: JobListItem }) {
  const salary = formatSalary(job);
  const clearance = formatClearance(job);
  return (
    <>
      {salary ? (
        <Fact icon={<DollarSign aria-hidden="true" css={iconStyles} />}>{salary}</Fact>
      ) : null}
      {clearance ? (
        <Fact icon={<ShieldCheck aria-hidden="true" css={iconStyles} />}>{clearance}</Fact>
      ) : null}
      {job.closingDate ? (
        <Fact icon={<CalendarClock aria-hidden="true" css={iconStyles} />}>
          <time dateTime={job.closingDate}>{formatClosingDate(job.closingDate)}</time>
        </Fact>
      ) : null}
    </>
  );
}

/**
 * One job of the /jobs list (spec §2 "Job card"). Memoised: a list render that changes one card
 * (its logo came, its bookmark changed) does not render the other forty-nine again.
 */
export const JobCard = memo(function JobCard({
  job,
  logoUrl,
  bookmarked,
  bookmarkDisabled,
  onToggleBookmark,
}: JobCardProps) {
  const href = applyHref(job);
  const BookmarkIcon = bookmarked ? BookmarkCheck : Bookmark;
  return (
    <Card css={cardStyles}>
      <div css={headRowStyles}>
        <div css={headStyles}>
          <h2 css={titleStyles}>
            <a href={href} target="_blank" rel="noopener noreferrer" css={titleLinkStyles}>
              <Highlighted text={job.title} ranges={job.highlights?.title} />
            </a>
          </h2>
          <div css={badgesStyles}>
            <Badge variant="blue">{SECTOR_LABELS[job.sector]}</Badge>
            <Badge variant="purple">{functionBadgeLabel(job)}</Badge>
          </div>
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-pressed={bookmarked}
          aria-label={bookmarked ? `Remove bookmark: ${job.title}` : `Bookmark: ${job.title}`}
          disabled={bookmarkDisabled}
          onClick={() => onToggleBookmark(job)}
          css={bookmarked ? bookmarkedStyles : notBookmarkedStyles}
        >
          <BookmarkIcon aria-hidden="true" fill={bookmarked ? 'currentColor' : 'none'} />
        </Button>
      </div>

      <ul css={factsStyles}>
        <Fact
          icon={
            <span css={logoSlotStyles}>
              {logoUrl ? (
                <CompanyLogo url={logoUrl} size={LOGO_SIZE_PX} lazy />
              ) : (
                <Building2 aria-hidden="true" css={iconStyles} />
              )}
            </span>
          }
        >
          <CompanyName company={job.company} />
        </Fact>
        <Fact icon={<MapPin aria-hidden="true" css={iconStyles} />}>{job.location}</Fact>
        {job.employerType ? (
          <Fact icon={<Briefcase aria-hidden="true" css={iconStyles} />}>
            {employerTypeLabel(job.employerType)}
          </Fact>
        ) : null}
        <Fact icon={<Clock aria-hidden="true" css={iconStyles} />}>
          <time dateTime={job.postedAt}>{formatPostedTime(job.postedAt)}</time>
        </Fact>
        <Fact icon={<House aria-hidden="true" css={iconStyles} />}>{remoteWorkLabel(job)}</Fact>
        {job.lastVerifiedAt ? (
          <Fact icon={<ShieldCheck aria-hidden="true" css={iconStyles} />}>
            <time dateTime={job.lastVerifiedAt}>{verifiedAgoText(job.lastVerifiedAt)}</time>
          </Fact>
        ) : null}
        <JobTerms job={job} />
      </ul>

      {job.description ? (
        <p css={descriptionStyles}>
          <Highlighted text={job.description} ranges={job.highlights?.description} />
        </p>
      ) : null}

      <div css={actionsStyles}>
        <ApplyNow job={job} href={href} />
        {/* The title keeps leading to the posting (spec); the job's own page is here, its link
            named in the context of its card (WCAG 2.4.4), so the title names one link only. */}
        <Button asChild size="sm" variant="outline">
          <Link to={jobPagePath(job.id)}>Details</Link>
        </Button>
      </div>
    </Card>
  );
});
