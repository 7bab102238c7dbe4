import type { DashboardStats } from '@b2g/contracts';
import type { ApplicationStore, BookmarkStore } from './ports.js';
import { dashboardStats } from './stats.js';

/** The figures of the dashboard's summary cards. */
export class Dashboard {
  constructor(
    private readonly applications: Pick<ApplicationStore, 'statusesOfUser'>,
    private readonly bookmarks: Pick<BookmarkStore, 'countByUser'>,
    private readonly clock: () => Date,
  ) {}

  async stats(userId: string): Promise<DashboardStats> {
    const [applications, totalBookmarks] = await Promise.all([
      this.applications.statusesOfUser(userId),
      this.bookmarks.countByUser(userId),
    ]);
    return dashboardStats(
      applications.map((a) => ({ status: a.status, followUpDate: a.followUpDate ?? null })),
      totalBookmarks,
      this.clock(),
    );
  }
}
