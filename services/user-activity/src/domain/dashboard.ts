import type { DashboardStats } from '@b2g/contracts';
import type { ApplicationRepository } from '../data/applications.js';
import type { BookmarkRepository } from '../data/bookmarks.js';
import { dashboardStats } from './stats.js';

/** The figures of the dashboard's summary cards. */
export class Dashboard {
  constructor(
    private readonly applications: ApplicationRepository,
    private readonly bookmarks: BookmarkRepository,
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
