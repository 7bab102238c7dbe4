import { APPLICATION_STATUSES, type ApplicationStatus, type DashboardStats } from '@b2g/contracts';

/** Statuses that need no follow-up any more. */
const CLOSED_STATUSES: readonly ApplicationStatus[] = ['rejected', 'offer_received'];

export interface ApplicationFacts {
  status: ApplicationStatus;
  followUpDate: Date | null;
}

/** The last millisecond of the (UTC) day of `now`. */
export function endOfDay(now: Date): Date {
  const end = new Date(now);
  end.setUTCHours(23, 59, 59, 999);
  return end;
}

/**
 * Dashboard figures. `applicationsByStatus` names every status (0 when none has it), as the
 * contract requires. A follow-up is due when its date is today or earlier and the application is
 * still open (neither rejected nor an offer received).
 */
export function dashboardStats(
  applications: readonly ApplicationFacts[],
  totalBookmarks: number,
  now: Date,
): DashboardStats {
  const dueBy = endOfDay(now).getTime();
  const applicationsByStatus = Object.fromEntries(
    APPLICATION_STATUSES.map((status) => [status, 0]),
  ) as DashboardStats['applicationsByStatus'];
  let pendingFollowUps = 0;
  for (const application of applications) {
    applicationsByStatus[application.status] += 1;
    if (
      application.followUpDate &&
      application.followUpDate.getTime() <= dueBy &&
      !CLOSED_STATUSES.includes(application.status)
    ) {
      pendingFollowUps += 1;
    }
  }
  return {
    totalApplications: applications.length,
    totalBookmarks,
    pendingFollowUps,
    applicationsByStatus,
  };
}
