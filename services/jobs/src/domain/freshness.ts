import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ERROR_MESSAGES,
  type JobCheckOutcome,
  type JobCheckResponse,
  type JobClosedReason,
} from '@b2g/contracts';
import { notFound } from '@b2g/service-kit';
import { atsTargetOf, readAtsPosting, type AtsApiBases, type Validators } from './ats.js';
import { UrlRefusedError } from '../net/safe-fetch.js';
import type { Curation } from './curation.js';
import { toAdminJob } from './job.js';
import type { JobRecord } from './model.js';
import type {
  Clock,
  FreshnessStore,
  JsonAnswer,
  JsonFetcher,
  PageAnswer,
  PageProber,
} from './ports.js';

export interface FreshnessSettings {
  /** Jobs read per run. */
  batchSize: number;
  /** Pause between two requests to one host. */
  hostDelayMs: number;
  /** Hosts read at the same time (one request at a time per host). */
  hostConcurrency: number;
}

export interface FreshnessDeps {
  curation: Pick<Curation, 'record' | 'close' | 'markVerified'>;
  store: FreshnessStore;
  probePage: PageProber;
  fetchJson: JsonFetcher;
  atsApiBases: AtsApiBases;
  settings: FreshnessSettings;
  now?: Clock;
}

/** What one run did: its figures go to the log (and the README). */
export interface FreshnessRun {
  checked: number;
  open: number;
  closed: number;
  unavailable: number;
  /** Of the unavailable: the fetch guard refused the source's URL (a private address...). */
  refused: number;
  /** Skipped: another instance claimed them first. */
  skipped: number;
  durationMs: number;
}

/** One job's check, scheduled or the admin's: why its source could not be read, if it could not. */
export interface FreshnessCheck {
  jobId: string;
  outcome: JobCheckOutcome;
  /** The fetch guard refused the URL before connecting (`reason` is its refusal). */
  refused: boolean;
  reason?: string;
}

const DAY_MS = 86_400_000;
/** A host's lease lasts its jobs' delays plus this much per job (the guard's 5 s timeout and the writes). */
const HOST_LEASE_PER_JOB_MS = 10_000;
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Keeps listings fresh against their sources: a job whose source answers 404/410 (or whose ATS
 * board no longer lists it) is closed as `gone`; one past its closing date as `expired`; one still
 * listed gets `lastVerifiedAt`; an unreachable source or a 5xx changes nothing. Each job at most
 * once a UTC day across instances (a claim), politely: one request at a time per host with a
 * pause, conditional requests with the validators of the last check.
 */
export class FreshnessChecker {
  private readonly now: Clock;
  private readonly checkListeners = new Set<(check: FreshnessCheck) => void>();
  private readonly runListeners = new Set<(run: FreshnessRun) => void>();

  constructor(private readonly deps: FreshnessDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Calls `listener` after each job's check; returns what stops it. */
  onCheck(listener: (check: FreshnessCheck) => void): () => void {
    this.checkListeners.add(listener);
    return () => this.checkListeners.delete(listener);
  }

  /** Calls `listener` after each run with its figures; returns what stops it. */
  onRun(listener: (run: FreshnessRun) => void): () => void {
    this.runListeners.add(listener);
    return () => this.runListeners.delete(listener);
  }

  /** Checks one active job now (the admin's button), whatever its last check; 404 once deleted. */
  async checkById(id: string): Promise<JobCheckResponse> {
    const job = await this.deps.curation.record(id);
    if (!job || job.deletedAt) throw notFound(ERROR_MESSAGES.jobNotFound);
    return (await this.check(job, this.deps.fetchJson)).response;
  }

  /**
   * One scheduled run over the jobs due for a check. Once `signal` aborts, no further job is
   * claimed nor host leased: the run ends after the requests in flight.
   */
  async runOnce(signal?: AbortSignal): Promise<FreshnessRun> {
    const started = this.now();
    const today = utcDay(started);
    await this.deps.store.forgetClaimsBefore(utcDay(new Date(started.getTime() - DAY_MS)));
    const due = await this.deps.store.dueForCheck(
      new Date(started.getTime() - DAY_MS),
      this.deps.settings.batchSize,
    );
    const run: FreshnessRun = {
      checked: 0,
      open: 0,
      closed: 0,
      unavailable: 0,
      refused: 0,
      skipped: 0,
      durationMs: 0,
    };
    // A board feed (Ashby, Workable) lists every job of a board: read once per run.
    const feeds = new Map<string, Promise<JsonAnswer>>();
    const fetchJson: JsonFetcher = (url, validators) => {
      const cached = feeds.get(url);
      if (cached) return cached;
      const answer = this.deps.fetchJson(url, validators);
      feeds.set(url, answer);
      return answer;
    };
    const byHost = groupByHost(due, this.deps.atsApiBases);
    const queue = [...byHost.entries()];
    const owner = randomUUID();
    const { hostDelayMs } = this.deps.settings;
    const worker = async () => {
      for (let next = queue.shift(); next && !signal?.aborted; next = queue.shift()) {
        const [host, jobs] = next;
        // Another instance reading this host now: its jobs wait for a later run.
        const until = new Date(
          this.now().getTime() + jobs.length * (hostDelayMs + HOST_LEASE_PER_JOB_MS),
        );
        if (!(await this.deps.store.leaseHost(host, owner, until))) {
          run.skipped += jobs.length;
          continue;
        }
        try {
          await this.checkHost(jobs, today, fetchJson, run, signal);
        } finally {
          await this.deps.store.releaseHost(host, owner);
        }
      }
    };
    await Promise.all(
      Array.from({ length: Math.min(this.deps.settings.hostConcurrency, queue.length) }, worker),
    );
    run.durationMs = this.now().getTime() - started.getTime();
    for (const listener of this.runListeners) listener(run);
    return run;
  }

  /** One host's due jobs, one at a time with the host delay between requests. */
  private async checkHost(
    jobs: JobRecord[],
    today: string,
    fetchJson: JsonFetcher,
    run: FreshnessRun,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    let asked = false;
    for (const job of jobs) {
      if (asked) {
        const paused = await sleep(this.deps.settings.hostDelayMs, true, { signal }).catch(
          () => false,
        );
        if (!paused) return;
      }
      if (signal?.aborted) return;
      if (!(await this.deps.store.claim(job._id, today))) {
        run.skipped++;
        continue;
      }
      asked = true;
      const { response, refused } = await this.check(job, fetchJson);
      run.checked++;
      if (response.outcome === 'open') run.open++;
      else if (response.outcome === 'unavailable') run.unavailable++;
      else run.closed++;
      if (refused) run.refused++;
    }
  }

  /** Checks the job and tells the listeners how it went. */
  private async check(
    job: JobRecord,
    fetchJson: JsonFetcher,
  ): Promise<{ response: JobCheckResponse; refused: boolean }> {
    let failure: unknown;
    const failed = (error: unknown) => {
      failure = error;
    };
    const noting: JsonFetcher = (url, validators) =>
      fetchJson(url, validators).catch((error: unknown) => {
        failed(error);
        throw error;
      });
    const response = await this.read(job, noting, failed);
    const refused = failure instanceof UrlRefusedError;
    const check: FreshnessCheck = {
      jobId: job._id,
      outcome: response.outcome,
      refused,
      ...(failure !== undefined && { reason: reasonOf(failure) }),
    };
    for (const listener of this.checkListeners) listener(check);
    return { response, refused };
  }

  /** The source's answer; a source that cannot be read is `unavailable` and `failed` learns why. */
  private async read(
    job: JobRecord,
    fetchJson: JsonFetcher,
    failed: (error: unknown) => void,
  ): Promise<JobCheckResponse> {
    const closing = job.closingDate;
    if (closing && closing < utcDay(this.now())) return this.close(job, 'expired');
    if (!job.url) return this.unchanged(job);
    const validators = job.sourceValidators ?? undefined;
    const target = atsTargetOf(job.url, this.deps.atsApiBases);
    if (target) {
      // Board feeds are shared by every job of the board: never asked conditionally.
      const reading = await readAtsPosting(
        target,
        fetchJson,
        target.boardJobId ? undefined : validators,
      );
      if (reading.outcome !== 'open') {
        if (reading.outcome === 'gone') return this.close(job, 'gone');
        if (reading.outcome === 'unchanged') return this.verified(job, validators ?? null);
        return this.unchanged(job);
      }
      const stated = reading.posting.closingDate;
      if (stated && stated < utcDay(this.now())) return this.close(job, 'expired');
      return this.verified(job, target.boardJobId ? null : reading.validators);
    }
    let answer: PageAnswer;
    try {
      answer = await this.deps.probePage(job.url, validators);
    } catch (error) {
      failed(error);
      return this.unchanged(job);
    }
    if (answer.status === 404 || answer.status === 410) return this.close(job, 'gone');
    if (answer.status === 304) return this.verified(job, validators ?? null);
    if (answer.status >= 200 && answer.status < 300) return this.verified(job, answer.validators);
    return this.unchanged(job);
  }

  private async close(
    job: JobRecord,
    reason: Extract<JobClosedReason, JobCheckOutcome>,
  ): Promise<JobCheckResponse> {
    return { outcome: reason, job: await this.deps.curation.close(job._id, reason) };
  }

  private async verified(job: JobRecord, validators: Validators | null): Promise<JobCheckResponse> {
    const kept = validators && (validators.etag || validators.lastModified) ? validators : null;
    return { outcome: 'open', job: await this.deps.curation.markVerified(job._id, kept) };
  }

  private unchanged(job: JobRecord): JobCheckResponse {
    return { outcome: 'unavailable' satisfies JobCheckOutcome, job: toAdminJob(job) };
  }
}

export interface FreshnessScheduleOptions {
  /** What runs each time (the freshness checker, the expiry sweep). */
  checker: { runOnce(signal?: AbortSignal): Promise<unknown> };
  /** The wait after each run (and before the first); 0: no runs. */
  intervalMs: number;
  /** After a run that failed (the next one comes as usual). */
  onError: (error: unknown) => void;
}

/** Runs the checker every interval until stopped; every instance runs one (the claims share the work). */
export class FreshnessSchedule {
  private readonly stopping = new AbortController();
  private loop: Promise<void> | undefined;

  constructor(private readonly options: FreshnessScheduleOptions) {}

  start(): void {
    if (this.options.intervalMs > 0 && !this.loop) this.loop = this.run();
  }

  /** Ends the wait, or the run in flight after its current requests. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.loop;
  }

  private async run(): Promise<void> {
    const { signal } = this.stopping;
    while (await sleep(this.options.intervalMs, true, { signal }).catch(() => false)) {
      try {
        await this.options.checker.runOnce(signal);
      } catch (error) {
        this.options.onError(error);
      }
    }
  }
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Jobs by the host their check reads (the ATS API's for ATS postings), in their order. */
function groupByHost(jobs: JobRecord[], bases: AtsApiBases): Map<string, JobRecord[]> {
  const groups = new Map<string, JobRecord[]>();
  for (const job of jobs) {
    let host = '';
    if (job.url) {
      const target = atsTargetOf(job.url, bases);
      try {
        host = new URL(target?.apiUrl ?? job.url).host;
      } catch {
        host = '';
      }
    }
    const group = groups.get(host) ?? [];
    group.push(job);
    groups.set(host, group);
  }
  return groups;
}
