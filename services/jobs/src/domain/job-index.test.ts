import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { JobRecord } from './job.js';
import { JobIndex, searchTerms } from './job-index.js';

let clock = Date.parse('2025-01-01T00:00:00Z');

function record(overrides: Partial<JobRecord> = {}): JobRecord {
  clock += 60_000;
  return {
    _id: randomUUID(),
    title: 'Account Executive',
    company: 'Acme',
    location: 'Reston, VA',
    description: '',
    url: null,
    link: null,
    poster: null,
    applyUrl: null,
    sector: 'FEDERAL',
    employerType: null,
    isAgencyRole: false,
    isRemote: false,
    remoteDays: null,
    experienceLevel: null,
    jobFunction: 'sales',
    source: 'Direct Post',
    postedAt: new Date(clock),
    createdAt: new Date(clock),
    deletedAt: null,
    external: false,
    bookmarkCount: 0,
    hash: randomUUID(),
    revision: 1,
    ...overrides,
  };
}

const page = { limit: 50, offset: 0 };
const titlesOf = (index: JobIndex, search: string) =>
  index.find({ search }, page).items.map((job) => job.title);

describe('JobIndex', () => {
  it('when a newer revision arrives, then it replaces the job; an older one is ignored', () => {
    const index = new JobIndex();
    const job = record({ title: 'Old Title' });
    index.apply(job);
    expect(index.apply({ ...job, title: 'New Title', revision: 2 })).toBe(true);
    expect(index.apply({ ...job, title: 'Stale Title', revision: 1 })).toBe(false);
    expect(titlesOf(index, 'title')).toEqual(['New Title']);
  });

  it('when a job is soft-deleted, then it leaves search, listing and featured but stays for the admin list', () => {
    const index = new JobIndex();
    const job = record({ title: 'Quasar Analyst' });
    index.apply(job);
    index.apply({ ...job, deletedAt: new Date(), revision: 2 });
    expect(titlesOf(index, 'quasar')).toEqual([]);
    expect(index.find({}, page).total).toBe(0);
    expect(index.featured()).toEqual({});
    expect(index.get(job._id)).toBeUndefined();
    expect(index.adminList({ includeDeleted: true }).map((j) => j.id)).toEqual([job._id]);
    expect(index.adminList({ includeDeleted: false })).toEqual([]);
    index.apply({ ...job, revision: 3 });
    expect(titlesOf(index, 'quasar')).toEqual(['Quasar Analyst']);
  });

  it('when a job is purged, then a late stale copy cannot bring it back', () => {
    const index = new JobIndex();
    const job = record();
    index.apply(job);
    index.remove(job._id);
    expect(index.apply({ ...job, revision: 5 })).toBe(false);
    expect(index.size).toBe(0);
  });

  it('when a cached search is followed by a change of text, then the search sees the change', () => {
    const index = new JobIndex();
    const job = record({ title: 'Zephyr Engineer' });
    index.apply(job);
    expect(titlesOf(index, 'zephyr')).toEqual(['Zephyr Engineer']);
    index.apply({ ...job, title: 'Mistral Engineer', revision: 2 });
    expect(titlesOf(index, 'zephyr')).toEqual([]);
    expect(titlesOf(index, 'mistral')).toEqual(['Mistral Engineer']);
  });

  it('when only the bookmark count changes, then results carry the new count', () => {
    const index = new JobIndex();
    const job = record({ title: 'Nimbus Architect' });
    index.apply(job);
    expect(index.find({ search: 'nimbus' }, page).items[0]?.bookmarkCount).toBe(0);
    index.apply({ ...job, bookmarkCount: 3, revision: 2 });
    expect(index.find({ search: 'nimbus' }, page).items[0]?.bookmarkCount).toBe(3);
  });

  it('when a filtered field changes under a cached search, then the filter sees the new value', () => {
    const index = new JobIndex();
    const job = record({ title: 'Orbit Manager', sector: 'FEDERAL' });
    index.apply(job);
    expect(index.find({ search: 'orbit', sector: 'EDUCATION' }, page).total).toBe(0);
    index.apply({
      ...job,
      sector: 'EDUCATION',
      url: 'https://new.example/job',
      hash: 'changed',
      revision: 2,
    });
    expect(index.find({ search: 'orbit', sector: 'EDUCATION' }, page).total).toBe(1);
    expect(index.activeIdForHash('changed')).toBe(job._id);
    expect(index.activeIdForHash(job.hash)).toBeUndefined();
  });

  it('when searching with accents or stop words, then they do not get in the way', () => {
    const index = new JobIndex();
    index.apply(record({ title: 'Gerente de Categoría', description: 'the best of the bunch' }));
    expect(titlesOf(index, 'categoria')).toEqual(['Gerente de Categoría']);
    expect(titlesOf(index, 'the categoria')).toEqual(['Gerente de Categoría']);
    expect(searchTerms('The IT and US teams')).toEqual(['it', 'us', 'teams']);
  });

  it('when a search has only stop words, then it is ignored', () => {
    const index = new JobIndex();
    index.apply(record());
    expect(index.find({ search: 'the and of' }, page).total).toBe(1);
  });

  it('when a short word has a typo, then it does not match (typos are tolerated from five letters)', () => {
    const index = new JobIndex();
    index.apply(record({ title: 'Data Lead' }));
    expect(titlesOf(index, 'dada')).toEqual([]);
    expect(titlesOf(index, 'data')).toEqual(['Data Lead']);
  });

  it('when jobs share a posting time, then the order is still total and stable', () => {
    const index = new JobIndex();
    const at = new Date('2025-02-01T00:00:00Z');
    const jobs = [record({ postedAt: at }), record({ postedAt: at }), record({ postedAt: at })];
    for (const job of jobs) index.apply(job);
    const ids = index.find({}, page).items.map((job) => job.id);
    expect(ids).toEqual(jobs.map((job) => job._id).sort());
    index.apply({ ...(jobs[1] as JobRecord), deletedAt: new Date(), revision: 2 });
    expect(index.find({}, page).items).toHaveLength(2);
  });
});
