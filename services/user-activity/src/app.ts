import { ProcessedEvents, type Outbox } from '@b2g/event-bus';
import { createServiceApp, type ReadinessCheck, type TokenVerifier } from '@b2g/service-kit';
import type { Express } from 'express';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { ActivityRepository } from './data/activities.js';
import { ApplicationRepository } from './data/applications.js';
import { BookmarkRepository } from './data/bookmarks.js';
import { MongoJobSnapshotStore } from './data/job-snapshots.js';
import { modelsOf } from './data/models.js';
import { ActivityFeed } from './domain/activity.js';
import { Applications } from './domain/applications.js';
import { Bookmarks } from './domain/bookmarks.js';
import { Dashboard } from './domain/dashboard.js';
import { JobCatalog, type JobLookup } from './domain/jobs.js';
import { UserData } from './domain/users.js';
import type { ConsumerDeps } from './events/consumers.js';
import { SERVICE_NAME } from './events/publish.js';
import { userRoutes } from './routes/user.js';

export interface UserActivityDeps {
  connection: Connection;
  /** Writes changes with their events, and relays them. */
  outbox: Outbox;
  /** The jobs service, asked when a job snapshot is missing. */
  jobsApi: JobLookup;
  logger: Logger;
  /** Injected clock: "now" of new records and "today" of follow-ups. */
  clock?: () => Date;
}

export type UserActivity = ConsumerDeps & {
  bookmarks: Bookmarks;
  applications: Applications;
  dashboard: Dashboard;
};

/** The domain of the service wired to its repositories: shared by the HTTP routes and the consumers. */
export function createUserActivity(deps: UserActivityDeps): UserActivity {
  const clock = deps.clock ?? (() => new Date());
  const models = modelsOf(deps.connection);
  const bookmarkRepo = new BookmarkRepository(models.Bookmark, deps.outbox);
  const applicationRepo = new ApplicationRepository(models.Application, deps.outbox);
  const activityRepo = new ActivityRepository(models.Activity);
  const jobs = new JobCatalog(
    new MongoJobSnapshotStore(models.JobSnapshot),
    deps.jobsApi,
    deps.logger,
  );
  return {
    jobs,
    bookmarks: new Bookmarks(bookmarkRepo, jobs, clock),
    applications: new Applications(applicationRepo, activityRepo, jobs, clock),
    dashboard: new Dashboard(applicationRepo, bookmarkRepo, clock),
    feed: new ActivityFeed(activityRepo, bookmarkRepo, applicationRepo),
    userData: new UserData(bookmarkRepo, applicationRepo, activityRepo, jobs, clock),
    processed: new ProcessedEvents(deps.connection),
  };
}

export interface AppDeps {
  logger: Logger;
  verifier: TokenVerifier;
  service: UserActivity;
  readiness: ReadinessCheck[];
}

/** The HTTP app (no listening: main serves it, tests drive it in-process). */
export function createApp(deps: AppDeps): Express {
  return createServiceApp({
    name: SERVICE_NAME,
    logger: deps.logger,
    readiness: deps.readiness,
    routes: userRoutes({ verifier: deps.verifier, ...deps.service }),
    bodyLimit: '16kb',
  });
}
