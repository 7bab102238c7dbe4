import ActivityIcon from 'lucide-react/icons/activity';
import Bell from 'lucide-react/icons/bell';
import Bookmark from 'lucide-react/icons/bookmark';
import Briefcase from 'lucide-react/icons/briefcase';
import type { ReactNode } from 'react';
import { EmptyState, type EmptyStateProps } from '../components/EmptyState.js';
import { SkeletonRows } from './DashboardSkeleton.js';
import { listStyles } from './styles.js';

/** The dashboard tabs that list things. */
export type ListTab = 'savedJobs' | 'applications' | 'alerts' | 'activity';

/** What each tab shows when it has nothing to list: a line of help and one way forward. */
const EMPTY_STATES: Readonly<Record<ListTab, EmptyStateProps>> = {
  savedJobs: {
    icon: Bookmark,
    title: 'No saved jobs',
    description: 'Check our newsletter for the latest B2G opportunities.',
    action: { label: 'Join Newsletter', to: '/newsletter' },
  },
  applications: {
    icon: Briefcase,
    title: 'No applications yet',
    description: 'Check out resources to help with your job search.',
    action: { label: 'View Resources', to: '/resources' },
  },
  alerts: {
    icon: Bell,
    title: 'No alerts yet',
    description: "Search the jobs and choose 'Get alerts for this search' to hear of new ones.",
    action: { label: 'Browse Jobs', to: '/jobs' },
  },
  activity: {
    icon: ActivityIcon,
    title: 'No activity yet',
    description: 'Your job search activities will appear here.',
    action: { label: 'Explore Resources', to: '/resources' },
  },
};

export interface TabItemsProps<T> {
  items: readonly T[] | undefined;
  isLoading: boolean;
  /** How many skeleton rows stand in for the list while it loads. */
  skeletonRows?: number;
  /** The list's accessible name. */
  label: string;
  /** Which tab's empty state shows when there is nothing to list. */
  empty: ListTab;
  /** One item as its list entry (an <li> with its key). */
  children: (item: T) => ReactNode;
}

/** A dashboard tab's list: skeleton rows while it loads, its empty state, else the items. */
export function TabItems<T>({
  items,
  isLoading,
  skeletonRows,
  label,
  empty,
  children,
}: TabItemsProps<T>) {
  if (isLoading) return <SkeletonRows count={skeletonRows} />;
  if (!items || items.length === 0) return <EmptyState {...EMPTY_STATES[empty]} />;
  return (
    <ul css={listStyles} aria-label={label}>
      {items.map(children)}
    </ul>
  );
}
