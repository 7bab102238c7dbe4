import { randomUUID } from 'node:crypto';
import type {
  AdminJob,
  AdminJobRequest,
  CreateJobRequest,
  EventType,
  IntegrationEvent,
  Job,
  SearchParams,
} from '@b2g/contracts';
import { createEvent, type EventBus } from '@b2g/event-bus';
import request from 'supertest';
import { expect } from 'vitest';
import type { JobsInstance } from '../src/instance.js';
import { onBookmarkChanged } from '../src/events/handlers.js';
import {
  DAY,
  eventually,
  tokens,
  type Listener,
  type RunningInstance,
  type TestWorld,
} from './world.js';

// A test file imports its helpers from here: the worlds and instances they run in, and the
// requests, data and events that tests share.
export * from './world.js';

/** The five events of a job's life, each carrying the job. */
export const JOB_EVENTS = [
  'job.created',
  'job.updated',
  'job.deleted',
  'job.restored',
  'job.purged',
] as const satisfies EventType[];
export type JobEventType = (typeof JOB_EVENTS)[number];

// FerretDB 1.x (the local MongoDB-compatible server) applies an update as read, modify,
// write-back without isolation. The event bus serialises its own writes per document within one
// process, but a second process (another instance, or a relay of another test's instance) can
// still interleave. Tests that assert on the event of a second change to one job therefore wait
// for the first change's event before making it. MongoDB applies both atomically (README).

/** Waits until `events` has seen a `type` event of job `id`; returns every one seen. */
export function jobEventsOf(events: Listener, type: JobEventType, id: string) {
  return eventually(() => {
    const found = events.ofType(type).filter((event) => event.data.job.id === id);
    if (found.length === 0) throw new Error(`${type} for ${id} not seen yet`);
    return found;
  });
}

/** user-activity's two events about one new bookmark of job `jobId`. */
export function bookmarkOf(jobId: string) {
  const facts = {
    bookmarkId: randomUUID(),
    userId: randomUUID(),
    jobId,
    jobTitle: 'Job',
    company: 'Co',
  };
  return {
    added: createEvent(
      'bookmark.added',
      { ...facts, bookmarkedAt: new Date().toISOString() },
      { source: 'user-activity' },
    ),
    removed: createEvent(
      'bookmark.removed',
      { ...facts, removedAt: new Date().toISOString() },
      { source: 'user-activity' },
    ),
  };
}

let savedSearchRevision = 0;

/**
 * States a saved search as user-activity would (through `others`, a publisher on the world's
 * exchange) and waits until the percolator of `instance` has it; returns its id.
 */
export async function saveSearch(
  instance: RunningInstance,
  world: TestWorld,
  others: EventBus,
  query: SearchParams,
  { active = true, id = randomUUID() as string, waitMs = 20_000 } = {},
): Promise<string> {
  savedSearchRevision += 1;
  await others.publish(
    createEvent(
      'saved_search.created',
      { savedSearchId: id, revision: savedSearchRevision, query, active },
      { source: 'user-activity' },
    ),
  );
  await eventually(async () => {
    const found = await instance.search
      .get({ index: `${world.alias}-saved-searches`, id })
      .then(() => true)
      .catch(() => false);
    expect(found).toBe(active);
  }, waitMs);
  // A get sees a write at once, a percolation only after a refresh: refresh once it is there (a
  // refresh before the write landed let a job posted next percolate without it).
  await instance.percolator.refresh();
  return id;
}

/** Handles a bookmark event on `instance` as its service subscription does. */
export function handleBookmark(
  instance: JobsInstance,
  event: IntegrationEvent<'bookmark.added'> | IntegrationEvent<'bookmark.removed'>,
): Promise<void> {
  return onBookmarkChanged(instance.bookmarkCounts)(event);
}

let counter = 0;

/** A valid public post body, unique unless overridden. */
export function publicPost(overrides: Partial<CreateJobRequest> = {}): Partial<CreateJobRequest> {
  counter += 1;
  return {
    title: `Account Executive ${counter}`,
    company: 'Keystone Federal Systems',
    location: 'Arlington, VA',
    description: 'Sell cloud software to federal civilian agencies.',
    url: `https://careers.keystone.example/jobs/${counter}-${Date.now()}`,
    sector: 'FEDERAL',
    isAgencyRole: false,
    remoteDays: 2,
    experienceLevel: 'mid',
    jobFunction: 'sales',
    source: 'Direct Post',
    ...overrides,
  };
}

/** A valid admin form body. */
export function adminPost(overrides: Partial<AdminJobRequest> = {}): Partial<AdminJobRequest> {
  counter += 1;
  return {
    title: `Solutions Architect ${counter}`,
    company: 'ClearSky Cloud Federal',
    location: 'Herndon, VA',
    url: `https://careers.clearsky.example/jobs/${counter}-${Date.now()}`,
    description: 'Design AWS GovCloud migrations.',
    sector: 'FEDERAL',
    employerType: 'SOFTWARE',
    experienceLevel: 'senior',
    jobFunction: 'technical',
    isAgencyRole: false,
    isRemote: true,
    remoteDays: 5,
    source: 'greenhouse',
    ...overrides,
  };
}

/** Posts an admin job (201 expected) through the admin API of `instance` with an admin cookie. */
export async function createAdminJob(
  instance: RunningInstance,
  overrides: Partial<AdminJobRequest> = {},
): Promise<AdminJob> {
  const res = await request(instance.app)
    .post('/api/admin/jobs')
    .set('Cookie', tokens.adminCookie())
    .send(adminPost(overrides));
  expect(res.status).toBe(201);
  return res.body as AdminJob;
}

/** The ids of the jobs a public search for `search` lists on `instance`, in order. */
export async function searchIds(instance: RunningInstance, search: string): Promise<string[]> {
  const res = await request(instance.app).get('/api/jobs').query({ search });
  return (res.body as Job[]).map((job) => job.id);
}

/** A fixed data set: each job's key, how many days ago it was posted, and its fields. */
export type DataSet = Array<[key: string, daysAgo: number, job: Partial<AdminJobRequest>]>;

/**
 * Creates every job of `data` in the service (`defaults` under its fields, a URL `urlBase/key`),
 * posted `daysAgo` days ago; returns the job ids by key.
 */
export async function createDataSet(
  instance: RunningInstance,
  data: DataSet,
  urlBase: string,
  defaults: Partial<AdminJobRequest>,
): Promise<Record<string, string>> {
  const now = Date.now();
  const ids: Record<string, string> = {};
  for (const [key, daysAgo, job] of data) {
    const created = await instance.posting.createAdmin({
      url: `${urlBase}/${key}`,
      ...defaults,
      ...job,
      postedAt: new Date(now - daysAgo * DAY).toISOString(),
    } as AdminJobRequest);
    ids[key] = created.id;
  }
  return ids;
}

/** An id no job has. */
export const UNKNOWN_ID = '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';

/** GET /api/admin/jobs on `instance` with an admin cookie. */
export function listAdminJobs(instance: RunningInstance, query: Record<string, string> = {}) {
  return request(instance.app)
    .get('/api/admin/jobs')
    .set('Cookie', tokens.adminCookie())
    .query(query);
}

/** GET /api/jobs once every write so far is searchable (the index refreshes every 500 ms). */
export async function listJobs(
  instance: RunningInstance,
  world: TestWorld,
  query: Record<string, string | number> = {},
) {
  await instance.search.indices.refresh({ index: world.alias });
  return request(instance.app).get('/api/jobs').query(query);
}

/** The keys in `ids` of the listed jobs, in order; a job without one is named by its title. */
export function keysIn(body: Job[], ids: Record<string, string>): string[] {
  return body.map((job) => Object.entries(ids).find(([, id]) => id === job.id)?.[0] ?? job.title);
}
