import { setTimeout as sleep } from 'node:timers/promises';
import type { EventBus } from '@b2g/event-bus';
import { Outbox } from '@b2g/event-bus';
import {
  type Mailer,
  mongoReadiness,
  RateLimitHits,
  RevocationSync,
  type RevocationSyncOptions,
  type TokenVerifier,
} from '@b2g/service-kit';
import type { Client } from '@opensearch-project/opensearch';
import type { Express } from 'express';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { createApp } from './app.js';
import { createReview, type ReviewSettings } from './review-wiring.js';
import { createEmployerStats, type EmployerStatsSettings } from './employer-stats.js';
import { MongoBookmarkLedger } from './data/bookmark-ledger.js';
import { MongoCompanies, postingsOfAddress } from './data/companies.js';
import { OpenSearchCompanyJobs } from './data/companies-index.js';
import { createModels, type JobsModels } from './data/job-model.js';
import { JobsRepository } from './data/jobs-repository.js';
import { MongoEmployerLinks, MongoEmployerSessions } from './data/employer-identity.js';
import { MongoEmployerPostings } from './data/employer-postings.js';
import { MongoFeaturedPins } from './data/featured-pins.js';
import { MongoExpiryStore } from './data/expiry-store.js';
import { MongoFreshnessStore } from './data/freshness-store.js';
import { GridFsLogoStore } from './data/logo-store.js';
import { MongoPercolations, percolationModel } from './data/percolations.js';
import { submissionModel } from './data/submissions.js';
import { OpenSearchPercolator } from './data/percolator.js';
import { OpenSearchJobIndex, RebuildRunningError } from './data/search/index.js';
import { OpenSearchSimilarJobs, OpenSearchSitemap } from './data/job-pages-index.js';
import { JobPages } from './domain/job-pages.js';
import { DEFAULT_ATS_API_BASES, type AtsApiBases } from './domain/ats.js';
import type { PostingReaders } from './domain/auto-fill.js';
import { BookmarkCounts } from './domain/bookmark-counts.js';
import { Companies } from './domain/companies.js';
import type { Curation } from './domain/curation.js';
import {
  DEFAULT_EMPLOYER_ACCESS,
  EmployerAccess,
  type EmployerAccessSettings,
} from './domain/employer-access.js';
import { employerMails } from './domain/employer-mail.js';
import { EmployerPostings, employerJobOf } from './domain/employer-postings.js';
import type { Clock } from './domain/ports.js';
import { FeaturedJobs, FeaturedPins } from './domain/featured.js';
import { DEFAULT_EXPIRY, Expiry, type ExpirySettings } from './domain/expiry.js';
import { NoticedCuration } from './domain/expiry-notices.js';
import { FreshnessChecker, FreshnessSchedule, type FreshnessSettings } from './domain/freshness.js';
import { IndexSync } from './domain/index-sync.js';
import { JobWrites } from './domain/job-writes.js';
import { Listing } from './domain/listing.js';
import { Posting } from './domain/posting.js';
import { SavedSearchMatching } from './domain/saved-searches.js';
import type { WeeklySummary } from './domain/weekly-summary.js';
import { instanceSubscriptions, serviceSubscriptions } from './events/handlers.js';
import { toIntegrationEvents } from './events/outgoing.js';
import { fetchHtmlPage, fetchJson, probePage } from './net/safe-fetch.js';
import type { EmployerRateLimits } from './routes/employer.js';
import type { RateLimitSetting } from './routes/public.js';

/** Without settings (tests): no scheduled runs. */
const DEFAULT_FRESHNESS = { intervalMs: 0, batchSize: 100, hostDelayMs: 0, hostConcurrency: 4 };

export interface InstanceSettings {
  extractAllowedHosts: readonly string[];
  postRateLimit: RateLimitSetting;
  extractRateLimit: RateLimitSetting;
  /** The rate limits' clock in ms (tests pin it so that no window ends mid-test); default Date.now. */
  rateLimitNow?: () => number;
  /** express "trust proxy" (TRUST_PROXY); unset: service-kit's default (loopback). */
  trustProxy?: number | string;
  /** The site's public origin for absolute links (PUBLIC_URL); unset: each request's. */
  publicUrl?: string | undefined;
  /**
   * The freshness checker: a run every `intervalMs` (0: never; tests call `freshness.runOnce()`),
   * `batchSize` jobs a run, one request at a time per host with `hostDelayMs` between them.
   */
  freshness?: (FreshnessSettings & { intervalMs: number }) | undefined;
  /** Where the ATS APIs are read (tests: a loopback server); default their public hosts. */
  atsApiBases?: Partial<AtsApiBases>;
  /** The alias of the search index and its replicas per shard. */
  searchIndex: { alias: string; replicas: number };
  /** The percolator index of saved searches (default `<alias>-saved-searches`). */
  percolatorIndex?: string;
  /**
   * Employers' sign-in links and sessions (default 24 and 12 hours), the limits on asking for a
   * link (default 5 per address and 20 per client an hour) and on signing in (30 per client an
   * hour), and their clock (tests move it).
   */
  /**
   * Public postings' time on the board and the reminder (default 60 and 3 days), the expiry
   * sweep's interval (default 0: none; tests call `expiry.sweepOnce()`), the extend link's limit
   * per client (default 30 an hour) and the sweep's clock (tests move it).
   */
  expiry?: Partial<ExpirySettings> & {
    intervalMs?: number;
    extendLinkRateLimit?: RateLimitSetting;
    now?: Clock;
  };
  employer?: Partial<EmployerAccessSettings> & {
    rateLimits?: EmployerRateLimits;
    now?: Clock;
  };
  /** The review of public posts (POSTING_REVIEW); unset: every post goes live at once. */
  review?: ReviewSettings;
  /** Employers' statistics (ANALYTICS_URL) and their weekly summary e-mail. */
  stats?: EmployerStatsSettings;
}

const HOUR_MS = 60 * 60 * 1000;
const DEFAULT_EMPLOYER_LIMITS: EmployerRateLimits = {
  linkPerEmail: { limit: 5, windowMs: HOUR_MS },
  linkPerClient: { limit: 20, windowMs: HOUR_MS },
  signInPerClient: { limit: 30, windowMs: HOUR_MS },
};
/** Where e-mailed links point without PUBLIC_URL (never a request's Host header). */
const DEFAULT_LINK_ORIGIN = 'http://localhost:8080';

export interface JobsInstanceDeps {
  connection: Connection;
  bus: EventBus;
  search: Client;
  logger: Logger;
  verifier: TokenVerifier;
  settings: InstanceSettings;
  /**
   * Where auth lists the revoked sign-ins, read at start and after each reconnection (main; most
   * tests publish session.revoked instead). Only the admin routes need that list, so until it is
   * loaded the instance is degraded, not down: search and public posting keep serving, and admin
   * calls answer 503 with a message.
   */
  auth?: Pick<RevocationSyncOptions, 'authUrl' | 'backoff'>;
  /** Sends the employers' e-mails; unset, none is sent. */
  mailer?: Mailer;
}

export interface JobsInstance {
  app: Express;
  models: JobsModels;
  repository: JobsRepository;
  searchIndex: OpenSearchJobIndex;
  percolator: OpenSearchPercolator;
  matching: SavedSearchMatching;
  listing: Listing;
  posting: Posting;
  curation: Curation;
  bookmarkCounts: BookmarkCounts;
  indexSync: IndexSync;
  freshness: FreshnessChecker;
  expiry: Expiry;
  weeklySummary: WeeklySummary;
  featuredPins: FeaturedPins;
  outbox: Outbox;
  /** The review of public posts: held submissions, the admin's queue and bans. */
  review: ReturnType<typeof createReview>;
  /**
   * Subscribes, connects the bus and starts the outbox relay; then, in the background, rebuilds
   * the search index if it is missing or does not hold every active job (`indexChecked` settles
   * when that is done). The instance answers at once.
   */
  start(): Promise<void>;
  indexChecked: Promise<void>;
  /** Stops the relay and the bus (the caller closes the connections it gave). */
  stop(): Promise<void>;
}

/** One running jobs service, wired from its connections: what main starts and tests start twice. */
export function createJobsInstance(deps: JobsInstanceDeps): JobsInstance {
  const { connection, bus, logger, settings } = deps;
  const revocations = deps.auth
    ? new RevocationSync({ ...deps.auth, verifier: deps.verifier, logger, bus, partial: true })
    : undefined;
  const models = createModels(connection);
  const Percolation = percolationModel(connection);
  const Submission = submissionModel(connection);
  const outbox = new Outbox({
    connection,
    bus,
    logger,
    models: [models.Job, Percolation, Submission],
  });
  const repository = new JobsRepository(models, outbox, toIntegrationEvents);
  const searchIndex = new OpenSearchJobIndex({
    client: deps.search,
    alias: settings.searchIndex.alias,
    replicas: settings.searchIndex.replicas,
    logger,
  });
  const featuredPins = new FeaturedPins({
    pins: new MongoFeaturedPins(connection),
    activeById: (id) => repository.activeById(id),
  });
  const writes = new JobWrites({ store: repository, search: searchIndex });
  const listing = new Listing({ store: repository, search: searchIndex });
  const employerSettings = { ...DEFAULT_EMPLOYER_ACCESS, ...settings.employer };
  const mails = employerMails(
    deps.mailer ?? { send: () => Promise.resolve() },
    settings.publicUrl ?? DEFAULT_LINK_ORIGIN,
    Math.round(employerSettings.linkTtlMs / HOUR_MS),
  );
  const expirySettings = { ...DEFAULT_EXPIRY, ...settings.expiry };
  const expiryStore = new MongoExpiryStore(models, connection, settings.expiry?.now);
  const curation = new NoticedCuration(
    { store: repository, search: searchIndex, writes },
    { mails, claims: expiryStore, logger },
  );
  const employerNow = settings.employer?.now ?? (() => new Date());
  const employerPostingStore = new MongoEmployerPostings(models);
  const review = createReview({
    connection,
    models,
    submissionModel: Submission,
    outbox,
    writes,
    search: deps.search,
    alias: settings.searchIndex.alias,
    applyEdit: (id, held, cause) => employerPostings.applyHeldEdit(id, held, cause),
    close: (id, cause) => curation.softDelete(id, cause),
    published: (job) => stats.weeklySummary.enrol(job),
    mailer: deps.mailer ?? { send: () => Promise.resolve() },
    origin: settings.publicUrl ?? DEFAULT_LINK_ORIGIN,
    logger,
    expiry: expirySettings,
    settings: settings.review,
  });
  const stats = createEmployerStats({
    connection,
    models,
    store: repository,
    postings: employerPostingStore,
    mailer: deps.mailer ?? { send: () => Promise.resolve() },
    origin: settings.publicUrl ?? DEFAULT_LINK_ORIGIN,
    logger,
    settings: settings.stats,
  });
  const employerAccess = new EmployerAccess({
    links: new MongoEmployerLinks(connection, employerNow),
    sessions: new MongoEmployerSessions(connection, employerNow),
    // A poster whose posts all wait for review may sign in too (to see them in review); a banned
    // domain's may not (the answer stays the same, no link is sent).
    hasPostings: async (email) =>
      !(await review.intake.isBannedAddress(email)) &&
      ((await employerPostingStore.hasPostings(email)) ||
        (await review.submissions.hasPostings(email))),
    mails,
    settings: employerSettings,
    logger,
    now: employerNow,
  });
  const employerPostings = new EmployerPostings({
    postings: employerPostingStore,
    store: repository,
    writes,
    curation,
    expiry: expirySettings,
    review: review.intake,
    held: review.submissions,
  });
  const expiry = new Expiry({
    store: expiryStore,
    writes,
    close: (id, reason, cause) => curation.closeQuietly(id, reason, cause),
    mails,
    view: employerJobOf,
    settings: expirySettings,
    logger,
    ...(settings.expiry?.now && { now: settings.expiry.now }),
  });
  const posting = new Posting({
    store: repository,
    writes,
    expiry: expirySettings,
    review: review.intake,
    postedByEmployer: async (record) => {
      await stats.weeklySummary.enrol(record);
      await employerAccess.jobPosted(record);
    },
  });
  const featuredJobs = new FeaturedJobs({
    store: repository,
    search: searchIndex,
    pins: featuredPins,
  });
  const indexSync = new IndexSync({ store: repository, search: searchIndex });
  const bookmarkCounts = new BookmarkCounts({
    store: repository,
    ledger: new MongoBookmarkLedger(connection),
    index: indexSync,
  });
  const pagesIndex = { client: deps.search, alias: settings.searchIndex.alias, logger };
  const pages = new JobPages({
    store: review.pagesStore(repository),
    similar: new OpenSearchSimilarJobs(pagesIndex),
    sitemap: new OpenSearchSitemap(pagesIndex),
    jobs: listing,
  });
  const companies = new Companies({
    store: new MongoCompanies(connection),
    jobs: new OpenSearchCompanyJobs(pagesIndex),
    postingsOf: (email) => postingsOfAddress(models, email),
  });
  const percolator = new OpenSearchPercolator({
    client: deps.search,
    index: settings.percolatorIndex ?? `${settings.searchIndex.alias}-saved-searches`,
    replicas: settings.searchIndex.replicas,
    buildQuery: (query) => searchIndex.percolatorQuery(query),
    logger,
  });
  const matching = new SavedSearchMatching({
    matcher: percolator,
    percolations: new MongoPercolations(Percolation, outbox, toIntegrationEvents),
    job: (id) => repository.byId(id),
  });
  const allowedHosts = new Set(settings.extractAllowedHosts);
  const readers: PostingReaders = {
    fetchPage: (url) => fetchHtmlPage(url, { allowedHosts }),
    fetchJson: (url, validators) => fetchJson(url, validators, { allowedHosts }),
    atsApiBases: { ...DEFAULT_ATS_API_BASES, ...settings.atsApiBases },
  };
  const freshnessSettings = settings.freshness ?? DEFAULT_FRESHNESS;
  const freshness = new FreshnessChecker({
    curation,
    store: new MongoFreshnessStore(models, connection),
    probePage: (url, validators) => probePage(url, validators, { allowedHosts }),
    fetchJson: readers.fetchJson,
    atsApiBases: readers.atsApiBases,
    settings: freshnessSettings,
  });
  const app = createApp({
    logger,
    readiness: [
      mongoReadiness(connection),
      { name: 'rabbitmq', isReady: () => bus.connected },
      // Listing without a search text and every write work without it: degraded, not down.
      { name: 'opensearch', isReady: () => searchIndex.reachable(), partial: true },
      ...(revocations ? [revocations.readiness] : []),
    ],
    listing,
    posting,
    curation,
    featuredJobs,
    freshness,
    featuredPins,
    verifier: deps.verifier,
    readers,
    postRateLimit: settings.postRateLimit,
    extractRateLimit: settings.extractRateLimit,
    hits: new RateLimitHits(connection, { now: settings.rateLimitNow ?? Date.now }),
    trustProxy: settings.trustProxy,
    pages,
    companies,
    logos: new GridFsLogoStore(connection),
    publicUrl: settings.publicUrl,
    employerAccess,
    employerPostings,
    challenge: () => review.assessor.challenge(),
    reviewQueue: review.queue,
    bans: review.bans,
    clientKeys: review.clientKeys,
    employerSessionEmail: (secret) =>
      secret
        ? employerAccess.session(secret).then(
            (session) => session.email,
            () => undefined,
          )
        : Promise.resolve(undefined),
    employerRateLimits: settings.employer?.rateLimits ?? DEFAULT_EMPLOYER_LIMITS,
    expiry,
    postingStats: stats.postingStats,
    weeklySummary: stats.weeklySummary,
    extendLinkRateLimit:
      settings.expiry?.extendLinkRateLimit ?? DEFAULT_EMPLOYER_LIMITS.signInPerClient,
  });
  const stopping = new AbortController();
  let checked: () => void = () => undefined;
  const indexChecked = new Promise<void>((resolve) => {
    checked = resolve;
  });

  /** Rebuilds the index unless it holds every active job; retried while OpenSearch is down. */
  async function checkIndex() {
    for (let attempt = 0; !stopping.signal.aborted; attempt++) {
      try {
        await percolator.ensureIndex();
        if (!(await searchIndex.isCurrent(() => repository.countActive()))) {
          logger.info('search index missing or incomplete: rebuilding it');
          await searchIndex.rebuild(repository.active());
        }
        return;
      } catch (error) {
        if (error instanceof RebuildRunningError) {
          logger.info(
            { indices: error.indices },
            'another instance is rebuilding the search index',
          );
          return;
        }
        logger.warn({ err: error, attempt }, 'search index check failed, trying again');
        await sleep(Math.min(30_000, 1_000 * 2 ** attempt), undefined, {
          signal: stopping.signal,
        }).catch(() => undefined);
      }
    }
  }

  const freshnessSchedule = new FreshnessSchedule({
    checker: freshness,
    intervalMs: freshnessSettings.intervalMs,
    onError: (error) => logger.warn({ err: error }, 'freshness check run failed'),
  });
  const expirySchedule = new FreshnessSchedule({
    checker: {
      runOnce: async (signal) => {
        const run = await expiry.sweepOnce(signal);
        if (run.reminded + run.expired + run.failed > 0) logger.info(run, 'expiry sweep');
      },
    },
    intervalMs: settings.expiry?.intervalMs ?? 0,
    onError: (error) => logger.warn({ err: error }, 'expiry sweep failed'),
  });
  freshness.onRun((run) => {
    const minutes = Math.max(run.durationMs, 1) / 60_000;
    logger.info(
      {
        ...run,
        checkedPerMinute: Math.round(run.checked / minutes),
        shareClosed: run.checked ? Number((run.closed / run.checked).toFixed(3)) : 0,
      },
      'freshness check run',
    );
  });
  freshness.onCheck((check) => {
    if (check.refused)
      logger.info({ jobId: check.jobId, reason: check.reason }, 'freshness check refused the URL');
  });

  return {
    app,
    models,
    repository,
    searchIndex,
    percolator,
    matching,
    listing,
    posting,
    curation,
    bookmarkCounts,
    indexSync,
    freshness,
    expiry,
    weeklySummary: stats.weeklySummary,
    featuredPins,
    outbox,
    review,
    indexChecked,
    async start() {
      await Promise.all([models.Job.init(), Percolation.init(), review.init()]);
      await bus.subscribe('instance', instanceSubscriptions({ verifier: deps.verifier }));
      await bus.subscribe('service', serviceSubscriptions({ bookmarkCounts, indexSync, matching }));
      revocations?.start();
      await bus.start();
      outbox.start();
      void checkIndex().finally(checked);
      void repository.backfillIdentityKeys().then(
        (keyed) => keyed > 0 && logger.info({ keyed }, 'older jobs given their identity key'),
        (error: unknown) => logger.warn({ err: error }, 'identity key backfill failed'),
      );
      freshnessSchedule.start();
      expirySchedule.start();
      stats.summarySchedule.start();
    },
    async stop() {
      stopping.abort();
      revocations?.stop();
      await freshnessSchedule.stop();
      await expirySchedule.stop();
      await stats.summarySchedule.stop();
      await outbox.stop();
      await bus.close();
    },
  };
}
