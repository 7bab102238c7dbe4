import type { Bookmark, Job } from '@b2g/contracts';
import {
  toast,
  toastError,
  useAuth,
  useLocation,
  useQuery,
  useQueryClient,
} from '@b2g/web-platform';
import { useCallback, useState } from 'react';

/**
 * The signed-in user's bookmarks (read only when authenticated, never retried) and the toggle of
 * spec §4: add when not bookmarked, remove when bookmarked, with the toasts of spec §8. The
 * toggle's requests load with the first one (bookmarkToggle.ts): a page of cards needs none.
 */
export function useBookmarks() {
  const { isAuthenticated } = useAuth();
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  const bookmarks = useQuery<Bookmark[]>({
    queryKey: ['/api/user/bookmarks'],
    enabled: isAuthenticated,
    retry: false,
  });
  const [isPending, setPending] = useState(false);

  const bookmarkList = isAuthenticated ? bookmarks.data : undefined;
  // Both change only with the bookmarks: a list of memoised cards renders again only then.
  const isBookmarked = useCallback(
    (job: Pick<Job, 'id'>) =>
      (bookmarkList ?? []).some((bookmark) => String(bookmark.jobId) === String(job.id)),
    [bookmarkList],
  );

  const toggle = useCallback(
    (job: Pick<Job, 'id'>) => {
      if (!isAuthenticated) {
        toast({
          title: 'Login required',
          description: 'Please login to bookmark jobs.',
          variant: 'destructive',
          link: {
            label: 'Sign in',
            to: `/login?redirect=${encodeURIComponent(`${pathname}${search}`)}`,
          },
        });
        return;
      }
      setPending(true);
      void import('./bookmarkToggle.js')
        .then(({ toggleBookmark }) => toggleBookmark(queryClient, job, isBookmarked(job)))
        .catch((error: unknown) => toastError('Error', error, 'Failed to update bookmark.'))
        .finally(() => setPending(false));
    },
    [isAuthenticated, pathname, search, queryClient, isBookmarked],
  );

  return { isBookmarked, toggle, isPending };
}
