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
  type ApplicationWithJob,
  type Job,
  type JobPageResponse,
  type SimilarJob,
} from '@b2g/contracts';
import {
  Badge,
  Button,
  Card,
  CardContent,
  colors,
  Container,
  fontSizes,
  fontWeights,
  mq,
  sizes,
  Skeleton,
  space,
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
import ClipboardCheck from 'lucide-react/icons/clipboard-check';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import Share2 from 'lucide-react/icons/share-2';
import type { ReactNode } from 'react';
import {
  applyHref,
  employerTypeLabel,
  formatPostedTime,
  functionBadgeLabel,
  remoteWorkLabel,
} from '../jobs/format.js';
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

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div css={css({ display: 'grid', gap: space[0.5] })}>
      <dt css={css({ fontSize: fontSizes.sm, color: colors.muted })}>{label}</dt>
      <dd css={css({ margin: 0, fontWeight: fontWeights.medium })}>{children}</dd>
    </div>
  );
}

/** Every field of the job a seeker decides by. */
function JobFacts({ job }: { job: Job }) {
  const pay = formatSalary(job);
  return (
    <dl
      css={css({
        display: 'grid',
        gap: space[4],
        margin: 0,
        gridTemplateColumns: `repeat(auto-fill, minmax(${sizes.factColumn}, 1fr))`,
      })}
    >
      <Fact label="Company">{job.company}</Fact>
      <Fact label="Location">{job.location}</Fact>
      <Fact label="Workplace">{remoteWorkLabel(job)}</Fact>
      {pay ? <Fact label="Salary">{pay}</Fact> : null}
      {job.employmentType ? (
        <Fact label="Employment type">{EMPLOYMENT_TYPE_LABELS[job.employmentType]}</Fact>
      ) : null}
      {job.clearance ? <Fact label="Clearance">{JOB_CLEARANCE_LABELS[job.clearance]}</Fact> : null}
      {job.polygraph ? <Fact label="Polygraph">{POLYGRAPH_LABELS[job.polygraph]}</Fact> : null}
      {job.customer ? <Fact label="Customer">{job.customer}</Fact> : null}
      {job.closingDate ? (
        <Fact label="Closing date">
          <time dateTime={job.closingDate}>{formatClosingDate(job.closingDate)}</time>
        </Fact>
      ) : null}
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
      {job.source ? <Fact label="Source">{job.source}</Fact> : null}
    </dl>
  );
}

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
  useDocumentMeta(
    `${job.title} – ${job.company}`,
    `${job.title} at ${job.company}, ${job.location}.`,
  );
  return (
    <article css={readPageStyles}>
      <header css={css({ display: 'grid', gap: space[3] })}>
        <div css={css({ display: 'flex', flexWrap: 'wrap', gap: space[2] })}>
          <Badge variant="blue">{SECTOR_LABELS[job.sector]}</Badge>
          <Badge variant="purple">{functionBadgeLabel(job)}</Badge>
        </div>
        <h1 css={readPageHeadingStyles}>{job.title}</h1>
        <p css={css({ color: colors.muted, fontSize: fontSizes.lg })}>
          <CompanyName company={job.company} /> · {job.location}
        </p>
        <div css={css({ display: 'flex', flexWrap: 'wrap', gap: space[2] })}>
          <ApplyNow job={job} href={applyHref(job)} />
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
      <Card>
        <CardContent css={css({ display: 'grid', gap: space[6], paddingTop: space[6] })}>
          <JobFacts job={job} />
          <section aria-labelledby="job-description" css={css({ display: 'grid', gap: space[3] })}>
            <h2 id="job-description" css={sectionTitleStyles}>
              About the job
            </h2>
            <JobDescription description={job.description} />
          </section>
        </CardContent>
      </Card>
      <SimilarJobs jobs={similar} />
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
