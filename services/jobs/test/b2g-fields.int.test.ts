import {
  jobFacetsResponseSchema,
  jobSchema,
  jobsQuerySchema,
  type AdminJobRequest,
  type JobListItem,
} from '@b2g/contracts';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { indexDefinition, SEARCH_MAPPING_VERSION } from '../src/data/search/mapping.js';
import {
  adminPost,
  DAY,
  eventually,
  instanceForFile,
  listen,
  newWorld,
  publicPost,
  removeWorld,
  searchClient,
  startInstance,
  tokens,
} from './support.js';

/** Issue 20's B2G fields on every layer, and their filters and facets against a real OpenSearch. */
const world = newWorld();
const jobs = instanceForFile(world);
const ids: Record<string, string> = {};
const dayFromToday = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

const B2G: Partial<AdminJobRequest> = {
  clearance: 'top_secret',
  polygraph: 'full_scope',
  salaryMin: 120_000,
  salaryMax: 150_000,
  salaryPeriod: 'year',
  closingDate: '2099-06-30',
  employmentType: 'full_time',
  customer: 'Department of the Navy',
};

/**
 * The search data set: one job per clearance level (plus one naming none), pay by the year and by
 * the hour, with and without a maximum, and one job that closed yesterday.
 */
const DATA: Array<[key: string, job: Partial<AdminJobRequest>]> = [
  ['open', { jobFunction: 'sales', employmentType: 'full_time' }],
  [
    'trust',
    {
      clearance: 'public_trust',
      salaryMin: 90_000,
      jobFunction: 'sales',
      employmentType: 'contract',
    },
  ],
  [
    'secret',
    {
      clearance: 'secret',
      salaryMin: 65,
      salaryMax: 80,
      salaryPeriod: 'hour',
      jobFunction: 'technical',
      employmentType: 'contract',
      closingDate: dayFromToday(0),
    },
  ],
  [
    'ts',
    {
      clearance: 'top_secret',
      salaryMin: 120_000,
      salaryMax: 150_000,
      jobFunction: 'technical',
      employmentType: 'full_time',
      closingDate: dayFromToday(30),
    },
  ],
  ['sci', { clearance: 'ts_sci', polygraph: 'full_scope', salaryMin: 50, salaryPeriod: 'hour' }],
  ['none', { clearance: 'none', salaryMin: 200_000, salaryMax: 250_000 }],
  [
    'closed',
    {
      clearance: 'none',
      salaryMin: 300_000,
      jobFunction: 'technical',
      employmentType: 'full_time',
      closingDate: dayFromToday(-1),
    },
  ],
];

const get = (path: string, query: Record<string, string | number> = {}) =>
  request(jobs.app).get(path).query(query);
const keysOf = (body: JobListItem[]) =>
  body.map((job) => Object.entries(ids).find(([, id]) => id === job.id)?.[0] ?? job.title).sort();
const listed = async (query: Record<string, string | number>) => {
  const res = await get('/api/jobs', query);
  expect(res.status).toBe(200);
  return keysOf(res.body);
};
/** Takes a job these tests added out of the data set, visibly to searches at once. */
const retire = async (id: string) => {
  await jobs.curation.softDelete(id);
  await jobs.search.indices.refresh({ index: world.alias });
};
/** The same listing from MongoDB, as while OpenSearch is down. */
const degraded = async (query: Record<string, string>) => {
  const page = await jobs.repository.newest(jobsQuerySchema.parse(query), new Date());
  return page.items
    .map((record) => Object.entries(ids).find(([, id]) => id === record._id)?.[0] ?? record.title)
    .sort();
};

beforeAll(async () => {
  for (const [key, job] of DATA) {
    const created = await jobs.posting.createAdmin(
      adminPost({ title: `Cleared role ${key}`, ...job }) as AdminJobRequest,
    );
    ids[key] = created.id;
  }
  await jobs.search.indices.refresh({ index: world.alias });
});

describe('the fields', () => {
  it('when the admin posts them, then the job, its page, its event and the search result carry them', async () => {
    const events = await listen(world, ['job.created']);
    const res = await request(jobs.app)
      .post('/api/admin/jobs')
      .set('Cookie', tokens.adminCookie())
      .send(adminPost({ title: 'Navy Capture Lead', ...B2G }));
    try {
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject(B2G);
      const page = await get(`/api/jobs/${res.body.id as string}`);
      expect(jobSchema.parse(page.body)).toMatchObject(B2G);
      await jobs.search.indices.refresh({ index: world.alias });
      const [hit] = (await get('/api/jobs', { search: 'Navy Capture Lead' })).body as JobListItem[];
      expect(hit).toMatchObject(B2G);
      expect(hit).not.toHaveProperty('annualPay');
      expect(hit).not.toHaveProperty('requiredClearance');
      const event = await eventually(() => {
        const found = events.ofType('job.created').find((e) => e.data.job.id === res.body.id);
        if (!found) throw new Error('no job.created yet');
        return found;
      }, 20_000);
      expect(event.data.job).toMatchObject(B2G);
    } finally {
      // Out of the data set the filter tests count, whatever happened above.
      if (res.status === 201) await retire(res.body.id as string);
      await events.close();
    }
  }, 30_000);

  it('when a public post gives pay without a period, then it is a year; an edit without the fields clears them', async () => {
    const posted = await request(jobs.app)
      .post('/api/jobs')
      .send(publicPost({ salaryMin: 95_000, clearance: 'secret', customer: '  Army  ' }));
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({
      salaryMin: 95_000,
      salaryMax: null,
      salaryPeriod: 'year',
      clearance: 'secret',
      polygraph: null,
      customer: 'Army',
      closingDate: null,
      employmentType: null,
    });
    const edited = await request(jobs.app)
      .put(`/api/admin/jobs/${posted.body.id as string}`)
      .set('Cookie', tokens.adminCookie())
      .send(adminPost({ title: posted.body.title as string }));
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ salaryMin: null, salaryPeriod: null, clearance: null });
    await retire(posted.body.id as string);
  });

  it.each([
    [{ salaryMin: 150_000, salaryMax: 120_000 }, 'salaryMax'],
    [{ salaryMin: 9_000, salaryPeriod: 'hour' }, 'salaryMin'],
    [{ salaryMax: 20_000_000 }, 'salaryMax'],
    [{ closingDate: '2030-13-01' }, 'closingDate'],
    [{ clearance: 'cosmic' }, 'clearance'],
    [{ customer: 'x'.repeat(201) }, 'customer'],
  ])('when a post has %j, then 400 naming %s and nothing is created', async (fields, field) => {
    const before = await jobs.repository.countActive();
    const res = await request(jobs.app)
      .post('/api/jobs')
      .send(publicPost(fields as Partial<AdminJobRequest>));
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.error.details)).toContain(field);
    expect(await jobs.repository.countActive()).toBe(before);
  });
});

describe('filters', () => {
  it('when clearance is given, then jobs needing that level or less (none when they name none)', async () => {
    expect(await listed({ clearance: 'none' })).toEqual(['none', 'open']);
    expect(await listed({ clearance: 'secret' })).toEqual(['none', 'open', 'secret', 'trust']);
    expect(await listed({ clearance: 'ts_sci' })).toEqual([
      'none',
      'open',
      'sci',
      'secret',
      'trust',
      'ts',
    ]);
    expect((await get('/api/jobs', { clearance: 'cosmic' })).status).toBe(400);
  });

  it('when salaryMin is given, then the top of range a year (hourly times 2,080) must reach it; jobs without pay are left out', async () => {
    // secret: 65–80 an hour = 166,400 a year at the top; sci: 50 an hour = 104,000.
    expect(await listed({ salaryMin: 140_000 })).toEqual(['none', 'secret', 'ts']);
    expect(await listed({ salaryMin: 100_000 })).toEqual(['none', 'sci', 'secret', 'ts']);
    expect(await listed({ salaryMin: 0 })).toEqual(['none', 'sci', 'secret', 'trust', 'ts']);
    expect(await listed({ salaryMin: 166_400, clearance: 'secret' })).toEqual(['none', 'secret']);
    expect((await get('/api/jobs', { salaryMin: '-1' })).status).toBe(400);
  });

  it('when a closing date is past, then the job is not listed, counted or featured; closing today still is', async () => {
    const all = await listed({});
    expect(all).toContain('secret');
    expect(all).not.toContain('closed');
    expect((await get('/api/jobs', { limit: 1 })).headers['x-total-count']).toBe('6');
    expect((await get('/api/jobs/facets')).body.total).toBe(6);
    const featured = await get('/api/jobs/featured');
    expect(featured.body.technical?.id).not.toBe(ids.closed);
  });

  it('when employmentType is given, then only jobs of that type', async () => {
    expect(await listed({ employmentType: 'contract' })).toEqual(['secret', 'trust']);
  });

  it('when OpenSearch is not asked (the degraded listing), then MongoDB applies the same filters', async () => {
    const queries: Array<Record<string, string>> = [
      {},
      { clearance: 'secret' },
      { salaryMin: '140000' },
      { salaryMin: '100000', clearance: 'ts_sci' },
      { employmentType: 'full_time' },
    ];
    for (const query of queries) {
      expect(await degraded(query), JSON.stringify(query)).toEqual(await listed(query));
    }
  });
});

describe('facets', () => {
  it('when no filter is set, then clearance counts are cumulative and pay and type are counted', async () => {
    const res = await get('/api/jobs/facets');
    const { facets } = jobFacetsResponseSchema.parse(res.body);
    expect(facets.clearance).toEqual({
      none: 2,
      public_trust: 3,
      secret: 4,
      top_secret: 5,
      ts_sci: 6,
    });
    expect(facets.employmentType).toEqual({
      full_time: 2,
      part_time: 0,
      contract: 2,
      temporary: 0,
    });
    expect(facets.salaryMin).toEqual({
      '50000': 5,
      '75000': 5,
      '100000': 4,
      '125000': 3,
      '150000': 3,
      '200000': 1,
    });
  });

  it('when filters are set, then each option counts what choosing it would list', async () => {
    const query = { clearance: 'secret', salaryMin: '100000' };
    const { facets, total } = (await get('/api/jobs/facets', query)).body as {
      total: number;
      facets: Record<'clearance' | 'salaryMin' | 'employmentType', Record<string, number>>;
    };
    expect(total).toBe((await listed(query)).length);
    for (const [level, count] of Object.entries(facets.clearance)) {
      expect(count, level).toBe((await listed({ ...query, clearance: level })).length);
    }
    for (const [amount, count] of Object.entries(facets.salaryMin)) {
      expect(count, amount).toBe((await listed({ ...query, salaryMin: amount })).length);
    }
    for (const [type, count] of Object.entries(facets.employmentType)) {
      expect(count, type).toBe((await listed({ ...query, employmentType: type })).length);
    }
  });
});

describe('mapping version', () => {
  it('when the index behind the alias has an older mapping, then start-up rebuilds it with the B2G fields', async () => {
    const other = newWorld();
    const client = searchClient();
    const definition = indexDefinition(0);
    const old = `${other.alias}-old`;
    await client.indices.create({
      index: old,
      body: {
        ...definition,
        mappings: { ...definition.mappings, _meta: { version: SEARCH_MAPPING_VERSION - 1 } },
        aliases: { [other.alias]: {} },
      },
    });
    const second = await startInstance(other);
    try {
      const aliased = await client.indices.getAlias({ name: other.alias });
      expect(Object.keys(aliased.body)).not.toContain(old);
      const mapping = await client.indices.getMapping({ index: other.alias });
      const [current] = Object.values(mapping.body);
      expect(current?.mappings._meta).toEqual({ version: SEARCH_MAPPING_VERSION });
      expect(current?.mappings.properties).toHaveProperty('annualPay');
    } finally {
      await removeWorld(second, other);
      await client.close();
    }
  });
});
