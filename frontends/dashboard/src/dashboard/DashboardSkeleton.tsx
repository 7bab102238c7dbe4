import { Card, Skeleton, space, DASHBOARD_SKELETON_CARDS, DASHBOARD_SKELETON_ROWS } from '@b2g/ui';
import { css } from '@emotion/react';
import { summaryGridStyles } from './SummaryCards.js';

/** Rows of grey bars standing in for a list while it loads. */
export function SkeletonRows({ count = DASHBOARD_SKELETON_ROWS }: { count?: number }) {
  return (
    <div data-testid="skeleton-rows" css={css({ display: 'grid', gap: space[4] })}>
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} data-testid="skeleton-row" css={css({ height: space[20] })} />
      ))}
    </div>
  );
}

/** The dashboard while its stats load: a heading bar, the summary cards and list rows. */
export function DashboardSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading your dashboard"
      css={css({ display: 'grid', gap: space[6] })}
    >
      <div css={css({ display: 'grid', gap: space[2] })}>
        <Skeleton css={css({ height: space[8], width: '60%' })} />
        <Skeleton css={css({ height: space[4], width: '80%' })} />
      </div>
      <div css={summaryGridStyles}>
        {Array.from({ length: DASHBOARD_SKELETON_CARDS }, (_, index) => (
          <Card key={index} data-testid="skeleton-card" css={css({ padding: space[5] })}>
            <Skeleton css={css({ height: space[16] })} />
          </Card>
        ))}
      </div>
      <SkeletonRows />
    </div>
  );
}
