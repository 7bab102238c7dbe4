import {
  COMPANY_MESSAGES,
  companyPageResponseSchema,
  companySchema,
  employerCompaniesResponseSchema,
} from '@b2g/contracts';
import { load } from 'cheerio';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { employerInstanceForFile } from './employer-world.js';
import { adminPost, refreshSearch, tokens } from './support.js';

const { world, instance, sessionOf, postAs } = employerInstanceForFile();
const ORIGIN = 'https://board.example';

const adminCookie = () => tokens.adminCookie();
const page = (slug: string) => request(instance().app).get(`/api/companies/${slug}`);
const adminPatch = (slug: string, body: object) =>
  request(instance().app)
    .patch(`/api/admin/companies/${slug}`)
    .set('Cookie', adminCookie())
    .send(body);
const employerPatch = (slug: string, cookie: string, body: object) =>
  request(instance().app).patch(`/api/employer/companies/${slug}`).set('Cookie', cookie).send(body);

async function adminJob(company: string, postedAt: string) {
  const res = await request(instance().app)
    .post('/api/admin/jobs')
    .set('Cookie', adminCookie())
    .send(adminPost({ company, postedAt }))
    .expect(201);
  return res.body as { id: string };
}

describe('GET /api/companies/:slug', () => {
  it('when jobs name a company, then its page lists its active jobs newest first with an Organization head', async () => {
    const older = await adminJob('Orbital Page Systems', '2030-01-02T00:00:00.000Z');
    const newer = await adminJob('Orbital Page Systems', '2030-02-03T00:00:00.000Z');
    const deleted = await adminJob('Orbital Page Systems', '2030-03-04T00:00:00.000Z');
    await request(instance().app)
      .delete(`/api/admin/jobs/${deleted.id}`)
      .set('Cookie', adminCookie())
      .expect(200);
    await refreshSearch(world);

    const res = await page('orbital-page-systems').expect(200);
    const body = companyPageResponseSchema.parse(res.body);
    expect(body.company).toEqual({
      slug: 'orbital-page-systems',
      name: 'Orbital Page Systems',
      website: null,
      description: null,
      logoUrl: null,
    });
    expect(body.jobs.map((job) => job.id)).toEqual([newer.id, older.id]);
    expect(body.jobs.every((job) => job.company === 'Orbital Page Systems')).toBe(true);
    expect(body.head.canonicalUrl).toBe(`${ORIGIN}/companies/orbital-page-systems`);
    expect(body.head.title).toBe('Orbital Page Systems jobs');
    expect(body.head.jsonLd).toMatchObject({
      '@context': 'https://schema.org/',
      '@type': 'Organization',
      name: 'Orbital Page Systems',
      url: `${ORIGIN}/companies/orbital-page-systems`,
    });
    const postings = body.head.jsonLd.subjectOf as Array<Record<string, unknown>>;
    expect(postings.map((posting) => [posting['@type'], posting.url])).toEqual([
      ['JobPosting', `${ORIGIN}/jobs/${newer.id}`],
      ['JobPosting', `${ORIGIN}/jobs/${older.id}`],
    ]);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });

  it('when no stored company and no active job has the slug, then 404; a malformed slug is 400', async () => {
    const gone = await adminJob('Vanished Page Corp', '2030-01-02T00:00:00.000Z');
    await request(instance().app)
      .delete(`/api/admin/jobs/${gone.id}`)
      .set('Cookie', adminCookie())
      .expect(200);
    await refreshSearch(world);
    const missing = await page('vanished-page-corp').expect(404);
    expect(missing.body.error.message).toBe(COMPANY_MESSAGES.notFound);
    await page('no-such-company-anywhere').expect(404);
    await page('Not_A-Slug').expect(400);
    await adminPatch('no-such-company-anywhere', { description: 'x' }).expect(404);
  });

  it('when the sitemap is read, then its index names the company file, which lists companies with active jobs', async () => {
    await adminJob('Sitemap Listed Federal', '2030-04-05T00:00:00.000Z');
    await refreshSearch(world);
    const index = await request(instance().app).get('/sitemap.xml').expect(200);
    const $index = load(index.text, { xml: true });
    const files = $index('sitemapindex > sitemap > loc')
      .toArray()
      .map((loc) => $index(loc).text());
    expect(files).toContain(`${ORIGIN}/sitemaps/companies.xml`);

    const res = await request(instance().app).get('/sitemaps/companies.xml').expect(200);
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    const $ = load(res.text, { xml: true });
    const urls = $('urlset > url')
      .toArray()
      .map((url) => [$(url).find('loc').text(), $(url).find('lastmod').text()]);
    expect(urls).toContainEqual([
      `${ORIGIN}/companies/sitemap-listed-federal`,
      '2030-04-05T00:00:00.000Z',
    ]);
    expect(urls.map(([loc]) => loc)).not.toContain(`${ORIGIN}/companies/vanished-page-corp`);
  });
});

describe('PATCH /api/admin/companies/:slug', () => {
  it('when the admin edits a company, then its page shows the stored record and its jobs keep their company text', async () => {
    await adminJob('Admin Edited Labs', '2030-01-02T00:00:00.000Z');
    await refreshSearch(world);
    await request(instance().app)
      .patch('/api/admin/companies/admin-edited-labs')
      .send({ description: 'x' })
      .expect(401);
    const bad = await adminPatch('admin-edited-labs', { website: 'not a url' }).expect(400);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
    await adminPatch('admin-edited-labs', { logoUrl: '/x' }).expect(400);

    const res = await adminPatch('admin-edited-labs', {
      name: 'Admin Edited Labs, Inc.',
      website: 'https://www.admin-edited.example',
      description: 'Labs that sell to <agencies>.',
    }).expect(200);
    expect(companySchema.parse(res.body)).toEqual({
      slug: 'admin-edited-labs',
      name: 'Admin Edited Labs, Inc.',
      website: 'https://www.admin-edited.example',
      description: 'Labs that sell to <agencies>.',
      logoUrl: null,
    });
    const cleared = await adminPatch('admin-edited-labs', { description: '' }).expect(200);
    expect(cleared.body.description).toBeNull();
    expect(cleared.body.website).toBe('https://www.admin-edited.example');

    const body = companyPageResponseSchema.parse(
      (await page('admin-edited-labs').expect(200)).body,
    );
    expect(body.company.name).toBe('Admin Edited Labs, Inc.');
    expect(body.jobs[0]?.company).toBe('Admin Edited Labs');
    expect(body.head.jsonLd).toMatchObject({ url: 'https://www.admin-edited.example' });
  });
});

describe('employers and their companies', () => {
  it('when the apply URL is on the e-mail domain, then the employer may edit; another domain gets 403, no session 401', async () => {
    const owner = 'recruiter@domainrule.example';
    const outsider = 'someone@elsewhere.example';
    await postAs(owner, {
      company: 'Domain Rule Systems',
      url: `https://jobs.domainrule.example/apply/${Date.now()}`,
    });
    await postAs(outsider, { company: 'Domain Rule Systems' });
    await refreshSearch(world);
    const ownerSession = await sessionOf(owner);
    const outsiderSession = await sessionOf(outsider);

    const listed = await request(instance().app)
      .get('/api/employer/companies')
      .set('Cookie', ownerSession)
      .expect(200);
    expect(employerCompaniesResponseSchema.parse(listed.body).map((c) => c.slug)).toEqual([
      'domain-rule-systems',
    ]);
    const none = await request(instance().app)
      .get('/api/employer/companies')
      .set('Cookie', outsiderSession)
      .expect(200);
    expect(none.body).toEqual([]);
    await request(instance().app).get('/api/employer/companies').expect(401);

    const refused = await employerPatch('domain-rule-systems', outsiderSession, {
      description: 'Not theirs',
    }).expect(403);
    expect(refused.body.error.message).toBe(COMPANY_MESSAGES.notAllowed);
    await request(instance().app)
      .patch('/api/employer/companies/domain-rule-systems')
      .send({ description: 'x' })
      .expect(401);
    await employerPatch('domain-rule-systems', ownerSession, { description: 'x' })
      .set('Origin', 'https://evil.example')
      .expect(403);

    const saved = await employerPatch('domain-rule-systems', ownerSession, {
      website: 'https://careers.domainrule.example',
      description: 'We build rules.',
    }).expect(200);
    expect(saved.body).toMatchObject({
      website: 'https://careers.domainrule.example',
      description: 'We build rules.',
    });
    await employerPatch('no-such-company-anywhere', ownerSession, { description: 'x' }).expect(404);
  });

  it('when a website is stored, then its domain decides: a colleague without postings may edit, the poster of another domain may not', async () => {
    await adminJob('Website Rule Corp', '2030-01-02T00:00:00.000Z');
    await refreshSearch(world);
    await adminPatch('website-rule-corp', { website: 'https://www.websiterule.example' }).expect(
      200,
    );
    // A posting of the company whose apply URL is on the poster's domain no longer counts.
    const poster = 'hr@apply-host.example';
    await postAs(poster, {
      company: 'Website Rule Corp',
      url: `https://apply-host.example/jobs/${Date.now()}`,
    });
    const colleague = 'lead@websiterule.example';
    await postAs(colleague, { company: 'Another Company Entirely' });

    await employerPatch('website-rule-corp', await sessionOf(poster), {
      description: 'x',
    }).expect(403);
    const colleagueSession = await sessionOf(colleague);
    await employerPatch('website-rule-corp', colleagueSession, {
      description: 'Edited by a colleague',
    }).expect(200);
    // The suffix of a domain is not its parent: notwebsiterule.example is another domain.
    const lookalike = 'x@notwebsiterule.example';
    await postAs(lookalike, { company: 'Lookalike Company' });
    await employerPatch('website-rule-corp', await sessionOf(lookalike), {
      description: 'x',
    }).expect(403);
  });
});
