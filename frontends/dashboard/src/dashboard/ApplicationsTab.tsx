import type { ApplicationWithJob, Job } from '@b2g/contracts';
import { Button, sizes } from '@b2g/ui';
import { toast, useQuery, toastError } from '@b2g/web-platform';
import Plus from 'lucide-react/icons/plus';
import { useEffect, useRef, useState } from 'react';
import { ApplicationItem } from './ApplicationItem.js';
import { sectionTitleStyles, tabHeaderStyles } from './styles.js';
import { TrackApplicationDialog, type ChosenJob } from './TrackApplicationDialog.js';
import { TabItems } from './TabItems.js';

export interface ApplicationsTabProps {
  applications: ApplicationWithJob[] | undefined;
  isLoading: boolean;
  /** A job whose tracking dialog opens at once (a job page's 'Track application'). */
  trackJobId?: string;
  /** Called when that dialog closes or cannot open, so the request is not repeated. */
  onTrackDone?: () => void;
}

/**
 * The job a link asked to track, once it is known: undefined while loading, and nothing (after a
 * toast saying why) when it is already tracked or cannot be read.
 */
function useJobToTrack(
  jobId: string | undefined,
  applications: ApplicationWithJob[] | undefined,
  done: () => void,
): ChosenJob | undefined {
  const job = useQuery<Job>({ queryKey: ['/api/jobs', jobId], enabled: jobId !== undefined });
  const alreadyTracked =
    jobId !== undefined &&
    (applications ?? []).some((application) => String(application.jobId) === jobId);
  // Each asked-for job is answered once, however often the page renders before the link is cleared.
  const answered = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (answered.current === jobId) return;
    if (alreadyTracked) {
      answered.current = jobId;
      toast({ title: 'Already tracked', description: 'This application is in your list.' });
      done();
    } else if (job.isError) {
      answered.current = jobId;
      toastError('Error', job.error, 'This job could not be loaded.');
      done();
    }
  }, [jobId, alreadyTracked, job.isError, job.error, done]);
  if (jobId === undefined || applications === undefined || alreadyTracked || !job.data) {
    return undefined;
  }
  return { id: job.data.id, title: job.data.title, company: job.data.company };
}

export function ApplicationsTab({
  applications,
  isLoading,
  trackJobId,
  onTrackDone = () => undefined,
}: ApplicationsTabProps) {
  const [tracking, setTracking] = useState(false);
  const jobToTrack = useJobToTrack(trackJobId, applications, onTrackDone);
  return (
    <section aria-labelledby="applications-heading">
      <div css={tabHeaderStyles}>
        <h2 id="applications-heading" css={sectionTitleStyles}>
          Your Applications
        </h2>
        <Button onClick={() => setTracking(true)}>
          <Plus aria-hidden="true" width={sizes.icon} height={sizes.icon} />
          Track an application
        </Button>
      </div>
      <TrackApplicationDialog open={tracking} onOpenChange={setTracking} />
      {jobToTrack ? (
        <TrackApplicationDialog
          open
          job={jobToTrack}
          onOpenChange={(open) => {
            if (!open) onTrackDone();
          }}
        />
      ) : null}
      <TabItems
        items={applications}
        isLoading={isLoading}
        label="Applications"
        empty="applications"
      >
        {(application) => <ApplicationItem key={application.id} application={application} />}
      </TabItems>
    </section>
  );
}
