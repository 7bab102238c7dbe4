import type {
  ActivityItem,
  ApplicationWithJob,
  BookmarkWithJob,
  DashboardStats,
} from '@b2g/contracts';
import { useQuery, useQueryClient, type QueryClient } from '@b2g/web-platform';
import { useCallback } from 'react';

/** Query keys are the API paths they read. */
export const STATS_KEY = ['/api/user/stats'] as const;
export const APPLICATIONS_KEY = ['/api/user/applications'] as const;
export const BOOKMARKS_KEY = ['/api/user/bookmarks'] as const;
export const ACTIVITY_KEY = ['/api/user/activity'] as const;

/**
 * The dashboard's reads, with the query client's default staleness (spec §9: never stale). They are
 * read again only when a change invalidates them: the mutations here (useRefreshDashboard), a
 * bookmark toggled on the jobs pages and an application tracked from a job page.
 */
export function useDashboardQueries(enabled: boolean) {
  const options = { enabled };
  return {
    stats: useQuery<DashboardStats>({ queryKey: STATS_KEY, ...options }),
    applications: useQuery<ApplicationWithJob[]>({ queryKey: APPLICATIONS_KEY, ...options }),
    bookmarks: useQuery<BookmarkWithJob[]>({ queryKey: BOOKMARKS_KEY, ...options }),
    activity: useQuery<ActivityItem[]>({ queryKey: ACTIVITY_KEY, ...options }),
  };
}

/**
 * The activity feed is projected from the change's event after the change is answered, so the
 * first read after a change can miss its item: the feed is read again, with growing pauses, until
 * it differs from what it was before the change or the last pause has passed.
 */
const FEED_RECHECK_DELAYS_MS = [500, 1_000, 2_000, 4_000] as const;

const feedIdentity = (items: ActivityItem[] | undefined) =>
  (items ?? []).map((item) => item.id).join(' ');

async function followFeed(queryClient: QueryClient, before: string): Promise<void> {
  for (const delayMs of FEED_RECHECK_DELAYS_MS) {
    if (feedIdentity(queryClient.getQueryData<ActivityItem[]>(ACTIVITY_KEY)) !== before) return;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await queryClient.invalidateQueries({ queryKey: ACTIVITY_KEY });
  }
}

/** Refetches every dashboard read after a change (stats, lists and the activity feed). */
export function useRefreshDashboard(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const feedBefore = feedIdentity(queryClient.getQueryData<ActivityItem[]>(ACTIVITY_KEY));
    await Promise.all(
      [STATS_KEY, APPLICATIONS_KEY, BOOKMARKS_KEY, ACTIVITY_KEY].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
    void followFeed(queryClient, feedBefore);
  }, [queryClient]);
}
