import type { PostingReviewPolicy } from '@b2g/contracts';
import type { Outbox } from '@b2g/event-bus';
import type { Mailer } from '@b2g/service-kit';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { Client } from '@opensearch-project/opensearch';
import { liveByBanKey, MongoBans } from './data/bans.js';
import type { JobsModels } from './data/job-model.js';
import { MongoSubmissions, type SubmissionModel } from './data/submissions.js';
import { ClientKeys } from './data/submissions-secret.js';
import { createTrustPorts } from './data/trust-ports.js';
import { Bans } from './domain/bans.js';
import type { Cause } from './domain/events.js';
import type { ExpirySettings } from './domain/expiry.js';
import type { JobWrites } from './domain/job-writes.js';
import type { JobRecord } from './domain/model.js';
import type { JobPagesStore } from './domain/ports.js';
import { REVIEW_THRESHOLD, TrustAssessor } from './domain/trust/assess.js';
import { ReviewIntake } from './domain/review-intake.js';
import { reviewMails } from './domain/review-mail.js';
import { ReviewQueue } from './domain/review-queue.js';
import { toIntegrationEvents } from './events/outgoing.js';

export interface ReviewSettings {
  /** POSTING_REVIEW; unset: `none` (every post live at once, as the spec shows). */
  policy?: PostingReviewPolicy;
  /** Signs the proof-of-work challenges (POST_CHALLENGE_KEY); unset: a key of this process. */
  challengeKey?: string | undefined;
}

/**
 * The review of public posts, wired from the instance's connections: the intake posting and
 * employer edits go through, the admin's queue and bans, and what job pages need to answer 410
 * for a rejected post.
 */
export function createReview(deps: {
  connection: Connection;
  models: JobsModels;
  /** The submissions' model, one of the outbox's: a decision records its events with it. */
  submissionModel: SubmissionModel;
  outbox: Pick<Outbox, 'update'>;
  writes: JobWrites;
  /** The search cluster and the jobs alias: near-duplicates are looked up there. */
  search: Client;
  alias: string;
  /** Applies an approved held edit to its live posting (EmployerPostings.applyHeldEdit). */
  applyEdit: (jobId: string, held: JobRecord, cause: Cause) => Promise<JobRecord>;
  /** Takes a banned poster's live posting down (soft delete). */
  close: (id: string, cause: Cause) => Promise<unknown>;
  /** Told of each held post that went live; never throws. */
  published?: (job: JobRecord) => Promise<void>;
  mailer: Mailer;
  origin: string;
  logger: Logger;
  expiry: ExpirySettings;
  settings?: ReviewSettings | undefined;
}) {
  const { logger } = deps;
  const assessor = new TrustAssessor(
    createTrustPorts({
      connection: deps.connection,
      search: deps.search,
      alias: deps.alias,
      logger,
    }),
    {
      proof: { hmacKey: deps.settings?.challengeKey },
      onCheckFailed: (check, error) =>
        logger.warn({ err: error, check }, 'a trust check failed: the post is scored without it'),
    },
  );
  const submissions = new MongoSubmissions(deps.submissionModel, deps.outbox, toIntegrationEvents);
  const banStore = new MongoBans(deps.connection);
  const mails = reviewMails(deps.mailer, deps.origin);
  const intake = new ReviewIntake({
    policy: deps.settings?.policy ?? 'none',
    threshold: REVIEW_THRESHOLD,
    assessor,
    bans: banStore.matching,
    submissions,
    mails,
    logger,
  });
  const queue = new ReviewQueue({
    submissions,
    writes: deps.writes,
    applyEdit: deps.applyEdit,
    ...(deps.published && { published: deps.published }),
    assessor,
    mails,
    logger,
    expiry: deps.expiry,
  });
  const bans = new Bans({
    store: banStore,
    submissions,
    liveBy: liveByBanKey(deps.models),
    close: deps.close,
    queue,
    assessor,
    logger,
  });
  return {
    assessor,
    intake,
    queue,
    bans,
    submissions,
    clientKeys: new ClientKeys(deps.connection),
    /** A rejected post's page is gone (410) like a closed job's; a pending one is unknown (404). */
    pagesStore: (store: JobPagesStore): JobPagesStore => ({
      byId: async (id) => (await store.byId(id)) ?? (await submissions.rejectedJob(id)),
      newestOfFunction: (...args) => store.newestOfFunction(...args),
    }),
    init: () => Promise.all([submissions.init(), banStore.init()]),
  };
}
