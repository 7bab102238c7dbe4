import type {
  ActivityItem,
  ApplicationWithJob,
  BookmarkWithJob,
  DashboardStats,
} from '@b2g/contracts';
import { useQuery, useQueryClient } from '@b2g/web-platform';
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

/** Refetches every dashboard read after a change (stats, lists and the activity feed). */
export function useRefreshDashboard(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all(
      [STATS_KEY, APPLICATIONS_KEY, BOOKMARKS_KEY, ACTIVITY_KEY].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  }, [queryClient]);
}
