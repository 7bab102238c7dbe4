import type { ApplicationWithJob } from '@b2g/contracts';
import { Button, sizes } from '@b2g/ui';
import Briefcase from 'lucide-react/icons/briefcase';
import Plus from 'lucide-react/icons/plus';
import { useState } from 'react';
import { EmptyState } from '../components/EmptyState.js';
import { ApplicationItem } from './ApplicationItem.js';
import { SkeletonRows } from './DashboardSkeleton.js';
import { listStyles, sectionTitleStyles, tabHeaderStyles } from './styles.js';
import { TrackApplicationDialog } from './TrackApplicationDialog.js';

export interface ApplicationsTabProps {
  applications: ApplicationWithJob[] | undefined;
  isLoading: boolean;
}

export function ApplicationsTab({ applications, isLoading }: ApplicationsTabProps) {
  const [tracking, setTracking] = useState(false);
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
      {isLoading ? (
        <SkeletonRows />
      ) : !applications || applications.length === 0 ? (
        <EmptyState
          icon={<Briefcase width={sizes.iconLg} height={sizes.iconLg} />}
          title="No applications yet"
          description="Check out resources to help with your job search."
          actionLabel="View Resources"
          actionTo="/resources"
        />
      ) : (
        <ul css={listStyles} aria-label="Applications">
          {applications.map((application) => (
            <ApplicationItem key={application.id} application={application} />
          ))}
        </ul>
      )}
    </section>
  );
}
