import type { BookmarkWithJob } from '@b2g/contracts';
import { Button, sizes } from '@b2g/ui';
import { apiRequest, toast, useMutation, toastError } from '@b2g/web-platform';
import BookmarkX from 'lucide-react/icons/bookmark-x';
import CircleCheck from 'lucide-react/icons/circle-check';
import { useState } from 'react';
import { ExternalJobLink } from '../components/ExternalJobLink.js';
import { formatDate } from '../lib/dates.js';
import { useRefreshDashboard } from './queries.js';
import { actionsStyles, itemHeaderStyles, itemStyles, metaStyles, notesStyles } from './styles.js';
import { JobItemSummary } from './JobItemSummary.js';
import { TrackApplicationDialog } from './TrackApplicationDialog.js';

/**
 * One saved job: its details, 'Track application' (with the status chosen there) until an
 * application is recorded, then 'Applied', and the bookmark's removal.
 */
export function SavedJobItem({
  bookmark,
  applied,
}: {
  bookmark: BookmarkWithJob;
  applied: boolean;
}) {
  const { job } = bookmark;
  const refresh = useRefreshDashboard();
  const [applying, setApplying] = useState(false);
  const removeBookmark = useMutation({
    mutationFn: () =>
      apiRequest('DELETE', `/api/user/bookmarks/${encodeURIComponent(bookmark.jobId)}`),
    onSuccess: async () => {
      toast({ title: 'Bookmark removed', description: 'Job removed from your bookmarks.' });
      await refresh();
    },
    onError: (error) => toastError('Error', error, 'Failed to update bookmark.'),
  });
  return (
    <li css={itemStyles} aria-label={job.title}>
      <div css={itemHeaderStyles}>
        <JobItemSummary job={job} dated={<>Saved {formatDate(bookmark.bookmarkedAt)}</>} />
        <ExternalJobLink job={job} />
      </div>
      {bookmark.notes ? <p css={notesStyles}>{bookmark.notes}</p> : null}
      <div css={actionsStyles}>
        {applied ? (
          <p css={metaStyles}>
            <span>
              <CircleCheck aria-hidden="true" width={sizes.icon} height={sizes.icon} />
              Applied
            </span>
          </p>
        ) : job.removed === true ? null : (
          <Button variant="secondary" size="sm" onClick={() => setApplying(true)}>
            <CircleCheck aria-hidden="true" width={sizes.icon} height={sizes.icon} />
            Track application
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          disabled={removeBookmark.isPending}
          onClick={() => removeBookmark.mutate()}
          aria-label={`Remove bookmark: ${job.title}`}
        >
          <BookmarkX aria-hidden="true" width={sizes.icon} height={sizes.icon} />
          Remove bookmark
        </Button>
      </div>
      <TrackApplicationDialog
        open={applying}
        onOpenChange={setApplying}
        job={{ id: bookmark.jobId, title: job.title, company: job.company }}
      />
    </li>
  );
}
