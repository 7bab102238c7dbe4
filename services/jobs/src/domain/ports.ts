import type { JobFacetsResponse, SimilarJob } from '@b2g/contracts';
import type { JobsEvent } from './events.js';
import type {
  AdminListQuery,
  FeaturedCandidate,
  FeaturedFunction,
  FeaturedPin,
  JobIdentity,
  JobPage,
  JobRecord,
  JobSearchPage,
  JobSearchQuery,
  SourceValidators,
} from './model.js';

/** What "now" is (tests pass a fixed one). */
export type Clock = () => Date;

/** The write collided with an active job of the same hash (a duplicate). */
export class DuplicateHashError extends Error {
  override readonly name = 'DuplicateHashError';
}

/**
 * The jobs (data/JobsRepository). Writes that carry events record them in the same single-document
 * write, so a change and its events are never separated; changes are stored over the revision
 * they were computed from (optimistic concurrency).
 */
export interface JobStore {
  byId(id: string): Promise<JobRecord | null>;
  /** Active jobs passing the query's filters (not its text), newest first. */
  newest(query: JobSearchQuery, now: Date): Promise<JobPage>;
  adminList(query: AdminListQuery): Promise<JobRecord[]>;
  activeById(id: string): Promise<JobRecord | null>;
  activeIdForHash(hash: string): Promise<string | undefined>;
  /** The id of an active job with the same company, title and location (normalised). */
  activeIdForIdentity(identity: JobIdentity): Promise<string | undefined>;
  /** An active job with the same hash throws DuplicateHashError. */
  insert(record: JobRecord, events: JobsEvent[]): Promise<void>;
  /**
   * Stores `next` over `previous`'s revision, its bookmark count aside (only setBookmarkCount
   * writes that); false when that revision is gone. A duplicate hash throws DuplicateHashError.
   */
  replace(previous: JobRecord, next: JobRecord, events: JobsEvent[]): Promise<boolean>;
  purge(previous: JobRecord, events: JobsEvent[]): Promise<boolean>;
  /** Sets the job's bookmark count alone: no new revision, no event. */
  setBookmarkCount(id: string, count: number): Promise<void>;
}

/**
 * The bookmarks of each job as jobs has heard of them, by bookmark id: repeats and any order of
 * bookmark.added and bookmark.removed leave the same state (a removal heard first stays final).
 */
export interface BookmarkLedger {
  added(bookmarkId: string, jobId: string): Promise<void>;
  removed(bookmarkId: string, jobId: string): Promise<void>;
  /** How many bookmarks of the job exist. */
  countOf(jobId: string): Promise<number>;
}

/**
 * A call's bound: not answered within `withinMs` (one attempt), it fails as unavailable. Without
 * one, the client's own timeout and retry apply.
 */
export interface IndexBound {
  withinMs?: number;
  /**
   * A write returns once searches see it (it refreshes the index), so whoever made the change
   * finds it in search with the answer. One person's writes (posts, edits, closes) are few
   * enough for a refresh each; waiting for the next scheduled one would add up to its interval.
   */
  visibleOnReturn?: boolean;
}

/**
 * The search read model of the active jobs (OpenSearch in data/). MongoDB stays the source of
 * truth; every write here carries the job's `revision`, so a stale state never replaces a newer
 * one, whatever order changes arrive in. Writes throw SearchUnavailableError while it is down.
 */
export interface JobSearchIndex {
  search(query: JobSearchQuery, bound?: IndexBound): Promise<JobSearchPage>;
  facets(query: JobSearchQuery): Promise<JobFacetsResponse>;
  /** The newest `perFunction` active jobs of each featured function, with who posted them. */
  featuredCandidates(
    perFunction: number,
    bound?: IndexBound,
  ): Promise<Partial<Record<FeaturedFunction, FeaturedCandidate[]>>>;
  /** Puts the job's state in (active) or takes it out (soft-deleted) unless a newer one is there. */
  apply(record: JobRecord, bound?: IndexBound): Promise<void>;
  /**
   * Puts an active job's state in at its revision even when that revision is there already
   * (external_gte): its bookmark count changes without a new revision. A newer revision or a
   * removal stays. Nothing is percolated.
   */
  applyCurrent(record: JobRecord, bound?: IndexBound): Promise<void>;
  /** Takes out a job removed for good. */
  remove(id: string, bound?: IndexBound): Promise<void>;
}

/** Saved searches as stored queries a job is matched against (OpenSearch's percolator in data/). */
export interface SavedSearchMatcher {
  put(savedSearchId: string, revision: number, query: JobSearchQuery): Promise<void>;
  remove(savedSearchId: string, revision: number): Promise<void>;
  /** Ids of every saved search the job matches. */
  match(record: JobRecord): Promise<string[]>;
}

/** Where a job revision's matches are recorded once, with the events that announce them. */
export interface PercolationStore {
  /**
   * False when this revision of the job was percolated already (nothing is written). `content`
   * is the revision's `matchedContent`.
   */
  recordOnce(
    jobId: string,
    revision: number,
    content: string,
    events: readonly JobsEvent[],
  ): Promise<boolean>;
  /** The `matchedContent` of a revision percolated (or passed over) already, else null. */
  contentOf(jobId: string, revision: number): Promise<string | null>;
}

/** What a JSON URL answered: its status, the parsed body of a 2xx, and its validators. */
export interface JsonAnswer {
  status: number;
  body?: unknown;
  validators: SourceValidators;
}

/** Reads a public JSON API through the SSRF guard (net/); throws when it cannot be reached at all. */
export type JsonFetcher = (url: string, validators?: SourceValidators) => Promise<JsonAnswer>;

/** What a job's own page answered to a conditional GET (through the SSRF guard). */
export interface PageAnswer {
  status: number;
  validators: SourceValidators;
}

/** Requests a page; throws when it cannot be reached (or the guard refuses it). */
export type PageProber = (url: string, validators?: SourceValidators) => Promise<PageAnswer>;

/** The admin's pinned job per function. */
export interface FeaturedPinStore {
  all(): Promise<Partial<Record<FeaturedFunction, FeaturedPin>>>;
  set(jobFunction: FeaturedFunction, pin: FeaturedPin): Promise<void>;
  remove(jobFunction: FeaturedFunction): Promise<void>;
}

/** The jobs the freshness checker reads and the claims that keep instances from checking one twice. */
export interface FreshnessStore {
  /** Active jobs with a source URL or a closing date, not verified since `before`, least recently verified first. */
  dueForCheck(before: Date, limit: number): Promise<JobRecord[]>;
  /**
   * Claims the job's check for `period` (one per job and UTC day): true for exactly one caller
   * across every instance (an insert under a unique key, atomic on FerretDB too).
   */
  claim(jobId: string, period: string): Promise<boolean>;
  /** Forgets claims of periods before `period`. */
  forgetClaimsBefore(period: string): Promise<void>;
  /**
   * Leases a host until `until` so that one instance at a time reads it (an insert under a unique
   * key; an expired lease is taken over): false while another instance holds it.
   */
  leaseHost(host: string, owner: string, until: Date): Promise<boolean>;
  releaseHost(host: string, owner: string): Promise<void>;
}

/** What similar jobs are looked for by: the job's words and categories (it may be gone). */
export type SimilarTo = Pick<JobRecord, '_id' | 'title' | 'description' | 'jobFunction' | 'sector'>;

/** Similar active jobs by their words (OpenSearch's more_like_this in data/). */
export interface SimilarJobsIndex {
  /** Throws SearchUnavailableError while the index is down. */
  similar(to: SimilarTo, limit: number): Promise<SimilarJob[]>;
}

/** One job page of the sitemap: where it is and when it last changed. */
export interface SitemapEntry {
  id: string;
  lastModified: Date;
}

/** The storage job pages need (implemented by data/JobsRepository). */
export interface JobPagesStore {
  byId(id: string): Promise<JobRecord | null>;
  /** Newest active, still open jobs of this function (any, when null), without `excludeId`. */
  newestOfFunction(
    jobFunction: JobRecord['jobFunction'],
    excludeId: string,
    limit: number,
    now: Date,
  ): Promise<JobRecord[]>;
}

/** The active, still open jobs whose id starts with `idPrefix`, by id, streamed (data/). */
export interface SitemapSource {
  /** Throws SearchUnavailableError while the index is down. */
  entries(idPrefix: string): AsyncIterable<SitemapEntry>;
}

// Trust: what the risk assessment of public posts reads and writes (data/trust-*.ts).

/** A post's words as the near-duplicate check compares them. */
export interface PostText {
  title: string;
  company: string;
  description: string;
}

/** A posting found like a post: an active job's or a rejected post's id and words. */
export interface NearCandidate extends PostText {
  id: string;
}

/**
 * The few postings whose words are most like a post's (OpenSearch's more_like_this, never a scan):
 * active jobs through the search index, rejected and banned posts through an index of their own.
 * Throws SearchUnavailableError while the index is down.
 */
export interface NearPostsIndex {
  activeLike(text: PostText, limit: number, excludeId?: string): Promise<NearCandidate[]>;
  rejectedLike(text: PostText, limit: number): Promise<NearCandidate[]>;
  rememberRejected(id: string, text: PostText): Promise<void>;
}

/**
 * Posts counted under equality keys (`domain:<d>:<yyyy-mm-dd>`), one inserted document per post
 * and key: FerretDB has no atomic update, and its indexes serve simple equality only.
 */
export interface PostVolumeStore {
  record(keys: readonly string[], at: Date): Promise<void>;
  /** How many posts under `key` were recorded at or after `since`, counted up to `limit`. */
  count(key: string, since: Date, limit: number): Promise<number>;
}

/** The proofs of work used already: one insert per challenge salt under a unique `_id`. */
export interface UsedProofStore {
  /** False when the salt was used already; it may be forgotten after `expiresAt`. */
  markUsed(salt: string, expiresAt: Date): Promise<boolean>;
}

/** Everything the trust assessment reads and writes (built by data/trust-ports.ts). */
export interface TrustPorts {
  nearPosts: NearPostsIndex;
  volume: PostVolumeStore;
  usedProofs: UsedProofStore;
}
