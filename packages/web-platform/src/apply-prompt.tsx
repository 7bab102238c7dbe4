import type { ApplicationWithJob } from '@b2g/contracts';
import { Button, colors, fontSizes, fontWeights, radii, space, VisuallyHidden } from '@b2g/ui';
import { css } from '@emotion/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { apiRequest } from './api.js';
import type { TrackableJob } from './apply-tracking.js';
import { toastError } from './FormAlert.js';
import { toast } from './toast.js';

/** The reads a recorded application changes (the dashboard's query keys). */
const APPLICATIONS_KEY = ['/api/user/applications'] as const;
const CHANGED_BY_AN_APPLICATION = [
  APPLICATIONS_KEY,
  ['/api/user/stats'],
  ['/api/user/activity'],
] as const;

const promptStyles = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: space[2],
  padding: space[3],
  borderRadius: radii.md,
  border: `1px solid ${colors.border}`,
  background: colors.primarySoft,
});

/**
 * 'Did you apply?' with Yes and No, while `asking` and no application to the job is recorded: Yes
 * records it (company website, today), No dismisses; either ends with `onDone`. Mounted once a
 * signed-in user has followed Apply Now (see ApplyNow), when the user's applications are read.
 */
export default function DidYouApply({
  job,
  asking,
  onDone,
}: {
  job: TrackableJob;
  asking: boolean;
  onDone: () => void;
}) {
  const labelId = useId();
  const queryClient = useQueryClient();
  const applications = useQuery<ApplicationWithJob[]>({ queryKey: APPLICATIONS_KEY, retry: false });
  const alreadyApplied = (applications.data ?? []).some(
    (application) => String(application.jobId) === String(job.id),
  );
  const record = useMutation({
    mutationFn: () =>
      apiRequest<ApplicationWithJob>('POST', '/api/user/applications', {
        jobId: job.id,
        applicationMethod: 'company_website',
      }),
    onSuccess: async () => {
      toast({ title: 'Application tracked', description: 'You can follow it in your dashboard.' });
      onDone();
      await Promise.all(
        CHANGED_BY_AN_APPLICATION.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
    onError: (error) => {
      toastError('Error', error, 'Failed to track application.');
    },
  });
  if (!asking || alreadyApplied) return null;
  return (
    <div role="group" aria-labelledby={labelId} css={promptStyles}>
      <p
        id={labelId}
        css={css({ margin: 0, fontSize: fontSizes.sm, fontWeight: fontWeights.medium })}
      >
        Did you apply?
        <VisuallyHidden> ({job.title})</VisuallyHidden>
      </p>
      <Button size="sm" disabled={record.isPending} onClick={() => record.mutate()}>
        {record.isPending ? 'Saving...' : 'Yes'}
      </Button>
      <Button size="sm" variant="outline" disabled={record.isPending} onClick={onDone}>
        No
      </Button>
    </div>
  );
}
