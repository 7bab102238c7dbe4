import { randomUUID } from 'node:crypto';
import type { AdminJob } from '@b2g/contracts';
import { OUTBOX_FIELDS } from '@b2g/event-bus';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS_COLLECTION } from '../src/data/job-model.js';
import { BACKFILLS_COLLECTION } from '../src/data/jobs-repository.js';
import { identityKey } from '../src/domain/job.js';
import { adminPost, publicPost } from './support.js';
import { eventually, instanceForFile, newWorld, tokens } from './world.js';

/**
 * Every read and write the posting paths make on the jobs collection is an equality on an indexed
 * field: its cost does not grow with the board. Checked from the operations the service's
 * connection sends and from the database's own plan for each, not from timings.
 */
const world = newWorld();
const jobs = instanceForFile(world);

/** Collection methods that select documents by their first argument. */
const FILTERED = new Set([
  'find',
  'findOne',
  'countDocuments',
  'count',
  'updateOne',
  'updateMany',
  'replaceOne',
  'findOneAndUpdate',
  'findOneAndReplace',
  'findOneAndDelete',
  'deleteOne',
  'deleteMany',
]);
/** Operators no single-field equality index serves. */
const SCANNING = ['$regex', '$where', '$expr', '$text', '$or', '$nor', '$not'];
const RANGES = ['$gt', '$gte', '$lt', '$lte', '$ne', '$nin'];

interface Operation {
  method: string;
  params: unknown[];
}

/** The operations on the jobs collection while `run` runs. */
async function operationsOf(run: () => Promise<void>): Promise<Operation[]> {
  const seen: Operation[] = [];
  const listener = (operation: { collectionName: string; method: string; params: unknown[] }) => {
    if (operation.collectionName === JOBS_COLLECTION)
      seen.push({ method: operation.method, params: operation.params });
  };
  jobs.connection.on('operation-start', listener);
  try {
    await run();
  } finally {
    jobs.connection.off('operation-start', listener);
  }
  return seen;
}

/** The leading field of every index of the jobs collection. */
async function indexedFields(): Promise<Set<string>> {
  const indexes = await jobs.connection.collection(JOBS_COLLECTION).listIndexes().toArray();
  return new Set(indexes.map((index) => Object.keys(index.key as object)[0] ?? ''));
}

/**
 * Every operator anywhere in `filter` (a RegExp value is reported as `$regex`), but the outbox's
 * `$ne: true` on its hidden-deleted marker: checked on the rows the indexed equality returns.
 */
function operatorsIn(value: unknown): string[] {
  if (value instanceof RegExp) return ['$regex'];
  if (typeof value !== 'object' || value === null || value instanceof Date) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === OUTBOX_FIELDS.deleted && JSON.stringify(inner) === '{"$ne":true}'
      ? []
      : [...(key.startsWith('$') ? [key] : []), ...operatorsIn(inner)],
  );
}

/** Whether the database answers `filter` through an index (FerretDB: its pushdown; MongoDB: no COLLSCAN). */
async function plannedWithIndex(filter: Record<string, unknown>): Promise<boolean> {
  const db = jobs.connection.db;
  if (!db) throw new Error('not connected');
  const plan = await db.command({
    explain: { find: JOBS_COLLECTION, filter },
    verbosity: 'queryPlanner',
  });
  if ('filterPushdown' in plan) return plan.filterPushdown === true;
  return !JSON.stringify(plan.queryPlanner?.winningPlan).includes('COLLSCAN');
}

/** Asserts that each operation selects by an indexed equality, with no scan, range or sort. */
async function expectIndexedOnly(operations: Operation[]): Promise<void> {
  const indexed = await indexedFields();
  // The plan check tells a scan apart: a field without an index is not planned through one.
  expect(await plannedWithIndex({ description: 'none' })).toBe(false);
  const filtered = operations.filter((operation) => FILTERED.has(operation.method));
  expect(filtered.length).toBeGreaterThan(0);
  expect(operations.map((operation) => operation.method)).not.toContain('aggregate');
  for (const { method, params } of filtered) {
    const [filter, ...rest] = params as [Record<string, unknown>, ...unknown[]];
    const described = `${method} ${JSON.stringify(filter)}`;
    const equalities = Object.entries(filter).filter(
      ([field, value]) => indexed.has(field) && typeof value === 'string',
    );
    expect(equalities, described).not.toEqual([]);
    expect(
      operatorsIn(filter).filter((op) => SCANNING.includes(op)),
      described,
    ).toEqual([]);
    expect(
      operatorsIn(filter).filter((op) => RANGES.includes(op)),
      described,
    ).toEqual([]);
    const options = (method.startsWith('find') ? rest[1] : rest[0]) as
      { sort?: unknown } | undefined;
    expect(options?.sort, described).toBeUndefined();
    expect(await plannedWithIndex(filter), described).toBe(true);
  }
}

const admin = () => tokens.adminCookie();

describe('the posting paths read and write by index only', () => {
  // The relay's occasional sweep of the collection is no request's: paused while requests are
  // watched (its per-document writes, by `_id`, happen after each write either way).
  beforeAll(() => jobs.outbox.stop());
  afterAll(() => jobs.outbox.start());

  it('when a visitor posts a new job and then the same job in other spelling, then both only look up indexed keys', async () => {
    const body = publicPost({ title: 'Program Analyst Índex', company: 'Northwind Federal' });
    let firstId = '';
    const operations = await operationsOf(async () => {
      const first = await request(jobs.app).post('/api/jobs').send(body);
      expect(first.status).toBe(201);
      firstId = first.body.id;
      const again = await request(jobs.app)
        .post('/api/jobs')
        .send({ ...body, title: 'program-analyst index', company: 'NORTHWIND  federal.' });
      expect(again.status).toBe(409);
      expect(again.body.error.details).toEqual({ existingJobId: firstId });
    });
    expect(operations.map((operation) => operation.method)).toContain('insertOne');
    await expectIndexedOnly(operations);
  });

  it('when the admin creates, edits, deletes and restores a job, and a restore collides, then each step only looks up indexed keys', async () => {
    const operations = await operationsOf(async () => {
      const created = await request(jobs.app)
        .post('/api/admin/jobs')
        .set('Cookie', admin())
        .send(adminPost());
      expect(created.status).toBe(201);
      const job = created.body as AdminJob;
      const edited = await request(jobs.app)
        .put(`/api/admin/jobs/${job.id}`)
        .set('Cookie', admin())
        .send(adminPost({ title: 'Edited Solutions Architect', url: job.url ?? undefined }));
      expect(edited.status).toBe(200);
      const deleted = await request(jobs.app)
        .delete(`/api/admin/jobs/${job.id}`)
        .set('Cookie', admin());
      expect(deleted.status).toBe(200);
      // The same job again while the first is deleted: restoring the first now repeats it.
      const repeat = await request(jobs.app)
        .post('/api/admin/jobs')
        .set('Cookie', admin())
        .send(adminPost({ title: 'Edited Solutions Architect', url: job.url ?? undefined }));
      expect(repeat.status).toBe(201);
      const restored = await request(jobs.app)
        .put(`/api/admin/jobs/${job.id}/undelete`)
        .set('Cookie', admin());
      expect(restored.status).toBe(409);
      expect(restored.body.error.details).toEqual({ existingJobId: repeat.body.id });
    });
    await expectIndexedOnly(operations);
  });

  it('when jobs stored without an identity key are backfilled, then the active one is found as a duplicate and the deleted one is not', async () => {
    const identity = {
      title: 'Contracts Specialist Legacy',
      company: 'Old Board Inc',
      location: 'Dayton, OH',
    };
    const [active, deleted] = [randomUUID(), randomUUID()];
    // The start-up backfill found nothing and recorded that: as if these were stored before it.
    const backfills = jobs.connection.collection<{ _id: string }>(BACKFILLS_COLLECTION);
    await eventually(async () => expect(await backfills.countDocuments()).toBe(1));
    await backfills.deleteMany({});
    const raw = jobs.connection.collection<{ _id: string } & Record<string, unknown>>(
      JOBS_COLLECTION,
    );
    await raw.insertMany([
      { _id: active, ...identity, deletedAt: null },
      { _id: deleted, ...identity, title: 'Records Clerk Legacy', deletedAt: new Date() },
    ]);
    expect(await jobs.repository.backfillIdentityKeys()).toBe(1);
    // Recorded as done: the next start reads that instead of scanning the jobs.
    expect(await backfills.countDocuments()).toBe(1);
    expect(await jobs.repository.backfillIdentityKeys()).toBe(0);
    expect(await raw.findOne({ _id: active })).toMatchObject({
      activeIdentityKey: identityKey(identity),
    });
    expect(await raw.findOne({ _id: deleted })).not.toHaveProperty('activeIdentityKey');
    const repeat = await request(jobs.app)
      .post('/api/jobs')
      .send(publicPost({ ...identity, title: 'contracts specialist (legacy)' }));
    expect(repeat.status).toBe(409);
    expect(repeat.body.error.details).toEqual({ existingJobId: active });
    const other = await request(jobs.app)
      .post('/api/jobs')
      .send(publicPost({ ...identity, title: 'Records Clerk Legacy' }));
    expect(other.status).toBe(201);
  });
});
