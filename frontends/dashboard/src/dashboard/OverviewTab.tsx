import { humanize, type ActivityItem, type DashboardStats } from '@b2g/contracts';
import {
  Badge,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  fontSizes,
  fontWeights,
  mq,
  space,
  RECENT_ACTIVITY_LIMIT,
} from '@b2g/ui';
import { css } from '@emotion/react';
import { formatDate } from '../lib/dates.js';
import { statusTone } from '../lib/labels.js';
import { SkeletonRows } from './DashboardSkeleton.js';
import { captionStyles, listStyles, mutedTextStyles } from './styles.js';

const rowStyles = css({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: space[3],
  fontSize: fontSizes.sm,
});

export interface OverviewTabProps {
  stats: DashboardStats;
  activity: ActivityItem[] | undefined;
  activityLoading: boolean;
}

export function OverviewTab({ stats, activity, activityLoading }: OverviewTabProps) {
  const statuses = Object.entries(stats.applicationsByStatus);
  const recent = (activity ?? []).slice(0, RECENT_ACTIVITY_LIMIT);
  return (
    <div
      css={css({
        display: 'grid',
        gap: space[6],
        [mq.lg]: { gridTemplateColumns: '1fr 1fr' },
      })}
    >
      <Card>
        <CardHeader>
          <CardTitle as="h2">Application Status</CardTitle>
        </CardHeader>
        <CardContent>
          {statuses.length === 0 ? (
            <p css={mutedTextStyles}>No applications tracked yet.</p>
          ) : (
            <ul css={[listStyles, css({ gap: space[3] })]} aria-label="Applications by status">
              {statuses.map(([status, count]) => (
                <li key={status} css={rowStyles}>
                  <span>{humanize(status)}</span>
                  <Badge
                    variant={statusTone(status)}
                    data-tone={statusTone(status)}
                    aria-label={`${humanize(status)}: ${count}`}
                  >
                    {count}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Recent Activity</CardTitle>
        </CardHeader>
        <CardContent>
          {activityLoading ? (
            <SkeletonRows />
          ) : recent.length === 0 ? (
            <p css={mutedTextStyles}>
              No recent activity. Start by browsing jobs or bookmarking positions!
            </p>
          ) : (
            <ul css={listStyles} aria-label="Recent activity">
              {recent.map((item) => (
                <li key={item.id} css={css({ display: 'grid', gap: space[0.5] })}>
                  <p css={css({ margin: 0, fontWeight: fontWeights.medium })}>{item.title}</p>
                  <p css={mutedTextStyles}>{item.description}</p>
                  <p css={captionStyles}>{formatDate(item.timestamp)}</p>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
