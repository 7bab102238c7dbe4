import type { Job } from '@b2g/contracts';
import { Button, space, VisuallyHidden } from '@b2g/ui';
import { css } from '@emotion/react';
import ExternalLink from 'lucide-react/icons/external-link';
import { lazy, Suspense, useEffect, useState } from 'react';
import { track } from './analytics.js';
import { useAuth } from './auth.js';

/** The job an Apply Now link leads to. */
export type TrackableJob = Pick<Job, 'id' | 'title'>;

/**
 * 'Did you apply?' and what it records: loaded when a signed-in user first follows Apply Now, so
 * a list of job cards carries one link each, not a query and a mutation each.
 */
const DidYouApply = lazy(() => import('./apply-prompt.js'));

/**
 * idle: nothing asked. clicked: Apply Now was followed, the employer's page is opening. away: the
 * user left this tab for it. asking: they came back, so 'Did you apply?' shows.
 */
type ApplyPhase = 'idle' | 'clicked' | 'away' | 'asking';

/**
 * One-click application tracking: a signed-in user who follows Apply Now and comes back to this
 * tab (it was hidden or lost focus, then is visible or focused again) is asked whether they
 * applied, unless an application to that job is already recorded. Signed out, nothing is asked.
 */
function useApplyPhase(): [ApplyPhase, (phase: ApplyPhase) => void] {
  const [phase, setPhase] = useState<ApplyPhase>('idle');
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
  return [phase, setPhase];
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
  const { isAuthenticated } = useAuth();
  const [phase, setPhase] = useApplyPhase();
  const onApplyClick = () => {
    track({ type: 'apply_click', jobId: job.id });
    if (isAuthenticated) setPhase('clicked');
  };
  return (
    <div css={applyNowStyles} className={className}>
      <Button asChild size={size}>
        <a href={href} target="_blank" rel="noopener noreferrer" onClick={onApplyClick}>
          Apply Now
          <ExternalLink aria-hidden="true" />
          <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </a>
      </Button>
      <div aria-live="polite">
        {isAuthenticated && phase !== 'idle' ? (
          <Suspense fallback={null}>
            <DidYouApply job={job} asking={phase === 'asking'} onDone={() => setPhase('idle')} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
