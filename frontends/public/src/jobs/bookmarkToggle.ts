import type { Job } from '@b2g/contracts';
import { apiRequest, toast, toastError, track, type QueryClient } from '@b2g/web-platform';

/** The reads a bookmark changes (the dashboard's keys among them). */
const BOOKMARK_CHANGES = [
  ['/api/jobs'],
  ['/api/user/bookmarks'],
  ['/api/user/stats'],
  ['/api/user/activity'],
] as const;

/**
 * Adds the job to the signed-in user's bookmarks, or removes it when `bookmarked`, with the toasts
 * of spec §8; the reads it changes are read again. Its own module: it loads with the first toggle.
 */
export async function toggleBookmark(
  queryClient: QueryClient,
  job: Pick<Job, 'id'>,
  bookmarked: boolean,
): Promise<void> {
  try {
    await (bookmarked
      ? apiRequest('DELETE', `/api/user/bookmarks/${encodeURIComponent(job.id)}`)
      : apiRequest('POST', '/api/user/bookmarks', { jobId: job.id }));
  } catch (error) {
    toastError('Error', error, 'Failed to update bookmark.');
    return;
  }
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
}
