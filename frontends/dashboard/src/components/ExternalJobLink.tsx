import { Badge, Button, sizes } from '@b2g/ui';
import ExternalLink from 'lucide-react/icons/external-link';
import type { JobSummary } from '@b2g/contracts';

/** A button opening the job's posting in a new tab; 'No longer listed' once the job is gone. */
export function ExternalJobLink({ job }: { job: JobSummary }) {
  if (job.removed === true) return <Badge variant="gray">No longer listed</Badge>;
  if (!job.link) return null;
  return (
    <Button asChild variant="outline" size="sm">
      <a
        href={job.link}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`View job posting: ${job.title} (opens in a new tab)`}
      >
        <ExternalLink aria-hidden="true" width={sizes.icon} height={sizes.icon} />
        View job
      </a>
    </Button>
  );
}
