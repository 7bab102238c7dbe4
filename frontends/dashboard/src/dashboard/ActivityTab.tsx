import { type ActivityItem } from '@b2g/contracts';
import { colors, radii, sizes, space, DASHBOARD_ACTIVITY_SKELETON_ROWS } from '@b2g/ui';
import { css } from '@emotion/react';
import Bookmark from 'lucide-react/icons/bookmark';
import Briefcase from 'lucide-react/icons/briefcase';
import { StatusBadge } from '../components/StatusBadge.js';
import { formatDateTime } from '../lib/dates.js';
import {
  captionStyles,
  itemHeaderStyles,
  itemStyles,
  itemTitleStyles,
  mutedTextStyles,
} from './styles.js';
import { TabItems } from './TabItems.js';

const TYPE_ICONS = { application: Briefcase, bookmark: Bookmark } as const;
const TYPE_LABELS = { application: 'Application', bookmark: 'Bookmark' } as const;

export interface ActivityTabProps {
  activity: ActivityItem[] | undefined;
  isLoading: boolean;
}

export function ActivityTab({ activity, isLoading }: ActivityTabProps) {
  return (
    <TabItems
      items={activity}
      isLoading={isLoading}
      skeletonRows={DASHBOARD_ACTIVITY_SKELETON_ROWS}
      label="Activity"
      empty="activity"
    >
      {(item) => {
        const Icon = TYPE_ICONS[item.type];
        return (
          <li
            key={item.id}
            css={[itemStyles, css({ gridTemplateColumns: 'auto 1fr', alignItems: 'start' })]}
          >
            <span
              role="img"
              aria-label={TYPE_LABELS[item.type]}
              data-activity-type={item.type}
              css={css({
                display: 'inline-flex',
                padding: space[2],
                borderRadius: radii.full,
                background: colors.primarySoft,
                color: colors.primary,
              })}
            >
              <Icon aria-hidden="true" width={sizes.icon} height={sizes.icon} />
            </span>
            <div css={css({ display: 'grid', gap: space[1], minWidth: 0 })}>
              <div css={itemHeaderStyles}>
                <h3 css={itemTitleStyles}>{item.title}</h3>
                {item.status ? <StatusBadge status={item.status} /> : null}
              </div>
              <p css={mutedTextStyles}>{item.description}</p>
              <p css={captionStyles}>{formatDateTime(item.timestamp)}</p>
            </div>
          </li>
        );
      }}
    </TabItems>
  );
}
