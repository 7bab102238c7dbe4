import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { adminJobRequestSchema, savedSearchQuerySchema, savedSearchSummary } from '@b2g/contracts';
import type { API } from '@opensearch-project/opensearch';
import request from 'supertest';
import {
  savedSearchOf,
  type createGenerator,
  type GeneratedJob,
} from '../../jobs/bench/generate.js';
import type { AlertPendingRecord } from '../src/data/models.js';
import type { SavedSearchState } from '../src/domain/saved-searches.js';
import { canonicalParams } from '../src/domain/search-summary.js';
import type { Rig } from './alerts-rig.js';

/** The bench's environment settings (see alerts.ts). */
export interface AlertsBenchSettings {
  searches: number;
  jobs: number;
  rate: number;
  tickMs: number;
  senders: number;
  /** Longest wait for the last alert after the last POST. */
  settleMs: number;
}

type Generate = ReturnType<typeof createGenerator>;

const SEARCHES_PER_USER = 50;
const BULK = 1_000;
const DAY_MS = 86_400_000;

const round = (ms: number) => Math.round(ms);
function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? NaN;
  return { p50: round(at(0.5)), p90: round(at(0.9)), p99: round(at(0.99)), max: round(at(1)) };
}

/**
 * `settings.searches` confirmed instant saved searches, stored in this service's database and,
 * in bulk, in the jobs percolator (as saved_search.created would).
 */
export async function seedSavedSearches(
  rig: Rig,
  generate: Generate,
  settings: AlertsBenchSettings,
) {
  const { alias, jobs, models, search } = rig;
  const seeded = Date.now();
  const created = new Date(seeded - 2 * DAY_MS);
  for (let from = 0; from < settings.searches; from += BULK) {
    const searches: SavedSearchState[] = [];
    const body: API.Bulk_RequestBody = [];
    for (let i = from; i < Math.min(settings.searches, from + BULK); i++) {
      const query = canonicalParams(savedSearchOf(generate(), i));
      const user = Math.floor(i / SEARCHES_PER_USER);
      const id = randomUUID();
      searches.push({
        _id: id,
        userId: `bench-user-${user}`,
        email: `bench-user-${user}@example.com`,
        name: savedSearchSummary(query),
        query,
        frequency: 'instant',
        active: true,
        confirmedAt: created,
        revision: 1,
        createdAt: created,
        updatedAt: created,
      });
      // As jobs' SavedSearchMatching.apply stores a saved_search.created, in one bulk request.
      body.push(
        {
          index: {
            _index: `${alias}-saved-searches`,
            _id: id,
            version: 1,
            version_type: 'external',
          },
        },
        {
          savedSearchId: id,
          query: jobs.searchIndex.percolatorQuery({
            ...savedSearchQuerySchema.parse(query),
            limit: 1,
            offset: 0,
          }),
        },
      );
    }
    await models.SavedSearch.insertMany(searches, { lean: true });
    const response = await search.bulk({ body });
    if (response.body.errors) throw new Error('bulk refused a saved search');
  }
  await search.indices.refresh({ index: `${alias}-saved-searches` });
  console.log(JSON.stringify({ searches: settings.searches, storedMs: Date.now() - seeded }));
}

/**
 * Instant alerts: `settings.jobs` generated jobs POSTed to /api/admin/jobs at `settings.rate` a
 * second while the alert tick runs; for each job listed in an alert e-mail, the time from its
 * POST to the .eml file's mtime. Returns the jobs posted.
 */
export async function instantAlerts(
  rig: Rig,
  generate: Generate,
  settings: AlertsBenchSettings,
): Promise<GeneratedJob[]> {
  const { jobs, jobsConnection, tokens, watch, newAlerts } = rig;
  const postedAt = new Map<string, number>();
  const posted: GeneratedJob[] = [];
  const postingStarted = Date.now();
  for (let i = 0; i < settings.jobs; i++) {
    if (settings.rate > 0) {
      const due = postingStarted + (i * 1_000) / settings.rate;
      if (due > Date.now()) await sleep(due - Date.now());
    }
    const job = generate();
    const body = adminJobRequestSchema.parse({
      title: job.title,
      company: job.company,
      location: job.location,
      url: job.url,
      description: job.description,
      sector: job.sector,
      employerType: job.employerType,
      experienceLevel: job.experienceLevel,
      jobFunction: job.jobFunction,
      isAgencyRole: job.isAgencyRole,
      isRemote: job.isRemote,
      remoteDays: job.remoteDays ?? undefined,
      source: job.source,
    });
    const sentAt = Date.now();
    const response = await request(jobs.app)
      .post('/api/admin/jobs')
      .set('Cookie', tokens.adminCookie())
      .send(body);
    if (response.status !== 201) throw new Error(`POST /api/admin/jobs: ${response.status}`);
    const id = String((response.body as { id: string }).id);
    postedAt.set(id, sentAt);
    posted.push({ ...job, _id: id });
  }
  const postingMs = Date.now() - postingStarted;

  const latencies: number[] = [];
  const toMatched: number[] = [];
  const matchedToMail: number[] = [];
  let listed = 0;
  let mails = 0;
  const collect = async () => {
    for (const alert of await newAlerts()) {
      mails += 1;
      for (const jobId of alert.jobIds) {
        const start = postedAt.get(jobId);
        if (start === undefined) continue;
        listed += 1;
        latencies.push(alert.writtenAt - start);
        const matched = watch.matchedAt.get(jobId);
        if (matched !== undefined) {
          toMatched.push(matched - start);
          matchedToMail.push(alert.writtenAt - matched);
        }
      }
    }
  };
  const deadline = Date.now() + settings.settleMs;
  for (;;) {
    await collect();
    const percolations = jobsConnection.collection('percolations');
    const percolated = await percolations.countDocuments();
    const relaying = await percolations.countDocuments({ '_outbox.0': { $exists: true } });
    const sent = watch.sentPairs.get('instant') ?? 0;
    if (percolated >= settings.jobs && relaying === 0 && sent >= watch.matchedPairs) break;
    if (Date.now() > deadline)
      throw new Error(
        `instant alerts: after ${settings.settleMs} ms, ${percolated}/${settings.jobs} jobs percolated, ` +
          `${sent}/${watch.matchedPairs} matches sent`,
      );
    await sleep(500);
  }
  await collect();
  console.log(
    JSON.stringify({
      phase: 'instant',
      searches: settings.searches,
      jobs: settings.jobs,
      postedPerSecond: Math.round((settings.jobs / postingMs) * 10_000) / 10,
      tickMs: settings.tickMs,
      matches: watch.matchedPairs,
      mails,
      listedMatches: listed,
      postToMailMs: percentiles(latencies),
      postToMatchedMs: percentiles(toMatched),
      matchedToMailMs: percentiles(matchedToMail),
    }),
  );
  return posted;
}

/**
 * Digest: every search turned daily with 1 to 5 unsent matches of the `posted` jobs; the time of
 * one digest run (`settings.senders` instances sending at once) until every e-mail is written,
 * checked to be one per search.
 */
export async function dailyDigest(rig: Rig, posted: GeneratedJob[], settings: AlertsBenchSettings) {
  const { models, watch, seenFiles, newAlerts, instance } = rig;
  watch.phase = 'digest';
  await models.SavedSearch.collection.updateMany({}, { $set: { frequency: 'daily' } });
  const ids = (
    await models.SavedSearch.collection.find({}, { projection: { _id: 1 } }).toArray()
  ).map((doc) => String(doc._id));
  const existing = new Set(
    (await models.AlertDecision.collection.find({}, { projection: { _id: 1 } }).toArray()).map(
      (doc) => String(doc._id),
    ),
  );
  const matchedOn = new Date();
  let pending: AlertPendingRecord[] = [];
  let digestMatches = 0;
  for (const [i, savedSearchId] of ids.entries()) {
    for (let k = 0; k <= i % 5; k++) {
      const job = posted[(i * 7 + k * 131) % posted.length] as GeneratedJob;
      const _id = `${savedSearchId}:${job._id}`;
      if (existing.has(_id)) continue;
      pending.push({
        _id,
        savedSearchId,
        jobId: job._id,
        job: {
          title: job.title,
          company: job.company,
          location: job.location,
          salary: null,
          closingDate: null,
        },
        matchedAt: matchedOn,
      });
      if (pending.length === BULK) {
        await models.AlertPending.insertMany(pending, { lean: true });
        digestMatches += pending.length;
        pending = [];
      }
    }
  }
  if (pending.length > 0) await models.AlertPending.insertMany(pending, { lean: true });
  digestMatches += pending.length;
  console.log(`[bench] digest of ${ids.length} searches, ${digestMatches} matches: sending`);
  const before = seenFiles.size;
  const digestStarted = Date.now();
  const now = new Date();
  const sent = await Promise.all(
    Array.from({ length: settings.senders }, () => instance().alerts.sendDue(now)),
  );
  const digestMs = Date.now() - digestStarted;
  const digests = await newAlerts();
  const distinct = new Set(digests.map((alert) => alert.savedSearchId));
  const relayDeadline = Date.now() + settings.settleMs;
  while ((watch.sentPairs.get('digest') ?? 0) < digestMatches && Date.now() < relayDeadline)
    await sleep(500);
  console.log(
    JSON.stringify({
      phase: 'digest',
      searches: ids.length,
      matches: digestMatches,
      senders: settings.senders,
      sentBySender: sent,
      mails: seenFiles.size - before,
      searchesMailed: distinct.size,
      digestMs,
      eventsRelayedMs: Date.now() - digestStarted,
    }),
  );
  if (distinct.size !== digests.length || digests.length !== ids.length)
    throw new Error(
      `digest: ${digests.length} e-mails for ${distinct.size} of ${ids.length} searches`,
    );
}
