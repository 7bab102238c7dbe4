import { jobFacetsResponseSchema, jobListResponseSchema, type JobListItem } from '@b2g/contracts';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDataSet, instanceForFile, newWorld, type DataSet } from './support.js';

/** Search semantics against a real OpenSearch, on a small fixed data set. */
const world = newWorld();
const jobs = instanceForFile(world);
let ids: Record<string, string>;

const DATA: DataSet = [
  [
    'capture',
    0.5,
    {
      title: 'Capture Manager',
      company: 'Northwind Defense',
      location: 'Huntsville, AL',
      description: 'Lead pursuits for Army programs.',
      sector: 'FEDERAL',
      jobFunction: 'sales',
      employerType: 'INTEGRATOR',
      experienceLevel: 'senior',
      isRemote: false,
    },
  ],
  [
    'bd',
    3,
    {
      title: 'Business Development Director',
      company: 'Civic Ledger',
      location: 'Denver, CO',
      description: 'Grow state and local accounts.',
      sector: 'STATE_LOCAL',
      jobFunction: 'sales',
      employerType: 'SOFTWARE',
      experienceLevel: 'senior',
      isRemote: true,
      remoteDays: 5,
    },
  ],
  [
    'xss',
    5,
    {
      title: 'Marketing <b>Lead</b> & "Events"',
      company: 'Acme <script>alert(1)</script>',
      location: 'Boston, MA',
      description: 'Plan <img src=x onerror=alert(1)> events for schools.',
      sector: 'EDUCATION',
      jobFunction: 'marketing',
      employerType: 'OTHER_B2G',
      experienceLevel: 'entry',
      isRemote: true,
      remoteDays: 3,
    },
  ],
  [
    'ae',
    10,
    {
      title: 'Account Executive',
      company: 'GovReach Media',
      location: 'Arlington, VA',
      description: 'Sell to SLED buyers.',
      sector: 'BOTH',
      jobFunction: 'sales',
      employerType: 'MEDIA_EVENTS',
      experienceLevel: 'mid',
      isRemote: true,
      remoteDays: 2,
    },
  ],
  [
    'se',
    20,
    {
      title: 'Solutions Engineer',
      company: 'ClearSky Cloud',
      location: 'Remote (US)',
      description: 'Demo cloud platforms to federal agencies.',
      sector: 'FEDERAL',
      jobFunction: 'technical',
      employerType: 'SOFTWARE',
      experienceLevel: 'mid',
      isRemote: true,
    },
  ],
  [
    'govcon',
    40,
    {
      title: 'Proposal Manager',
      company: 'Summit Procurement',
      location: 'Washington, DC',
      description: 'Government contracting experience required.',
      sector: 'FEDERAL',
      jobFunction: 'marketing',
      employerType: 'CONSULTANCY',
      experienceLevel: 'entry',
      isRemote: false,
    },
  ],
];
const NEWEST_FIRST = ['capture', 'bd', 'xss', 'ae', 'se', 'govcon'];

const get = (path: string, query: Record<string, string | number> = {}) =>
  request(jobs.app).get(path).query(query);
const list = (query: Record<string, string | number> = {}) => get('/api/jobs', query);
const keysOf = (body: JobListItem[]) =>
  body.map((job) => Object.entries(ids).find(([, id]) => id === job.id)?.[0] ?? job.title);
const found = async (search: string, extra: Record<string, string> = {}) =>
  keysOf((await list({ search, ...extra })).body).sort();

beforeAll(async () => {
  ids = await createDataSet(jobs, DATA, 'https://careers.example/search', {
    isAgencyRole: false,
    source: 'Direct Post',
  });
  await jobs.search.indices.refresh({ index: world.alias });
});

describe('search words', () => {
  it('when the last word is the beginning of a word, then it matches as a prefix (from three letters)', async () => {
    expect(await found('capt')).toEqual(['capture']);
    expect(await found('army capt')).toEqual(['capture']);
    expect(await found('solu')).toEqual(['se']);
    // Only the last word is a prefix.
    expect(await found('capt manager')).toEqual([]);
  });

  it('when a word of five letters or more has one typo, then it matches; two typos or a short word do not', async () => {
    expect(await found('Managr')).toEqual(['capture', 'govcon']);
    expect(await found('Huntsvile')).toEqual(['capture']);
    expect(await found('Egnineer')).toEqual(['se']);
    expect(await found('Mnagr')).toEqual([]);
    expect(await found('Clod')).toEqual([]);
  });

  it('when a word is another form of an indexed word, then English stemming matches it', async () => {
    expect(await found('managers')).toEqual(['capture', 'govcon']);
    expect(await found('engineering')).toEqual(['se']);
    expect(await found('growing accounts')).toEqual(['bd']);
  });

  it('when a B2G abbreviation or its meaning is searched, then the synonym matches either way', async () => {
    expect(await found('BD')).toEqual(['bd']);
    expect(await found('business development')).toEqual(['bd']);
    expect(await found('AE')).toEqual(['ae']);
    expect(await found('account executive')).toEqual(['ae']);
    expect(await found('SE')).toEqual(['se']);
    expect(await found('SLED')).toEqual(['ae', 'bd']);
    expect(await found('state and local')).toEqual(['ae', 'bd']);
    expect(await found('GovCon')).toEqual(['capture', 'govcon']);
  });

  it('when every word must match, then words may come from different fields but none may be missing', async () => {
    expect(await found('capture huntsville')).toEqual(['capture']);
    expect(await found('cloud federal')).toEqual(['se']);
    expect(await found('cloud denver')).toEqual([]);
  });

  it('when a word is in a title and another job has it only in its description, then the title match ranks first', async () => {
    const res = await list({ search: 'events' });
    expect(keysOf(res.body)).toEqual(['xss']);
    const cloud = await list({ search: 'cloud' });
    expect(keysOf(cloud.body)).toEqual(['se']);
    const lead = keysOf((await list({ search: 'lead' })).body);
    expect(lead[0]).toBe('xss');
    expect(lead).toContain('capture');
  });
});

describe('order, filters and facets', () => {
  it('when there is no search, then newest first; with a search, relevance unless sort=newest', async () => {
    expect(keysOf((await list()).body)).toEqual(NEWEST_FIRST);
    expect(keysOf((await list({ search: 'manager', sort: 'newest' })).body)).toEqual([
      'capture',
      'govcon',
    ]);
    expect(keysOf((await list({ sort: 'relevance' })).body)).toEqual(NEWEST_FIRST);
  });

  it('when postedWithin is 1, 7 or 30, then only jobs posted in that many days', async () => {
    expect(keysOf((await list({ postedWithin: 1 })).body)).toEqual(['capture']);
    expect(keysOf((await list({ postedWithin: 7 })).body)).toEqual(['capture', 'bd', 'xss']);
    expect(keysOf((await list({ postedWithin: 30 })).body)).toEqual([
      'capture',
      'bd',
      'xss',
      'ae',
      'se',
    ]);
    expect((await list({ postedWithin: 2 })).status).toBe(400);
  });

  it('when remote, employerType or experienceLevel is given, then only those jobs', async () => {
    expect(keysOf((await list({ remote: 'remote' })).body)).toEqual(['bd', 'se']);
    expect(keysOf((await list({ remote: 'hybrid' })).body)).toEqual(['xss', 'ae']);
    expect(keysOf((await list({ remote: 'on-site' })).body)).toEqual(['capture', 'govcon']);
    expect(keysOf((await list({ employerType: 'SOFTWARE' })).body)).toEqual(['bd', 'se']);
    expect(keysOf((await list({ experienceLevel: 'entry' })).body)).toEqual(['xss', 'govcon']);
    expect((await list({ remote: 'mars' })).status).toBe(400);
  });

  it('when facets are asked without filters, then every option has its exact count', async () => {
    const res = await get('/api/jobs/facets');
    expect(res.status).toBe(200);
    expect(jobFacetsResponseSchema.parse(res.body)).toEqual({
      total: 6,
      facets: {
        // Federal and State/Local count the BOTH job too, as their filters match it.
        sector: { FEDERAL: 4, STATE_LOCAL: 2, EDUCATION: 1, BOTH: 1 },
        jobFunction: { sales: 3, marketing: 2, technical: 1 },
        employerType: {
          INTEGRATOR: 1,
          CONSULTANCY: 1,
          SOFTWARE: 2,
          MEDIA_EVENTS: 1,
          OTHER_B2G: 1,
        },
        experienceLevel: { entry: 2, mid: 2, senior: 2 },
        remote: { remote: 2, hybrid: 2, 'on-site': 2 },
        // No job names a clearance: each needs none, so every level counts all six.
        clearance: { none: 6, public_trust: 6, secret: 6, top_secret: 6, ts_sci: 6 },
        employmentType: { full_time: 0, part_time: 0, contract: 0, temporary: 0 },
        salaryMin: { '50000': 0, '75000': 0, '100000': 0, '125000': 0, '150000': 0, '200000': 0 },
      },
    });
  });

  it('when a filter and a search are set, then each facet counts with the search and the other filters', async () => {
    const res = await get('/api/jobs/facets', { jobFunction: 'sales' });
    expect(res.body.total).toBe(3);
    // Its own facet ignores the jobFunction filter: the other options stay visible with counts.
    expect(res.body.facets.jobFunction).toEqual({ sales: 3, marketing: 2, technical: 1 });
    expect(res.body.facets.sector).toEqual({ FEDERAL: 2, STATE_LOCAL: 2, EDUCATION: 0, BOTH: 1 });
    expect(res.body.facets.remote).toEqual({ remote: 1, hybrid: 1, 'on-site': 1 });

    const searched = await get('/api/jobs/facets', { search: 'manager', sector: 'FEDERAL' });
    expect(searched.body.total).toBe(2);
    expect(searched.body.facets.jobFunction).toEqual({ sales: 1, marketing: 1, technical: 0 });
    expect(searched.body.facets.sector).toEqual({
      FEDERAL: 2,
      STATE_LOCAL: 0,
      EDUCATION: 0,
      BOTH: 0,
    });
  });
});

describe('paging', () => {
  it('when pages follow X-Next-Cursor, then every job comes once, in order, and the last page has no cursor', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page++) {
      const res = await list({ limit: 2, ...(cursor ? { cursor } : {}) });
      expect(res.headers['x-total-count']).toBe('6');
      seen.push(...keysOf(res.body));
      cursor = res.headers['x-next-cursor'];
      if (!cursor) break;
    }
    expect(seen).toEqual(NEWEST_FIRST);
    expect(cursor).toBeUndefined();
  });

  it('when a search pages by cursor, then it keeps the relevance order', async () => {
    const all = keysOf((await list({ search: 'manager' })).body);
    const first = await list({ search: 'manager', limit: 1 });
    const second = await list({
      search: 'manager',
      limit: 1,
      cursor: first.headers['x-next-cursor'] as string,
    });
    expect([...keysOf(first.body), ...keysOf(second.body)]).toEqual(all);
    expect(second.headers['x-next-cursor']).toBeUndefined();
  });

  it('when the page size equals what is left, then no cursor; past the end, an empty page with the total', async () => {
    const last = await list({ limit: 3, offset: 3 });
    expect(keysOf(last.body)).toEqual(['ae', 'se', 'govcon']);
    expect(last.headers['x-next-cursor']).toBeUndefined();
    const past = await list({ offset: 6 });
    expect(past.body).toEqual([]);
    expect(past.headers['x-total-count']).toBe('6');
    expect((await list({ offset: 9_998, limit: 2 })).status).toBe(200);
  });

  it('when offset paging goes past 10,000, or a cursor or a text is not valid, then 400', async () => {
    const deep = await list({ offset: 9_999, limit: 2 });
    expect(deep.status).toBe(400);
    expect(deep.body.error.message).toMatch(/cursor/);
    const forged = await list({ cursor: Buffer.from('[1,2,3,4]').toString('base64url') });
    expect(forged.status).toBe(400);
    expect(forged.body.error.message).toBe('Invalid cursor');
    expect((await list({ cursor: 'not a cursor!' })).status).toBe(400);
    expect((await list({ cursor: 'a'.repeat(513) })).status).toBe(400);
    expect((await list({ search: 'x'.repeat(201) })).status).toBe(400);
    expect((await list({ location: 'x'.repeat(201) })).status).toBe(400);
  });
});

describe('highlights', () => {
  it('when a search matches, then highlights are ranges of the plain text, and text holding markup stays text', async () => {
    const res = await list({ search: 'lead events' });
    const [job] = jobListResponseSchema.parse(res.body);
    expect(job?.title).toBe('Marketing <b>Lead</b> & "Events"');
    expect(job?.company).toBe('Acme <script>alert(1)</script>');
    const slices = (text: string, ranges: Array<[number, number]> = []) =>
      ranges.map(([start, end]) => text.slice(start, end));
    expect(slices(job!.title, job!.highlights?.title)).toEqual(['Lead', 'Events']);
    expect(slices(job!.description, job!.highlights?.description)).toEqual(['events']);
    expect(JSON.stringify(res.body)).not.toMatch(/<em>|<mark>|\uE000|\uE001/);
  });

  it('when the last word matches as a prefix, then the whole word is highlighted; without a search there are none', async () => {
    const [job] = (await list({ search: 'capt' })).body as JobListItem[];
    expect(job?.highlights?.title?.map(([s, e]) => job.title.slice(s, e))).toEqual(['Capture']);
    expect((await list()).body.every((item: JobListItem) => !('highlights' in item))).toBe(true);
  });
});
