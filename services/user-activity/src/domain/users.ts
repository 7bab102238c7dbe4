import type { Cause } from './events.js';
import type { JobCatalog } from './jobs.js';
import type { ActivityStore, ApplicationStore, BookmarkStore } from './ports.js';

/** What happens to a user's data here when the account is deleted. */
export class UserData {
  constructor(
    private readonly bookmarks: Pick<BookmarkStore, 'listByUser' | 'delete'>,
    private readonly applications: Pick<ApplicationStore, 'deleteAllOfUser'>,
    private readonly activities: Pick<ActivityStore, 'deleteByUser'>,
    private readonly jobs: JobCatalog,
    private readonly clock: () => Date,
  ) {}

  /**
   * Removes the user's bookmarks (each states bookmark.removed, so bookmark counts elsewhere stay
   * right), applications and activity items. Running it again finds nothing left to remove.
   */
  async remove(userId: string, cause: Cause): Promise<void> {
    const bookmarks = await this.bookmarks.listByUser(userId);
    const known = await this.jobs.known(bookmarks.map((bookmark) => bookmark.jobId));
    const removedAt = this.clock();
    for (const bookmark of bookmarks) {
      const job = known.get(bookmark.jobId) ?? bookmark.job;
      await this.bookmarks.delete(bookmark._id, [
        { kind: 'BookmarkRemoved', bookmark, job, at: removedAt, cause },
      ]);
    }
    await this.applications.deleteAllOfUser(userId);
    await this.activities.deleteByUser(userId);
  }
}
