import type { BookmarkWithJob } from '@b2g/contracts';
import { sizes } from '@b2g/ui';
import Bookmark from 'lucide-react/icons/bookmark';
import { EmptyState } from '../components/EmptyState.js';
import { SkeletonRows } from './DashboardSkeleton.js';
import { SavedJobItem } from './SavedJobItem.js';
import { listStyles } from './styles.js';

export interface SavedJobsTabProps {
  bookmarks: BookmarkWithJob[] | undefined;
  /** The jobs the user has an application for: their 'Track application' would only be refused. */
  appliedJobIds: ReadonlySet<string>;
  isLoading: boolean;
}

export function SavedJobsTab({ bookmarks, appliedJobIds, isLoading }: SavedJobsTabProps) {
  if (isLoading) return <SkeletonRows />;
  if (!bookmarks || bookmarks.length === 0) {
    return (
      <EmptyState
        icon={<Bookmark width={sizes.iconLg} height={sizes.iconLg} />}
        title="No saved jobs"
        description="Check our newsletter for the latest B2G opportunities."
        actionLabel="Join Newsletter"
        actionTo="/newsletter"
      />
    );
  }
  return (
    <ul css={listStyles} aria-label="Saved jobs">
      {bookmarks.map((bookmark) => (
        <SavedJobItem
          key={bookmark.id}
          bookmark={bookmark}
          applied={appliedJobIds.has(bookmark.jobId)}
        />
      ))}
    </ul>
  );
}
