import { describe, expect, it } from 'vitest';
import { fieldErrors, SAMPLE_POST } from '../test/support.js';
import { ADMIN_JOB_FORM_DEFAULTS } from './constants.js';
import {
  adminJobFormSchema,
  adminJobRequestSchema,
  adminJobsQuerySchema,
  createJobRequestSchema,
  extractedJobSchema,
  extractFromUrlRequestSchema,
  forceDeleteQuerySchema,
  jobIdParamSchema,
  jobsQuerySchema,
  publicJobPostFormSchema,
} from './jobs.js';
import { MESSAGES } from './messages.js';

const publicPost = { ...SAMPLE_POST, terms: true };

const adminJob = {
  title: 'SLED Marketing Manager',
  company: 'Civic Co',
  location: 'Austin, TX',
  url: 'https://jobs.civic.example/42',
  ...ADMIN_JOB_FORM_DEFAULTS,
};

describe('publicJobPostFormSchema', () => {
  it('when the required fields are filled and terms ticked, then it parses with defaults', () => {
    const parsed = publicJobPostFormSchema.parse({ ...publicPost, experienceLevel: '' });

    expect(parsed).toMatchObject({ isAgencyRole: false, experienceLevel: undefined });
    expect(parsed.remoteDays).toBeUndefined();
  });

  it.each([
    ['title', '', MESSAGES.titleRequired],
    ['company', undefined, MESSAGES.companyRequired],
    ['location', ' ', MESSAGES.locationRequired],
    ['description', '', MESSAGES.descriptionRequired],
    ['url', '', MESSAGES.applicationUrlRequired],
    ['url', 'not a url', MESSAGES.urlInvalid],
    ['url', 'javascript:alert(1)', MESSAGES.urlInvalid],
    ['sector', '', MESSAGES.sectorRequired],
    ['sector', undefined, MESSAGES.sectorRequired],
    ['remoteDays', 0, MESSAGES.remoteDaysRange],
    ['remoteDays', 6, MESSAGES.remoteDaysRange],
    ['remoteDays', 2.5, MESSAGES.remoteDaysRange],
    ['terms', false, MESSAGES.termsRequired],
    ['terms', undefined, MESSAGES.termsRequired],
  ] as const)('when %s is %j, then it reports %j', (field, value, message) => {
    expect(fieldErrors(publicJobPostFormSchema, { ...publicPost, [field]: value })[field]).toEqual([
      message,
    ]);
  });

  it('when remoteDays is 5, then it is accepted as fully remote', () => {
    expect(publicJobPostFormSchema.parse({ ...publicPost, remoteDays: 5 }).remoteDays).toBe(5);
  });
});

describe('createJobRequestSchema', () => {
  it('when no source is sent, then it is "Direct Post"; terms are the form\'s, never sent', () => {
    const { terms: _terms, ...body } = publicPost;
    expect(createJobRequestSchema.parse(body).source).toBe('Direct Post');
    expect(createJobRequestSchema.safeParse(publicPost).success).toBe(false);
  });

  it('when remoteDays is null, then it is treated as absent', () => {
    const { terms: _terms, ...body } = publicPost;
    expect(createJobRequestSchema.parse({ ...body, remoteDays: null }).remoteDays).toBeUndefined();
  });
});

describe('adminJobFormSchema', () => {
  it('when only the required fields are filled, then it parses with blank optionals dropped', () => {
    expect(adminJobFormSchema.parse({ ...adminJob, description: '', postedAt: '' })).toEqual({
      ...adminJob,
      description: undefined,
      postedAt: undefined,
      link: undefined,
      poster: undefined,
      applyUrl: undefined,
      remoteDays: undefined,
      isAgencyRole: false,
      isRemote: false,
      source: 'Direct Post',
    });
  });

  it.each([
    ['title', '', MESSAGES.titleRequired],
    ['company', '', MESSAGES.companyRequired],
    ['location', '', MESSAGES.locationRequired],
    ['url', 'example', MESSAGES.urlInvalid],
    ['link', 'ftp://example.com/job', MESSAGES.urlInvalid],
    ['sector', undefined, MESSAGES.sectorRequired],
    ['employerType', 'AGENCY', MESSAGES.employerTypeRequired],
    ['remoteDays', 9, MESSAGES.remoteDaysRange],
    ['postedAt', 'yesterday', MESSAGES.postedAtInvalid],
    ['experienceLevel', 'principal', MESSAGES.invalidInput],
  ] as const)('when %s is %j, then it reports %j', (field, value, message) => {
    expect(fieldErrors(adminJobFormSchema, { ...adminJob, [field]: value })[field]).toEqual([
      message,
    ]);
  });

  it('when the source is not one of the admin choices, then it is rejected', () => {
    expect(adminJobFormSchema.safeParse({ ...adminJob, source: 'indeed' }).success).toBe(false);
  });

  it('when postedAt comes from a datetime-local input, then it leaves as an ISO date-time', () => {
    const postedAt = adminJobFormSchema.parse({
      ...adminJob,
      postedAt: '2025-01-05T15:04',
    }).postedAt;

    expect(postedAt).toBe(new Date('2025-01-05T15:04').toISOString());
  });
});

describe('adminJobRequestSchema', () => {
  it('when postedAt is an ISO date-time, then it is accepted', () => {
    expect(
      adminJobRequestSchema.parse({ ...adminJob, postedAt: '2025-01-05T15:04:00.000Z' }).postedAt,
    ).toBe('2025-01-05T15:04:00.000Z');
  });

  it('when postedAt has no offset, then it is rejected', () => {
    expect(
      adminJobRequestSchema.safeParse({ ...adminJob, postedAt: '2025-01-05T15:04' }).success,
    ).toBe(false);
  });

  it('when the url is invalid, then it reads "Must be a valid URL"', () => {
    expect(fieldErrors(adminJobRequestSchema, { ...adminJob, url: 'nope' })).toEqual({
      url: [MESSAGES.urlInvalid],
    });
  });

  it.each([
    ['blank', ''],
    ['only spaces', '   '],
    ['null', null],
    ['missing', undefined],
  ])('when the url is %s, then it is required with "Must be a valid URL"', (_case, url) => {
    expect(MESSAGES.urlInvalid).toBe('Must be a valid URL');
    expect(fieldErrors(adminJobRequestSchema, { ...adminJob, url })).toEqual({
      url: [MESSAGES.urlInvalid],
    });
    expect(fieldErrors(adminJobFormSchema, { ...adminJob, url })).toEqual({
      url: [MESSAGES.urlInvalid],
    });
  });
});

describe('B2G job fields', () => {
  const { terms: _terms, ...publicBody } = publicPost;
  const b2g = {
    clearance: 'top_secret',
    polygraph: 'full_scope',
    salaryMin: 120_000,
    salaryMax: 150_000,
    salaryPeriod: 'year',
    closingDate: '2030-06-30',
    employmentType: 'full_time',
    customer: ' Department of the Navy ',
  };

  it('when a public post and an admin job carry them, then they are kept (customer trimmed)', () => {
    const expected = { ...b2g, customer: 'Department of the Navy' };
    expect(createJobRequestSchema.parse({ ...publicBody, ...b2g })).toMatchObject(expected);
    expect(adminJobRequestSchema.parse({ ...adminJob, ...b2g })).toMatchObject(expected);
    expect(publicJobPostFormSchema.parse({ ...publicPost, ...b2g })).toMatchObject(expected);
  });

  it('when the form sends them blank or null, then they are left out', () => {
    const blank = {
      clearance: '',
      polygraph: null,
      salaryMin: null,
      salaryPeriod: '',
      closingDate: '',
      employmentType: '',
      customer: '  ',
    };
    const parsed = adminJobFormSchema.parse({ ...adminJob, ...blank });
    for (const field of Object.keys(blank)) expect(parsed, field).not.toHaveProperty(field, null);
    expect(parsed.clearance ?? parsed.customer ?? parsed.closingDate).toBeUndefined();
  });

  it.each([
    [{ salaryMin: 150_000, salaryMax: 120_000 }, 'salaryMax', MESSAGES.salaryMinAboveMax],
    [{ salaryMin: -1 }, 'salaryMin', MESSAGES.salaryInvalid],
    [{ salaryMax: 10_000_001 }, 'salaryMax', MESSAGES.salaryInvalid],
    [{ salaryMin: '100000' }, 'salaryMin', MESSAGES.salaryInvalid],
    [{ salaryMin: 6_000, salaryPeriod: 'hour' }, 'salaryMin', MESSAGES.hourlySalaryTooHigh],
    [{ closingDate: '2030-02-30' }, 'closingDate', MESSAGES.closingDateInvalid],
    [{ closingDate: 'soon' }, 'closingDate', MESSAGES.closingDateInvalid],
    [{ customer: 'x'.repeat(201) }, 'customer', 'Customer must be at most 200 characters'],
  ])('when %j, then %s reads its message', (fields, field, message) => {
    expect(fieldErrors(adminJobRequestSchema, { ...adminJob, ...fields })[field]).toEqual([
      message,
    ]);
  });

  it.each([{ clearance: 'cosmic' }, { polygraph: 'lie' }, { employmentType: 'gig' }])(
    'when %j, then the public post is refused',
    (fields) => {
      expect(createJobRequestSchema.safeParse(publicBody).success).toBe(true);
      expect(createJobRequestSchema.safeParse({ ...publicBody, ...fields }).success).toBe(false);
    },
  );

  it('when the query filters on clearance, employment type and salary, then they are parsed', () => {
    expect(
      jobsQuerySchema.parse({
        clearance: 'secret',
        employmentType: 'contract',
        salaryMin: '100000',
      }),
    ).toMatchObject({ clearance: 'secret', employmentType: 'contract', salaryMin: 100_000 });
    expect(jobsQuerySchema.parse({ clearance: 'all', salaryMin: '' })).toMatchObject({
      clearance: undefined,
      salaryMin: undefined,
    });
  });

  it.each([
    { clearance: 'cosmic' },
    { salaryMin: '-5' },
    { salaryMin: '1e6' },
    { salaryMin: '99999999' },
    { employmentType: 'gig' },
  ])('when the query is %j, then it is rejected', (query) => {
    expect(jobsQuerySchema.safeParse(query).success).toBe(false);
  });

  it('when auto fill read pay, dates and type, then they pass', () => {
    const read = {
      salaryMin: 65,
      salaryMax: 80,
      salaryPeriod: 'hour',
      closingDate: '2030-01-31',
      employmentType: 'contract',
    };
    expect(extractedJobSchema.parse(read)).toEqual(read);
  });
});

describe('jobsQuerySchema', () => {
  it('when filters are blank or "all", then they are dropped and paging defaults apply', () => {
    expect(
      jobsQuerySchema.parse({ search: '', sector: 'all', location: ' ', jobFunction: '' }),
    ).toEqual({
      search: undefined,
      sector: undefined,
      location: undefined,
      jobFunction: undefined,
      limit: 50,
      offset: 0,
    });
  });

  it('when filters are set, then they are kept and paging is read from text', () => {
    expect(
      jobsQuerySchema.parse({
        search: 'account executive',
        sector: 'STATE_LOCAL',
        jobFunction: 'sales',
        limit: '100',
        offset: '20',
        sort: 'date',
      }),
    ).toMatchObject({ sector: 'STATE_LOCAL', jobFunction: 'sales', limit: 100, offset: 20 });
  });

  it.each([
    { limit: '0' },
    { limit: '101' },
    { limit: '1.5' },
    { offset: '-1' },
    { sector: 'MARS' },
    { sector: 'federal' },
    { jobFunction: 'finance' },
    { sort: 'salary' },
    { postedWithin: '2' },
    { remote: 'mars' },
    { employerType: 'software' },
    { experienceLevel: 'guru' },
    { search: 'x'.repeat(201) },
    { location: 'x'.repeat(201) },
    { cursor: 'not a cursor' },
    { cursor: 'a'.repeat(513) },
  ])('when the query is %j, then it is rejected', (query) => {
    expect(jobsQuerySchema.safeParse(query).success).toBe(false);
  });

  it('when the search filters are set, then they are kept; postedWithin is a number and sort=date means newest', () => {
    expect(
      jobsQuerySchema.parse({
        employerType: 'SOFTWARE',
        experienceLevel: 'senior',
        remote: 'on-site',
        postedWithin: '7',
        sort: 'date',
        cursor: 'eyJhZnRlciI6W119',
      }),
    ).toMatchObject({
      employerType: 'SOFTWARE',
      experienceLevel: 'senior',
      remote: 'on-site',
      postedWithin: 7,
      sort: 'newest',
      cursor: 'eyJhZnRlciI6W119',
    });
    expect(jobsQuerySchema.parse({ remote: 'all', postedWithin: '' })).toMatchObject({
      remote: undefined,
      postedWithin: undefined,
    });
  });
});

describe('admin and route queries', () => {
  it('when include_deleted is "true", then deleted jobs are included; absent means not', () => {
    expect(adminJobsQuerySchema.parse({ include_deleted: 'true' }).include_deleted).toBe(true);
    expect(adminJobsQuerySchema.parse({}).include_deleted).toBe(false);
    expect(adminJobsQuerySchema.safeParse({ include_deleted: 'yes' }).success).toBe(false);
  });

  it('when force is "true", then the delete is permanent', () => {
    expect(forceDeleteQuerySchema.parse({ force: 'true' })).toEqual({ force: true });
    expect(forceDeleteQuerySchema.parse({})).toEqual({ force: false });
  });

  it('when the job id is not a uuid, then it is rejected', () => {
    expect(jobIdParamSchema.safeParse({ id: '42' }).success).toBe(false);
    expect(jobIdParamSchema.safeParse({ id: crypto.randomUUID() }).success).toBe(true);
  });
});

describe('auto fill', () => {
  it('when no URL is given, then it asks for a job posting URL', () => {
    expect(fieldErrors(extractFromUrlRequestSchema, { url: '' })).toEqual({
      url: [MESSAGES.autoFillUrlRequired],
    });
  });

  it('when the URL is malformed, then it reads "Must be a valid URL"', () => {
    expect(fieldErrors(extractFromUrlRequestSchema, { url: 'jobs' })).toEqual({
      url: [MESSAGES.urlInvalid],
    });
  });

  it('when extraction finds only some fields, then the partial result parses', () => {
    expect(extractedJobSchema.parse({ title: 'AE', remoteDays: 3 })).toEqual({
      title: 'AE',
      remoteDays: 3,
    });
    expect(extractedJobSchema.parse({})).toEqual({});
  });
});
