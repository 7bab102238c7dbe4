import type { Bookmark, Job } from '@b2g/contracts';
import {
  apiRequest,
  toast,
  useAuth,
  useLocation,
  useMutation,
  useQuery,
  useQueryClient,
  toastError,
  track,
} from '@b2g/web-platform';

/** The reads a bookmark changes (the dashboard's keys among them). */
const BOOKMARK_CHANGES = [
  ['/api/jobs'],
  ['/api/user/bookmarks'],
  ['/api/user/stats'],
  ['/api/user/activity'],
] as const;

interface ToggleVariables {
  job: Pick<Job, 'id'>;
  bookmarked: boolean;
}

/**
 * The signed-in user's bookmarks (read only when authenticated, never retried) and the toggle of
 * spec §4: add when not bookmarked, remove when bookmarked, with the toasts of spec §8.
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

  const mutation = useMutation({
    mutationFn: ({ job, bookmarked }: ToggleVariables) =>
      bookmarked
        ? apiRequest('DELETE', `/api/user/bookmarks/${encodeURIComponent(job.id)}`)
        : apiRequest('POST', '/api/user/bookmarks', { jobId: job.id }),
    onSuccess: async (_data, { job, bookmarked }) => {
      if (!bookmarked) track({ type: 'bookmark', jobId: job.id });
      toast(
        bookmarked
          ? { title: 'Bookmark removed', description: 'Job removed from your bookmarks.' }
          : { title: 'Job bookmarked!', description: 'You can view it in your dashboard.' },
      );
      // The dashboard's stats and activity count bookmarks too; cached reads are never stale.
      await Promise.all(
        BOOKMARK_CHANGES.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
    onError: (error) => {
      toastError('Error', error, 'Failed to update bookmark.');
    },
  });

  const bookmarkList = isAuthenticated ? (bookmarks.data ?? []) : [];
  const isBookmarked = (job: Pick<Job, 'id'>) =>
    bookmarkList.some((bookmark) => String(bookmark.jobId) === String(job.id));

  const toggle = (job: Pick<Job, 'id'>) => {
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
    mutation.mutate({ job, bookmarked: isBookmarked(job) });
  };

  return { isBookmarked, toggle, isPending: mutation.isPending };
}
