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
  /** Skipped: another instance claimed them first. */
  skipped: number;
  durationMs: number;
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

  constructor(private readonly deps: FreshnessDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Checks one active job now (the admin's button), whatever its last check; 404 once deleted. */
  async checkById(id: string): Promise<JobCheckResponse> {
    const job = await this.deps.curation.record(id);
    if (!job || job.deletedAt) throw notFound(ERROR_MESSAGES.jobNotFound);
    return this.check(job, this.deps.fetchJson);
  }

  /** One scheduled run over the jobs due for a check. */
  async runOnce(): Promise<FreshnessRun> {
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
      for (let next = queue.shift(); next; next = queue.shift()) {
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
          await this.checkHost(jobs, today, fetchJson, run);
        } finally {
          await this.deps.store.releaseHost(host, owner);
        }
      }
    };
    await Promise.all(
      Array.from({ length: Math.min(this.deps.settings.hostConcurrency, queue.length) }, worker),
    );
    run.durationMs = this.now().getTime() - started.getTime();
    return run;
  }

  /** One host's due jobs, one at a time with the host delay between requests. */
  private async checkHost(
    jobs: JobRecord[],
    today: string,
    fetchJson: JsonFetcher,
    run: FreshnessRun,
  ): Promise<void> {
    let asked = false;
    for (const job of jobs) {
      if (!(await this.deps.store.claim(job._id, today))) {
        run.skipped++;
        continue;
      }
      if (asked) await sleep(this.deps.settings.hostDelayMs);
      asked = true;
      const { outcome } = await this.check(job, fetchJson);
      run.checked++;
      if (outcome === 'open') run.open++;
      else if (outcome === 'unavailable') run.unavailable++;
      else run.closed++;
    }
  }

  private async check(job: JobRecord, fetchJson: JsonFetcher): Promise<JobCheckResponse> {
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
    } catch {
      return this.unchanged(job);
    }
    if (answer.status === 404 || answer.status === 410) return this.close(job, 'gone');
    if (answer.status === 304) return this.verified(job, validators ?? null);
    if (answer.status >= 200 && answer.status < 300) return this.verified(job, answer.validators);
    return this.unchanged(job);
  }

  private async close(job: JobRecord, reason: JobClosedReason): Promise<JobCheckResponse> {
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
