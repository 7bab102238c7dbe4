import type { ActivityRepository } from '../data/activities.js';
import type { ApplicationRepository } from '../data/applications.js';
import type { BookmarkRepository } from '../data/bookmarks.js';
import { bookmarkRemoved, type Cause } from '../events/publish.js';
import type { JobCatalog } from './jobs.js';

/** What happens to a user's data here when the account is deleted. */
export class UserData {
  constructor(
    private readonly bookmarks: BookmarkRepository,
    private readonly applications: ApplicationRepository,
    private readonly activities: ActivityRepository,
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
      await this.bookmarks.delete(bookmark._id, [bookmarkRemoved(bookmark, job, removedAt, cause)]);
    }
    await this.applications.deleteAllOfUser(userId);
    await this.activities.deleteByUser(userId);
  }
}
