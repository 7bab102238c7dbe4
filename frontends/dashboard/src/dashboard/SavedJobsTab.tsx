import type { BookmarkWithJob } from '@b2g/contracts';
import { SavedJobItem } from './SavedJobItem.js';
import { TabItems } from './TabItems.js';

export interface SavedJobsTabProps {
  bookmarks: BookmarkWithJob[] | undefined;
  /** The jobs the user has an application for: their 'Track application' would only be refused. */
  appliedJobIds: ReadonlySet<string>;
  isLoading: boolean;
}

export function SavedJobsTab({ bookmarks, appliedJobIds, isLoading }: SavedJobsTabProps) {
  return (
    <TabItems items={bookmarks} isLoading={isLoading} label="Saved jobs" empty="savedJobs">
      {(bookmark) => (
        <SavedJobItem
          key={bookmark.id}
          bookmark={bookmark}
          applied={appliedJobIds.has(bookmark.jobId)}
        />
      )}
    </TabItems>
  );
}
