import {
  featuredJobsResponseSchema,
  jobListResponseSchema,
  jobSchema,
  type Job,
} from '@b2g/contracts';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createDataSet,
  instanceForFile,
  keysIn,
  listJobs,
  newWorld,
  tokens,
  type DataSet,
} from './support.js';

const world = newWorld();
const jobs = instanceForFile(world);
let ids: Record<string, string>;

/** The fixed data set the list tests read; `daysAgo` orders them. */
const DATA: DataSet = [
  [
    'cyber',
    1,
    {
      title: 'Cybersecurity Engineer',
      company: 'Harborview Cyber',
      location: 'Columbia, MD',
      sector: 'FEDERAL',
      jobFunction: 'technical',
      description: 'Harden defense networks.',
    },
  ],
  [
    'stateAe',
    2,
    {
      title: 'Account Executive, State & Local',
      company: 'Civic Ledger',
      location: 'Denver, CO',
      sector: 'STATE_LOCAL',
      jobFunction: 'sales',
      description: 'Sell cybersecurity software to counties and cities.',
    },
  ],
  [
    'demandGen',
    3,
    {
      title: 'Demand Generation Manager',
      company: 'GovReach Media',
      location: 'Arlington, VA',
      sector: 'BOTH',
      jobFunction: 'marketing',
      description: 'Campaigns for federal and state buyers.',
    },
  ],
  [
    'eduMarketing',
    4,
    {
      title: 'Marketing Coordinator',
      company: 'BrightPath EdTech',
      location: 'Boston, MA',
      sector: 'EDUCATION',
      jobFunction: 'marketing',
      description: 'Events for school districts.',
    },
  ],
  [
    'fedSales',
    5,
    {
      title: 'Federal Sales Director',
      company: 'Keystone Federal Systems',
      location: 'Arlington, VA',
      sector: 'FEDERAL',
      jobFunction: 'sales',
      description: 'Lead a team selling to civilian agencies.',
    },
  ],
  [
    'architect',
    6,
    {
      title: 'Cloud Solutions Architect',
      company: 'ClearSky Cloud',
      location: 'Remote (US)',
      sector: 'BOTH',
      jobFunction: 'technical',
      description: 'Zero trust designs for agencies; cybersecurity background a plus.',
    },
  ],
  [
    'writer',
    7,
    {
      title: 'Proposal Writer',
      company: 'Summit Procurement Partners',
      location: 'Washington, DC',
      sector: 'EDUCATION',
      jobFunction: undefined,
      description: 'Write responses to university RFPs.',
    },
  ],
];

const admin = () => tokens.adminCookie();
const list = (query: Record<string, string | number> = {}) => listJobs(jobs, world, query);
const keysOf = (body: Job[]) => keysIn(body, ids);

beforeAll(async () => {
  ids = await createDataSet(jobs, DATA, 'https://careers.example/jobs', {
    employerType: 'SOFTWARE',
    isAgencyRole: false,
    isRemote: false,
    source: 'Direct Post',
    description: undefined,
  });
});

describe('GET /api/jobs listing', () => {
  it('when no filter is given, then every active job comes newest first in the contract shape, with the total', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.headers['x-total-count']).toBe('7');
    expect(keysOf(res.body)).toEqual([
      'cyber',
      'stateAe',
      'demandGen',
      'eduMarketing',
      'fedSales',
      'architect',
      'writer',
    ]);
    expect(() => jobListResponseSchema.parse(res.body)).not.toThrow();
    expect(res.body[0]).not.toHaveProperty('hash');
    expect(res.body[0]).toMatchObject({ source: 'Direct Post', bookmarkCount: 0, deletedAt: null });
  });

  it('when sector is FEDERAL, then federal jobs and jobs for both markets match', async () => {
    const res = await list({ sector: 'FEDERAL' });
    expect(keysOf(res.body)).toEqual(['cyber', 'demandGen', 'fedSales', 'architect']);
    expect(res.headers['x-total-count']).toBe('4');
  });

  it('when sector is STATE_LOCAL, then state/local jobs and jobs for both markets match', async () => {
    expect(keysOf((await list({ sector: 'STATE_LOCAL' })).body)).toEqual([
      'stateAe',
      'demandGen',
      'architect',
    ]);
  });

  it('when sector is EDUCATION or BOTH, then only that sector matches', async () => {
    expect(keysOf((await list({ sector: 'EDUCATION' })).body)).toEqual(['eduMarketing', 'writer']);
    expect(keysOf((await list({ sector: 'BOTH' })).body)).toEqual(['demandGen', 'architect']);
  });

  it('when location is part of a location in another case, then it matches', async () => {
    expect(keysOf((await list({ location: 'arlington' })).body)).toEqual(['demandGen', 'fedSales']);
    expect(keysOf((await list({ location: 'REMOTE' })).body)).toEqual(['architect']);
  });

  it('when jobFunction is given, then only that function matches exactly', async () => {
    expect(keysOf((await list({ jobFunction: 'marketing' })).body)).toEqual([
      'demandGen',
      'eduMarketing',
    ]);
  });

  it('when filters are empty or "all", then they are ignored', async () => {
    const res = await list({ search: '', sector: 'all', jobFunction: 'all', location: '' });
    expect(res.headers['x-total-count']).toBe('7');
    const blank = await list({ search: '   ', sector: '', jobFunction: '' });
    expect(blank.headers['x-total-count']).toBe('7');
  });

  it('when filters are combined, then a job must pass every one', async () => {
    const res = await list({ sector: 'FEDERAL', jobFunction: 'sales', location: 'arlington' });
    expect(keysOf(res.body)).toEqual(['fedSales']);
    const searched = await list({
      search: 'cybersecurity',
      sector: 'STATE_LOCAL',
      jobFunction: 'technical',
    });
    expect(keysOf(searched.body)).toEqual(['architect']);
  });

  it('when a filter value is not allowed, then 400 names the field', async () => {
    const res = await list({ sector: 'MARS' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details[0].path).toBe('sector');
    expect((await list({ jobFunction: 'legal' })).status).toBe(400);
    expect((await list({ sort: 'random' })).status).toBe(400);
  });
});

describe('GET /api/jobs search', () => {
  it('when searching a word, then title and company matches rank above description matches', async () => {
    const res = await list({ search: 'cybersecurity' });
    const [first, ...rest] = keysOf(res.body);
    expect(first).toBe('cyber');
    expect(rest.sort()).toEqual(['architect', 'stateAe']);
    expect(res.headers['x-total-count']).toBe('3');
  });

  it('when searching a word prefix in any case, then it matches whole words', async () => {
    expect(keysOf((await list({ search: 'CYB' })).body)).toContain('cyber');
    expect(keysOf((await list({ search: 'archi' })).body)).toEqual(['architect']);
  });

  it('when a longer word has one typo, then it still matches', async () => {
    expect(keysOf((await list({ search: 'cybersecurty' })).body)).toEqual(
      keysOf((await list({ search: 'cybersecurity' })).body),
    );
    expect(keysOf((await list({ search: 'Archtect' })).body)).toEqual(['architect']);
  });

  it('when searching several words, then every word must match, across fields', async () => {
    expect(keysOf((await list({ search: 'sales arlington' })).body)).toEqual(['fedSales']);
    expect(keysOf((await list({ search: 'cybersecurity counties' })).body)).toEqual(['stateAe']);
    expect((await list({ search: 'cybersecurity marketing' })).body).toEqual([]);
  });

  it('when searching a company or a location, then it matches', async () => {
    expect(keysOf((await list({ search: 'GovReach' })).body)).toEqual(['demandGen']);
    expect(keysOf((await list({ search: 'boston' })).body)).toEqual(['eduMarketing']);
  });

  it('when sort=newest (or its older name date) is asked with a search, then matches come newest first', async () => {
    for (const sort of ['newest', 'date']) {
      const res = await list({ search: 'cybersecurity', sort });
      expect(keysOf(res.body)).toEqual(['cyber', 'stateAe', 'architect']);
    }
  });

  it('when nothing matches, then an empty array and a zero total', async () => {
    const res = await list({ search: 'astronaut' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
  });
});

describe('GET /api/jobs paging', () => {
  it('when limit and offset are given, then that page comes with the full total', async () => {
    const first = await list({ limit: 2 });
    expect(keysOf(first.body)).toEqual(['cyber', 'stateAe']);
    expect(first.headers['x-total-count']).toBe('7');
    const second = await list({ limit: 2, offset: 2 });
    expect(keysOf(second.body)).toEqual(['demandGen', 'eduMarketing']);
    const last = await list({ limit: 2, offset: 6 });
    expect(keysOf(last.body)).toEqual(['writer']);
  });

  it('when paging a filtered search, then the total counts every match', async () => {
    const all = keysOf((await list({ search: 'cybersecurity' })).body);
    const res = await list({ search: 'cybersecurity', limit: 1, offset: 1 });
    expect(keysOf(res.body)).toEqual([all[1]]);
    expect(res.headers['x-total-count']).toBe('3');
  });

  it('when the offset is past the end, then an empty page with the total', async () => {
    const res = await list({ offset: 50 });
    expect(res.body).toEqual([]);
    expect(res.headers['x-total-count']).toBe('7');
  });

  it('when limit is 100, then it is accepted; over 100, under 1 or not a number, then 400', async () => {
    expect((await list({ limit: 100 })).status).toBe(200);
    for (const limit of ['101', '0', '-1', 'ten', '2.5']) {
      const res = await list({ limit });
      expect(res.status, `limit=${limit}`).toBe(400);
      expect(res.body.error.details[0].path).toBe('limit');
    }
    expect((await list({ offset: -1 })).status).toBe(400);
    expect((await list({ offset: 'x' })).status).toBe(400);
  });
});

describe('GET /api/jobs/featured and /api/jobs/:id', () => {
  it('when jobs of every function exist, then the newest of each is featured', async () => {
    await jobs.search.indices.refresh({ index: world.alias });
    const res = await request(jobs.app).get('/api/jobs/featured');
    expect(res.status).toBe(200);
    const featured = featuredJobsResponseSchema.parse(res.body);
    expect(featured.sales?.id).toBe(ids.stateAe);
    expect(featured.marketing?.id).toBe(ids.demandGen);
    expect(featured.technical?.id).toBe(ids.cyber);
  });

  it('when the id is of an active job, then that job', async () => {
    const res = await request(jobs.app).get(`/api/jobs/${ids.writer}`);
    expect(res.status).toBe(200);
    expect(jobSchema.parse(res.body).title).toBe('Proposal Writer');
    expect(res.body).not.toHaveProperty('hash');
  });

  it('when the id is unknown, then 404; when it is not a uuid, then 400', async () => {
    const missing = await request(jobs.app).get('/api/jobs/8d4c2a6e-5b7f-4c1d-9e3a-2f6b8c0d1e4f');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toEqual({ code: 'NOT_FOUND', message: 'Job not found' });
    const bad = await request(jobs.app).get('/api/jobs/42');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Job id must be a valid UUID');
  });

  it('when a job is soft-deleted, then it leaves the list, search, featured and its page; after undelete it is back', async () => {
    const id = ids.cyber as string;
    const deleted = await request(jobs.app).delete(`/api/admin/jobs/${id}`).set('Cookie', admin());
    expect(deleted.status).toBe(200);

    expect(keysOf((await list()).body)).not.toContain('cyber');
    expect((await list()).headers['x-total-count']).toBe('6');
    expect(keysOf((await list({ search: 'cybersecurity' })).body).sort()).toEqual([
      'architect',
      'stateAe',
    ]);
    await jobs.search.indices.refresh({ index: world.alias });
    expect((await request(jobs.app).get('/api/jobs/featured')).body.technical.id).toBe(
      ids.architect,
    );
    expect((await request(jobs.app).get(`/api/jobs/${id}`)).status).toBe(404);

    const restored = await request(jobs.app)
      .put(`/api/admin/jobs/${id}/undelete`)
      .set('Cookie', admin());
    expect(restored.status).toBe(200);
    expect(keysOf((await list()).body)[0]).toBe('cyber');
    expect(keysOf((await list({ search: 'cybersecurity' })).body)[0]).toBe('cyber');
    await jobs.search.indices.refresh({ index: world.alias });
    expect((await request(jobs.app).get('/api/jobs/featured')).body.technical.id).toBe(id);
    expect((await request(jobs.app).get(`/api/jobs/${id}`)).status).toBe(200);
  });
});
