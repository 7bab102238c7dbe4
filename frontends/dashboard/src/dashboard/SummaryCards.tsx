import type { DashboardStats } from '@b2g/contracts';
import { Card, colors, fontSizes, fontWeights, mq, sizes, space } from '@b2g/ui';
import { css } from '@emotion/react';
import Bell from 'lucide-react/icons/bell';
import Bookmark from 'lucide-react/icons/bookmark';
import Briefcase from 'lucide-react/icons/briefcase';
import TrendingUp from 'lucide-react/icons/trending-up';
import type { ComponentType, SVGProps } from 'react';
import { captionStyles } from './styles.js';

export const summaryGridStyles = css({
  display: 'grid',
  gap: space[4],
  gridTemplateColumns: 'repeat(2, 1fr)',
  [mq.lg]: { gridTemplateColumns: 'repeat(4, 1fr)' },
});

interface Summary {
  title: string;
  value: number;
  caption: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

function summaries(stats: DashboardStats): Summary[] {
  const byStatus = stats.applicationsByStatus;
  return [
    {
      title: 'Total Applications',
      value: stats.totalApplications,
      caption: 'Active job applications',
      Icon: Briefcase,
    },
    {
      title: 'Saved Jobs',
      value: stats.totalBookmarks,
      caption: 'Bookmarked opportunities',
      Icon: Bookmark,
    },
    {
      title: 'In Progress',
      value: (byStatus.under_review ?? 0) + (byStatus.interview_scheduled ?? 0),
      caption: 'Under review or scheduled',
      Icon: TrendingUp,
    },
    {
      title: 'Follow-ups Due',
      value: stats.pendingFollowUps,
      caption: 'Requiring attention',
      Icon: Bell,
    },
  ];
}

/** The four summary cards of the dashboard. */
export function SummaryCards({ stats }: { stats: DashboardStats }) {
  return (
    <ul css={[summaryGridStyles, css({ listStyle: 'none', margin: 0, padding: 0 })]}>
      {summaries(stats).map(({ title, value, caption, Icon }) => (
        <li key={title}>
          <Card
            aria-label={title}
            role="group"
            css={css({ display: 'grid', gap: space[1], padding: space[5], height: '100%' })}
          >
            <div
              css={css({
                display: 'flex',
                justifyContent: 'space-between',
                alignItems: 'center',
                gap: space[2],
              })}
            >
              <h2
                css={css({
                  margin: 0,
                  fontSize: fontSizes.sm,
                  fontWeight: fontWeights.medium,
                  color: colors.muted,
                })}
              >
                {title}
              </h2>
              <Icon
                aria-hidden="true"
                width={sizes.icon}
                height={sizes.icon}
                color={colors.subtle}
              />
            </div>
            <p
              css={css({
                margin: 0,
                fontSize: fontSizes['2xl'],
                fontWeight: fontWeights.bold,
                color: colors.foreground,
              })}
            >
              {value}
            </p>
            <p css={captionStyles}>{caption}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
