import type {
  ActivityItem,
  ApplicationWithJob,
  BookmarkWithJob,
  DashboardStats,
} from '@b2g/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/** Query keys are the API paths they read. */
export const STATS_KEY = ['/api/user/stats'] as const;
export const APPLICATIONS_KEY = ['/api/user/applications'] as const;
export const BOOKMARKS_KEY = ['/api/user/bookmarks'] as const;
export const ACTIVITY_KEY = ['/api/user/activity'] as const;

export function useDashboardQueries(enabled: boolean) {
  return {
    stats: useQuery<DashboardStats>({ queryKey: STATS_KEY, enabled }),
    applications: useQuery<ApplicationWithJob[]>({ queryKey: APPLICATIONS_KEY, enabled }),
    bookmarks: useQuery<BookmarkWithJob[]>({ queryKey: BOOKMARKS_KEY, enabled }),
    activity: useQuery<ActivityItem[]>({ queryKey: ACTIVITY_KEY, enabled }),
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
