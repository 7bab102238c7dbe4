import { EMPLOYER_MESSAGES, EMPLOYER_PAGE, jobPagePath, type EmployerJob } from '@b2g/contracts';
import { Button, formatDay } from '@b2g/ui';
import { Link, useDocumentTitle } from '@b2g/web-platform';
import { AuthLayout, formStyles } from '../auth/AuthLayout.js';
import { LinkRefused, useTokenLink } from '../employer/tokenLink.js';

/**
 * /employer/extend#token=…: an expiry reminder's one-click extend link. The token leaves the
 * address bar first and is sent once; the page then shows the posting's new last day.
 */
export default function EmployerExtendPage() {
  useDocumentTitle('Extend Posting');
  const { token, exchange } = useTokenLink<EmployerJob>('/api/employer/extend-link');

  if (exchange.isSuccess) {
    const job = exchange.data;
    return (
      <AuthLayout
        title="Posting extended"
        description={
          job.expiresOn
            ? `"${job.title}" stays on the board until ${formatDay(job.expiresOn)}.`
            : `"${job.title}" stays on the board.`
        }
      >
        <div css={formStyles}>
          <Button asChild fullWidth>
            <Link to={EMPLOYER_PAGE}>Manage your postings</Link>
          </Button>
          <Button asChild fullWidth variant="outline">
            <Link to={jobPagePath(job.id)}>View the job</Link>
          </Button>
        </div>
      </AuthLayout>
    );
  }
  if (token && !exchange.isError)
    return <AuthLayout title="Extending your posting..." description="One moment." />;
  return (
    <LinkRefused
      title="The posting was not extended"
      description="Sign in to extend it yourself."
      error={exchange.error}
      fallback={EMPLOYER_MESSAGES.extendLinkInvalid}
    />
  );
}
