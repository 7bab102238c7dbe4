import type { Job } from '@b2g/contracts';
import { Button, VisuallyHidden } from '@b2g/ui';
import ExternalLink from 'lucide-react/icons/external-link';
import { applyHref } from './format.js';

/** 'Apply Now': the job's posting (url, else link) in a new tab (spec §2, job card). */
export function ApplyNowButton({ job, size }: { job: Pick<Job, 'url' | 'link'>; size?: 'sm' }) {
  return (
    <Button asChild size={size}>
      <a href={applyHref(job)} target="_blank" rel="noopener noreferrer">
        Apply Now
        <ExternalLink aria-hidden="true" />
        <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
      </a>
    </Button>
  );
}
