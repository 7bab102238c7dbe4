import type { ApplicationWithJob, Job } from '@b2g/contracts';
import { Button, colors, fontSizes, fontWeights, radii, space, VisuallyHidden } from '@b2g/ui';
import { css } from '@emotion/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import ExternalLink from 'lucide-react/icons/external-link';
import { useEffect, useId, useState } from 'react';
import { track } from './analytics.js';
import { apiRequest } from './api.js';
import { useAuth } from './auth.js';
import { toastError } from './FormAlert.js';
import { toast } from './toast.js';

/** The job an Apply Now link leads to. */
export type TrackableJob = Pick<Job, 'id' | 'title'>;

/** The reads a recorded application changes (the dashboard's query keys). */
const APPLICATIONS_KEY = ['/api/user/applications'] as const;
const CHANGED_BY_AN_APPLICATION = [
  APPLICATIONS_KEY,
  ['/api/user/stats'],
  ['/api/user/activity'],
] as const;

/**
 * idle: nothing asked. clicked: Apply Now was followed, the employer's page is opening. away: the
 * user left this tab for it. asking: they came back, so 'Did you apply?' shows.
 */
type Phase = 'idle' | 'clicked' | 'away' | 'asking';

export interface ApplyTracking {
  /** For the Apply Now link's onClick (the link itself still opens the employer's page). */
  onApplyClick: () => void;
  /** True while 'Did you apply?' is asked. */
  asking: boolean;
  /** Yes records the application (company website, today); No dismisses. */
  answer: (applied: boolean) => void;
  isSaving: boolean;
}

/**
 * One-click application tracking: a signed-in user who follows Apply Now and comes back to this
 * tab (it was hidden or lost focus, then is visible or focused again) is asked whether they
 * applied, unless an application to that job is already recorded. Signed out, nothing is asked.
 */
export function useApplyTracking(job: TrackableJob): ApplyTracking {
  const { isAuthenticated } = useAuth();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>('idle');
  const applications = useQuery<ApplicationWithJob[]>({
    queryKey: APPLICATIONS_KEY,
    enabled: isAuthenticated && phase !== 'idle',
    retry: false,
  });
  const alreadyApplied = (applications.data ?? []).some(
    (application) => String(application.jobId) === String(job.id),
  );

  useEffect(() => {
    if (phase !== 'clicked' && phase !== 'away') return undefined;
    const left = () => setPhase((current) => (current === 'clicked' ? 'away' : current));
    const back = () => setPhase((current) => (current === 'away' ? 'asking' : current));
    const onVisibility = () => (document.visibilityState === 'hidden' ? left() : back());
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('blur', left);
    window.addEventListener('focus', back);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('blur', left);
      window.removeEventListener('focus', back);
    };
  }, [phase]);

  const record = useMutation({
    mutationFn: () =>
      apiRequest<ApplicationWithJob>('POST', '/api/user/applications', {
        jobId: job.id,
        applicationMethod: 'company_website',
      }),
    onSuccess: async () => {
      toast({ title: 'Application tracked', description: 'You can follow it in your dashboard.' });
      setPhase('idle');
      await Promise.all(
        CHANGED_BY_AN_APPLICATION.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
    onError: (error) => {
      toastError('Error', error, 'Failed to track application.');
    },
  });

  return {
    onApplyClick: () => {
      track({ type: 'apply_click', jobId: job.id });
      if (isAuthenticated) setPhase('clicked');
    },
    asking: phase === 'asking' && isAuthenticated && !alreadyApplied,
    answer: (applied) => {
      if (applied) record.mutate();
      else setPhase('idle');
    },
    isSaving: record.isPending,
  };
}

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

/** 'Did you apply?' with Yes and No, announced politely when it appears; nothing while idle. */
export function DidYouApplyPrompt({
  job,
  tracking,
}: {
  job: TrackableJob;
  tracking: ApplyTracking;
}) {
  const labelId = useId();
  return (
    <div aria-live="polite">
      {tracking.asking ? (
        <div role="group" aria-labelledby={labelId} css={promptStyles}>
          <p
            id={labelId}
            css={css({ margin: 0, fontSize: fontSizes.sm, fontWeight: fontWeights.medium })}
          >
            Did you apply?
            <VisuallyHidden> ({job.title})</VisuallyHidden>
          </p>
          <Button size="sm" disabled={tracking.isSaving} onClick={() => tracking.answer(true)}>
            {tracking.isSaving ? 'Saving...' : 'Yes'}
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={tracking.isSaving}
            onClick={() => tracking.answer(false)}
          >
            No
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The Apply Now link of a job (card or page): opens the employer's page in a new tab and, for a
 * signed-in user coming back, asks 'Did you apply?' below it.
 */
const applyNowStyles = css({ display: 'grid', gap: space[2], justifyItems: 'start' });

export function ApplyNow({
  job,
  href,
  size = 'sm',
  className,
}: {
  job: TrackableJob;
  href: string;
  /** The link's button size: a page's row of actions gives all its buttons one size. */
  size?: 'sm' | 'md';
  className?: string;
}) {
  const tracking = useApplyTracking(job);
  return (
    <div css={applyNowStyles} className={className}>
      <Button asChild size={size}>
        <a href={href} target="_blank" rel="noopener noreferrer" onClick={tracking.onApplyClick}>
          Apply Now
          <ExternalLink aria-hidden="true" />
          <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </a>
      </Button>
      <DidYouApplyPrompt job={job} tracking={tracking} />
    </div>
  );
}
