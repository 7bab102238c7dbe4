import {
  JOB_FEED_LIMIT,
  SITEMAP_FILE_KEYS,
  jobPageResponseSchema,
  type JobPageResponse,
} from '@b2g/contracts';
import { load } from 'cheerio';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobPostingJsonLd } from '../src/domain/job-pages.js';
import { createDataSet, DAY, instanceForFile, newWorld, type DataSet } from './support.js';

const world = newWorld();
const ORIGIN = 'https://jobs.example.gov';
const jobs = instanceForFile(world, { publicUrl: ORIGIN });
let ids: Record<string, string>;

const DATA: DataSet = [
  [
    'capture',
    1,
    {
      title: 'Capture Manager, Civilian Agencies',
      company: 'Keystone <Federal> & Sons',
      location: 'Arlington, VA',
      jobFunction: 'sales',
      description:
        'Lead capture for civilian agency pursuits.\n\nYou will:\n- Shape pursuits </script><!-- \u2028\n- Write capture plans\n\n1. Apply\n2. Interview',
    },
  ],
  [
    'captureTwo',
    2,
    {
      title: 'Senior Capture Manager',
      company: 'Harborview',
      location: 'Reston, VA',
      jobFunction: 'sales',
      description: 'Capture plans and civilian agency pursuits for a growing team.',
      salaryMin: 60,
      salaryMax: 75,
      salaryPeriod: 'hour',
      employmentType: 'full_time',
      closingDate: '2099-12-31',
    },
  ],
  [
    'remote',
    3,
    {
      title: 'Cloud Architect',
      company: 'ClearSky',
      location: 'Remote (US)',
      jobFunction: 'technical',
      isRemote: true,
      remoteDays: 5,
      description: 'Zero trust designs.',
    },
  ],
  [
    'expired',
    5,
    {
      title: 'Capture Coordinator',
      company: 'Expired LLC',
      location: 'Tampa, FL',
      jobFunction: 'sales',
      description: 'Civilian agency capture support.',
      closingDate: new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10),
    },
  ],
  [
    'deleted',
    4,
    {
      title: 'Capture Analyst',
      company: 'Gone Inc',
      location: 'Denver, CO',
      jobFunction: 'sales',
      description: 'Civilian agency capture support.',
    },
  ],
];

beforeAll(async () => {
  ids = await createDataSet(jobs, DATA, 'https://careers.example/jobs', {
    sector: 'FEDERAL',
    employerType: 'SOFTWARE',
    isAgencyRole: false,
    isRemote: false,
    source: 'Direct Post',
  });
  await jobs.curation.softDelete(ids.deleted as string);
  await jobs.search.indices.refresh({ index: world.alias });
});

const pageOf = async (id: string): Promise<JobPageResponse> => {
  const res = await request(jobs.app).get(`/api/jobs/${id}/page`).expect(200);
  return jobPageResponseSchema.parse(res.body);
};

describe('GET /api/jobs/:id/page', () => {
  it('when the job is active, then it comes with its title, description, JobPosting and similar jobs', async () => {
    const page = await pageOf(ids.capture as string);
    if (page.status !== 'active') throw new Error('expected an active job');
    expect(page.job.id).toBe(ids.capture);
    expect(page.head.title).toBe('Capture Manager, Civilian Agencies – Keystone <Federal> & Sons');
    expect(page.head.description).toMatch(/^Capture Manager, Civilian Agencies at Keystone/);
    expect(page.head.description.length).toBeLessThanOrEqual(160);
    expect(page.head.canonicalUrl).toBe(`${ORIGIN}/jobs/${ids.capture}`);
    const ld = page.head.jsonLd;
    expect(ld).toMatchObject({
      '@context': 'https://schema.org/',
      '@type': 'JobPosting',
      title: 'Capture Manager, Civilian Agencies',
      hiringOrganization: { '@type': 'Organization', name: 'Keystone <Federal> & Sons' },
      jobLocation: {
        '@type': 'Place',
        address: { addressLocality: 'Arlington', addressRegion: 'VA', addressCountry: 'US' },
      },
      identifier: { '@type': 'PropertyValue', value: ids.capture },
      directApply: false,
      url: `${ORIGIN}/jobs/${ids.capture}`,
    });
    expect(ld.datePosted).toBe(page.job.postedAt);
    expect(ld.jobLocationType).toBeUndefined();
    // The description is HTML made from the text, the text escaped.
    expect(ld.description).toContain('<ul><li>Shape pursuits &#60;/script&#62;&#60;!--');
    expect(ld.description).toContain('<ol><li>Apply</li><li>Interview</li></ol>');
    expect(page.similar.map((job) => job.id)).toContain(ids.captureTwo);
    expect(page.similar.map((job) => job.id)).not.toContain(ids.capture);
    expect(page.similar.map((job) => job.id)).not.toContain(ids.deleted);
    expect(page.similar.map((job) => job.id)).not.toContain(ids.expired);
  });

  it('when the job is fully remote, then it is TELECOMMUTE for applicants in the US', async () => {
    const page = await pageOf(ids.remote as string);
    if (page.status !== 'active') throw new Error('expected an active job');
    expect(page.head.jsonLd).toMatchObject({
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { '@type': 'Country', name: 'US' },
    });
  });

  it('when the job has hourly pay, a closing date and an employment type, then its JobPosting has them', async () => {
    const page = await pageOf(ids.captureTwo as string);
    if (page.status !== 'active') throw new Error('expected an active job');
    expect(page.head.jsonLd).toMatchObject({
      validThrough: '2099-12-31T23:59:59Z',
      employmentType: 'FULL_TIME',
      baseSalary: { currency: 'USD', value: { minValue: 60, maxValue: 75, unitText: 'HOUR' } },
    });
  });

  it('when the job is past its closing date, then it is gone', async () => {
    const page = await pageOf(ids.expired as string);
    expect(page.status).toBe('gone');
    expect(page.similar.map((job) => job.id)).not.toContain(ids.expired);
  });

  it('when the job was deleted, then it is gone with similar jobs and none of its fields', async () => {
    const res = await request(jobs.app).get(`/api/jobs/${ids.deleted}/page`).expect(200);
    const page = jobPageResponseSchema.parse(res.body);
    expect(page.status).toBe('gone');
    expect(JSON.stringify(res.body)).not.toContain('Gone Inc');
    expect(page.similar.map((job) => job.id)).toContain(ids.capture);
  });

  it('when the id is unknown or malformed, then 404 and 400', async () => {
    await request(jobs.app).get('/api/jobs/6f1c2a4e-0000-4000-8000-000000000000/page').expect(404);
    const bad = await request(jobs.app).get('/api/jobs/not-an-id/page').expect(400);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
  });
});

describe('jobPostingJsonLd', () => {
  it('when the job has pay, a closing date and an employment type, then baseSalary, validThrough and employmentType say so', async () => {
    const page = await pageOf(ids.captureTwo as string);
    if (page.status !== 'active') throw new Error('expected an active job');
    const ld = jobPostingJsonLd(
      {
        ...page.job,
        salaryMin: 120_000,
        salaryMax: 150_000,
        salaryPeriod: 'year',
        closingDate: '2030-01-31',
        employmentType: 'contract',
      },
      `${ORIGIN}/jobs/${page.job.id}`,
    );
    expect(ld).toMatchObject({
      validThrough: '2030-01-31T23:59:59Z',
      employmentType: 'CONTRACTOR',
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'USD',
        value: {
          '@type': 'QuantitativeValue',
          minValue: 120_000,
          maxValue: 150_000,
          unitText: 'YEAR',
        },
      },
    });
  });
});

describe('sitemap', () => {
  it('when asked for /sitemap.xml, then it is an index of the 16 job sitemaps and the company pages', async () => {
    const res = await request(jobs.app).get('/sitemap.xml').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const $ = load(res.text, { xml: true });
    expect(
      $('sitemapindex > sitemap > loc')
        .map((_, el) => $(el).text())
        .get(),
    ).toEqual([
      ...SITEMAP_FILE_KEYS.map((file) => `${ORIGIN}/sitemaps/jobs-${file}.xml`),
      `${ORIGIN}/sitemaps/companies.xml`,
    ]);
  });

  it('when the job sitemaps are read, then they list every active job page with its lastmod, never a deleted or expired one', async () => {
    const urls: Array<{ file: string; loc: string; lastmod: string }> = [];
    for (const file of SITEMAP_FILE_KEYS) {
      const res = await request(jobs.app).get(`/sitemaps/jobs-${file}.xml`).expect(200);
      const $ = load(res.text, { xml: true });
      expect($('urlset').length).toBe(1);
      $('urlset > url').each((_, el) => {
        urls.push({ file, loc: $(el).find('loc').text(), lastmod: $(el).find('lastmod').text() });
      });
    }
    const active = ['capture', 'captureTwo', 'remote'].map((key) => `${ORIGIN}/jobs/${ids[key]}`);
    expect(urls.map((url) => url.loc).sort()).toEqual(active.sort());
    for (const url of urls) {
      expect(Number.isNaN(Date.parse(url.lastmod))).toBe(false);
      // Each job is in the file of its id's first hex digit.
      expect(url.loc.slice(`${ORIGIN}/jobs/`.length).startsWith(url.file)).toBe(true);
    }
  });

  it('when a sitemap file is not one of the index, then 400', async () => {
    await request(jobs.app).get('/sitemaps/jobs-g.xml').expect(400);
    await request(jobs.app).get('/sitemaps/jobs-10.xml').expect(400);
  });
});

describe('feeds', () => {
  it('when a search is read as RSS 2.0, then its newest jobs link to their pages, every text escaped', async () => {
    const res = await request(jobs.app)
      .get('/api/jobs/feed.rss')
      .query({ jobFunction: 'sales', limit: 1, offset: 1 })
      .expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/rss\+xml/);
    expect(res.text).not.toContain('<Federal>');
    const $ = load(res.text, { xml: true });
    expect($('rss').attr('version')).toBe('2.0');
    expect($('channel > link').text()).toBe(`${ORIGIN}/jobs?jobFunction=sales`);
    const items = $('item')
      .map((_, el) => ({
        title: $(el).find('title').text(),
        link: $(el).find('link').text(),
        guid: $(el).find('guid').text(),
      }))
      .get() as Array<{ title: string; link: string; guid: string }>;
    // Newest first, both sales jobs (paging parameters are not the feed's), the deleted one left
    // out; the links say they come from a feed, the ids stay the pages' addresses.
    expect(items).toEqual([
      {
        title: 'Capture Manager, Civilian Agencies',
        link: `${ORIGIN}/jobs/${ids.capture}?ref=feed`,
        guid: `${ORIGIN}/jobs/${ids.capture}`,
      },
      {
        title: 'Senior Capture Manager',
        link: `${ORIGIN}/jobs/${ids.captureTwo}?ref=feed`,
        guid: `${ORIGIN}/jobs/${ids.captureTwo}`,
      },
    ]);
    expect($('item').first().find('description').text()).toContain('Keystone <Federal> & Sons');
  });

  it('when a search is read as JSON Feed 1.1, then it has the same jobs as items', async () => {
    const res = await request(jobs.app)
      .get('/api/jobs/feed.json')
      .query({ search: 'capture' })
      .expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/feed\+json/);
    const feed = JSON.parse(res.text) as {
      version: string;
      feed_url: string;
      items: Array<{ id: string; url: string; title: string; date_published: string }>;
    };
    expect(feed.version).toBe('https://jsonfeed.org/version/1.1');
    expect(feed.feed_url).toBe(`${ORIGIN}/api/jobs/feed.json?search=capture`);
    expect(feed.items.map((item) => [item.id, item.url])).toEqual([
      [`${ORIGIN}/jobs/${ids.capture}`, `${ORIGIN}/jobs/${ids.capture}?ref=feed`],
      [`${ORIGIN}/jobs/${ids.captureTwo}`, `${ORIGIN}/jobs/${ids.captureTwo}?ref=feed`],
    ]);
    expect(feed.items.length).toBeLessThanOrEqual(JOB_FEED_LIMIT);
  });

  it('when a reader asks again with the ETag or the Last-Modified date, then 304 without a body', async () => {
    const first = await request(jobs.app).get('/api/jobs/feed.rss').expect(200);
    const etag = first.headers.etag as string;
    const lastModified = first.headers['last-modified'] as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const pubDates = [...first.text.matchAll(/<pubDate>([^<]+)<\/pubDate>/g)].map((match) =>
      Date.parse(match[1]!),
    );
    expect(Date.parse(lastModified)).toBe(Math.floor(Math.max(...pubDates) / 1000) * 1000);
    expect(first.headers['cache-control']).toBe('public, max-age=300');

    const byTag = await request(jobs.app).get('/api/jobs/feed.rss').set('If-None-Match', etag);
    expect(byTag.status).toBe(304);
    expect(byTag.text).toBeFalsy();
    const byDate = await request(jobs.app)
      .get('/api/jobs/feed.rss')
      .set('If-Modified-Since', lastModified);
    expect(byDate.status).toBe(304);
    // An old ETag wins over a current date: the feed has changed.
    const stale = await request(jobs.app)
      .get('/api/jobs/feed.rss')
      .set('If-None-Match', '"old"')
      .set('If-Modified-Since', lastModified);
    expect(stale.status).toBe(200);
    const other = await request(jobs.app).get('/api/jobs/feed.json').expect(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  it('when a feed gets a parameter GET /api/jobs refuses, then 400 and no feed', async () => {
    const res = await request(jobs.app).get('/api/jobs/feed.json').query({ sector: 'MARS' });
    expect(res.status).toBe(400);
    const unknown = await request(jobs.app).get('/api/jobs/feed.rss').query({ x: '1' });
    expect(unknown.status).toBe(400);
  });
});
