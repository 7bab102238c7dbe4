import type { ApplicationWithJob } from '@b2g/contracts';
import { sizes, space } from '@b2g/ui';
import { css } from '@emotion/react';
import Building from 'lucide-react/icons/building-2';
import Calendar from 'lucide-react/icons/calendar';
import MapPin from 'lucide-react/icons/map-pin';
import type { ReactNode } from 'react';
import { itemTitleStyles, metaStyles } from './styles.js';

const summaryStyles = css({ display: 'grid', gap: space[1], minWidth: 0 });

export interface JobItemSummaryProps {
  job: Pick<ApplicationWithJob['job'], 'title' | 'company' | 'location'>;
  /** When the item was made ("Applied …", "Saved …"), after the calendar icon. */
  dated: ReactNode;
  /** More facts of the item after its date. */
  children?: ReactNode;
}

/** The heading of a saved job or a tracked application: the job's title, company, location and the item's date. */
export function JobItemSummary({ job, dated, children }: JobItemSummaryProps) {
  return (
    <div css={summaryStyles}>
      <h3 css={itemTitleStyles}>{job.title}</h3>
      <p css={metaStyles}>
        <span>
          <Building aria-hidden="true" width={sizes.icon} height={sizes.icon} />
          {job.company}
        </span>
        <span>
          <MapPin aria-hidden="true" width={sizes.icon} height={sizes.icon} />
          {job.location}
        </span>
        <span>
          <Calendar aria-hidden="true" width={sizes.icon} height={sizes.icon} />
          {dated}
        </span>
        {children}
      </p>
    </div>
  );
}
