import {
  EMPLOYMENT_TYPE_LABELS,
  EXPERIENCE_LEVEL_LABELS,
  formatClosingDate,
  formatSalary,
  JOB_CLEARANCE_LABELS,
  POLYGRAPH_LABELS,
  JOB_GONE_MESSAGE,
  jobPagePath,
  jobPageReadPath,
  SECTOR_LABELS,
  sourceLabel,
  type ApplicationWithJob,
  type Job,
  type JobPageResponse,
  type SimilarJob,
} from '@b2g/contracts';
import {
  Badge,
  breakpoints,
  Button,
  Card,
  colors,
  Container,
  fontSizes,
  fontWeights,
  mq,
  radii,
  shadows,
  sizes,
  Skeleton,
  space,
  zIndices,
} from '@b2g/ui';
import {
  ApplyNow,
  Link,
  toast,
  useAuth,
  useParams,
  useDocumentMeta,
  useQuery,
} from '@b2g/web-platform';
import { css } from '@emotion/react';
import Bookmark from 'lucide-react/icons/bookmark';
import BookmarkCheck from 'lucide-react/icons/bookmark-check';
import CalendarClock from 'lucide-react/icons/calendar-clock';
import ClipboardCheck from 'lucide-react/icons/clipboard-check';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import DollarSign from 'lucide-react/icons/dollar-sign';
import House from 'lucide-react/icons/house';
import Share2 from 'lucide-react/icons/share-2';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import {
  applyHref,
  employerTypeLabel,
  formatPostedTime,
  functionBadgeLabel,
  remoteWorkLabel,
} from '../jobs/format.js';
import { CompanyLogo } from '../companies/CompanyLogo.js';
import { useCompanyLogoUrl } from '../companies/companyApi.js';
import { CompanyName } from '../companies/CompanyName.js';
import { JobDescription } from '../jobs/JobDescription.js';
import { useBookmarks } from '../jobs/useBookmarks.js';
import {
  FailedRead,
  Message,
  readPageHeadingStyles,
  readPageStyles,
  sectionTitleStyles,
} from './ReadPage.js';

/** Copies the page's address, or opens the device's share sheet where there is one. */
async function share(job: Pick<Job, 'title' | 'company'>) {
  const url = window.location.href;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: `${job.title} – ${job.company}`, url });
      return;
    } catch (error) {
      // Closing the share sheet is not a failure; anything else falls back to copying.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied', description: 'The job link is on your clipboard.' });
  } catch {
    toast({ title: 'Copy failed', description: url, variant: 'destructive' });
  }
}

/**
 * 'Track application' opens the dashboard's tracking dialog for this job (signing in first when
 * needed); once an application to it is recorded, 'Application tracked' leads to the list.
 */
function TrackApplicationLink({ job }: { job: Pick<Job, 'id'> }) {
  const { isAuthenticated } = useAuth();
  const applications = useQuery<ApplicationWithJob[]>({
    queryKey: ['/api/user/applications'],
    enabled: isAuthenticated,
    retry: false,
  });
  const tracked =
    isAuthenticated &&
    (applications.data ?? []).some((application) => String(application.jobId) === String(job.id));
  return tracked ? (
    <Button asChild variant="outline">
      <Link to="/dashboard?tab=applications">
        <ClipboardCheck aria-hidden="true" />
        Application tracked
      </Link>
    </Button>
  ) : (
    <Button asChild variant="outline">
      <Link to={`/dashboard?track=${encodeURIComponent(job.id)}`}>
        <ClipboardList aria-hidden="true" />
        Track application
      </Link>
    </Button>
  );
}

const factListStyles = css({
  display: 'grid',
  gap: space[4],
  margin: 0,
  gridTemplateColumns: `repeat(auto-fill, minmax(${sizes.factColumn}, 1fr))`,
});
/** The company's logo beside its name, in CSS pixels. */
const LOGO_SIZE_PX = 32;
const iconStyles = css({ width: sizes.iconLg, height: sizes.iconLg, color: colors.primary });

function Fact({ label, icon, children }: { label: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <div css={css({ display: 'grid', alignContent: 'start', gap: space[0.5] })}>
      <dt
        css={css({
          display: 'flex',
          alignItems: 'center',
          gap: space[1.5],
          fontSize: fontSizes.sm,
          color: colors.muted,
        })}
      >
        {icon}
        {label}
      </dt>
      <dd css={css({ margin: 0, fontWeight: fontWeights.medium })}>{children}</dd>
    </div>
  );
}

/**
 * What a cleared candidate decides by first: clearance and polygraph, pay, workplace, closing
 * date, each when the job states it (the workplace always).
 */
function KeyFacts({ job }: { job: Job }) {
  const pay = formatSalary(job);
  return (
    <dl
      aria-label="Key facts"
      css={[
        factListStyles,
        css({
          padding: space[4],
          borderRadius: radii.lg,
          border: `1px solid ${colors.border}`,
          background: colors.surface,
          gridTemplateColumns: `repeat(auto-fit, minmax(${sizes.factColumnSm}, 1fr))`,
          '& dd': { fontSize: fontSizes.lg, fontWeight: fontWeights.semibold },
        }),
      ]}
    >
      {job.clearance ? (
        <Fact label="Clearance" icon={<ShieldCheck aria-hidden="true" css={iconStyles} />}>
          {JOB_CLEARANCE_LABELS[job.clearance]}
        </Fact>
      ) : null}
      {job.polygraph && job.polygraph !== 'none' ? (
        <Fact label="Polygraph" icon={<ShieldCheck aria-hidden="true" css={iconStyles} />}>
          {POLYGRAPH_LABELS[job.polygraph]}
        </Fact>
      ) : null}
      {pay ? (
        <Fact label="Salary" icon={<DollarSign aria-hidden="true" css={iconStyles} />}>
          {pay}
        </Fact>
      ) : null}
      <Fact label="Workplace" icon={<House aria-hidden="true" css={iconStyles} />}>
        {remoteWorkLabel(job)}
      </Fact>
      {job.closingDate ? (
        <Fact label="Closing date" icon={<CalendarClock aria-hidden="true" css={iconStyles} />}>
          <time dateTime={job.closingDate}>{formatClosingDate(job.closingDate)}</time>
        </Fact>
      ) : null}
    </dl>
  );
}

/** The rest of what the job states, after its description. */
function MoreFacts({ job }: { job: Job }) {
  return (
    <dl css={factListStyles}>
      {job.employmentType ? (
        <Fact label="Employment type">{EMPLOYMENT_TYPE_LABELS[job.employmentType]}</Fact>
      ) : null}
      {job.polygraph === 'none' ? <Fact label="Polygraph">{POLYGRAPH_LABELS.none}</Fact> : null}
      {job.customer ? <Fact label="Customer">{job.customer}</Fact> : null}
      <Fact label="Sector">{SECTOR_LABELS[job.sector]}</Fact>
      <Fact label="Function">{functionBadgeLabel(job)}</Fact>
      {job.employerType ? (
        <Fact label="Employer type">{employerTypeLabel(job.employerType)}</Fact>
      ) : null}
      {job.experienceLevel ? (
        <Fact label="Experience">{EXPERIENCE_LEVEL_LABELS[job.experienceLevel]}</Fact>
      ) : null}
      {job.isAgencyRole ? <Fact label="Agency role">Yes</Fact> : null}
      <Fact label="Posted">
        <time dateTime={job.postedAt}>{formatPostedTime(job.postedAt)}</time>
      </Fact>
      {job.source ? <Fact label="Source">{sourceLabel(job.source)}</Fact> : null}
    </dl>
  );
}

/** Phones: at most this wide, the page keeps an Apply bar at the bottom once its own is gone. */
const PHONE_QUERY = `(max-width: ${breakpoints.sm}px)`;

/** True on a phone once `target` (the page's row of actions) has scrolled up out of view. */
function useScrolledPast(target: RefObject<HTMLElement | null>): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (!element || typeof IntersectionObserver === 'undefined') return undefined;
    const phone = window.matchMedia(PHONE_QUERY);
    let above = false;
    const update = () => setPast(above && phone.matches);
    const observer = new IntersectionObserver(([entry]) => {
      above = entry ? !entry.isIntersecting && entry.boundingClientRect.top < 0 : false;
      update();
    });
    observer.observe(element);
    phone.addEventListener('change', update);
    return () => {
      observer.disconnect();
      phone.removeEventListener('change', update);
    };
  }, [target]);
  return past;
}

const stickyBarStyles = css({
  position: 'fixed',
  insetInline: 0,
  bottom: 0,
  zIndex: zIndices.header,
  display: 'flex',
  alignItems: 'center',
  gap: space[3],
  padding: `${space[3]} ${space[4]}`,
  background: colors.background,
  borderTop: `1px solid ${colors.border}`,
  boxShadow: shadows.md,
});

/** The phone's Apply bar: the job's title and Apply Now, fixed at the bottom of the screen. */
function StickyApplyBar({ job }: { job: Job }) {
  return (
    <div role="region" aria-label="Apply" css={stickyBarStyles}>
      <span
        css={css({
          flex: 1,
          minWidth: 0,
          fontWeight: fontWeights.semibold,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        })}
      >
        {job.title}
      </span>
      <ApplyNow job={job} href={applyHref(job)} size="md" />
    </div>
  );
}

/**
 * The page's actions at one size in one row; 'Did you apply?' goes on a line of its own below
 * them (the Apply Now wrapper lets its link and its prompt join this row), never pushing them off.
 */
const actionsStyles = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: space[2],
  '& [aria-live]': { order: 1, flexBasis: '100%' },
});
const applyInRowStyles = css({ display: 'contents' });

function SimilarJobs({ jobs }: { jobs: readonly SimilarJob[] }) {
  if (jobs.length === 0) return null;
  return (
    <section aria-labelledby="similar-jobs" css={css({ display: 'grid', gap: space[3] })}>
      <h2 id="similar-jobs" css={sectionTitleStyles}>
        Similar jobs
      </h2>
      <ul css={css({ display: 'grid', gap: space[3], margin: 0, padding: 0, listStyle: 'none' })}>
        {jobs.map((job) => (
          <li key={job.id}>
            <Card css={css({ padding: space[4], display: 'grid', gap: space[1] })}>
              <Link
                to={jobPagePath(job.id)}
                css={css({ fontWeight: fontWeights.semibold, color: colors.primary })}
              >
                {job.title}
              </Link>
              <span css={css({ fontSize: fontSizes.sm, color: colors.muted })}>
                {job.company} · {job.location}
              </span>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ActiveJob({ job, similar }: { job: Job; similar: readonly SimilarJob[] }) {
  const bookmarks = useBookmarks();
  const bookmarked = bookmarks.isBookmarked(job);
  const BookmarkIcon = bookmarked ? BookmarkCheck : Bookmark;
  const logoUrl = useCompanyLogoUrl(job.company);
  const actions = useRef<HTMLDivElement>(null);
  const stickyApply = useScrolledPast(actions);
  useDocumentMeta(
    `${job.title} – ${job.company}`,
    `${job.title} at ${job.company}, ${job.location}.`,
  );
  return (
    <article css={readPageStyles}>
      <header css={css({ display: 'grid', gap: space[4] })}>
        <div css={css({ display: 'grid', gap: space[3] })}>
          <div css={css({ display: 'flex', flexWrap: 'wrap', gap: space[2] })}>
            <Badge variant="blue">{SECTOR_LABELS[job.sector]}</Badge>
            <Badge variant="purple">{functionBadgeLabel(job)}</Badge>
          </div>
          <h1 css={readPageHeadingStyles}>{job.title}</h1>
          <p
            css={css({
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              gap: space[2],
              color: colors.muted,
              fontSize: fontSizes.lg,
            })}
          >
            <CompanyLogo url={logoUrl} size={LOGO_SIZE_PX} />
            <span>
              <CompanyName company={job.company} /> · {job.location}
            </span>
          </p>
        </div>
        <KeyFacts job={job} />
        <div ref={actions} css={actionsStyles}>
          <ApplyNow job={job} href={applyHref(job)} size="md" css={applyInRowStyles} />
          <Button
            variant="outline"
            aria-pressed={bookmarked}
            disabled={bookmarks.isPending}
            onClick={() => bookmarks.toggle(job)}
          >
            <BookmarkIcon aria-hidden="true" fill={bookmarked ? 'currentColor' : 'none'} />
            {bookmarked ? 'Bookmarked' : 'Bookmark'}
          </Button>
          <TrackApplicationLink job={job} />
          <Button variant="outline" onClick={() => void share(job)}>
            <Share2 aria-hidden="true" />
            Share
          </Button>
        </div>
      </header>
      <section aria-labelledby="job-description" css={css({ display: 'grid', gap: space[3] })}>
        <h2 id="job-description" css={sectionTitleStyles}>
          About the job
        </h2>
        <JobDescription description={job.description} />
      </section>
      <section aria-labelledby="job-details" css={css({ display: 'grid', gap: space[3] })}>
        <h2 id="job-details" css={sectionTitleStyles}>
          Job details
        </h2>
        <Card css={css({ padding: space[6] })}>
          <MoreFacts job={job} />
        </Card>
      </section>
      <SimilarJobs jobs={similar} />
      {stickyApply ? <StickyApplyBar job={job} /> : null}
    </article>
  );
}

/** /jobs/:id: one job with its whole description, or that it is gone, with similar jobs. */
export default function JobPage() {
  const { id = '' } = useParams();
  const query = useQuery<JobPageResponse>({ queryKey: [jobPageReadPath(id)] });
  let content: ReactNode;
  if (query.isPending) {
    content = (
      <div css={readPageStyles} aria-busy="true">
        <Skeleton css={css({ height: space[10], width: '60%' })} />
        <Skeleton css={css({ height: space[20] })} />
        <Skeleton css={css({ height: space[20] })} />
      </div>
    );
  } else if (query.isError) {
    content = (
      <FailedRead
        error={query.error}
        refetch={query.refetch}
        what="Job"
        notFoundTitle="Job not found"
        notFoundText="This job does not exist."
      />
    );
  } else if (query.data.status === 'gone') {
    content = (
      <Message title={JOB_GONE_MESSAGE}>
        <p css={css({ color: colors.muted })}>
          It was filled, closed or removed. <Link to="/jobs">Browse all jobs</Link>.
        </p>
        <SimilarJobs jobs={query.data.similar} />
      </Message>
    );
  } else {
    content = <ActiveJob job={query.data.job} similar={query.data.similar} />;
  }
  return <Container css={css({ [mq.md]: { maxWidth: sizes.readable } })}>{content}</Container>;
}
