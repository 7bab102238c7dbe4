import {
  COMPANY_LOGO_MAX_BYTES,
  COMPANY_LOGO_SIZE,
  COMPANY_MESSAGES,
  companyLookupResponseSchema,
  companyPageResponseSchema,
  companySchema,
} from '@b2g/contracts';
import sharp from 'sharp';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { employerInstanceForFile } from './employer-world.js';
import { adminPost, refreshSearch, tokens } from './support.js';

const { world, instance, sessionOf, postAs } = employerInstanceForFile();
const SLUG = 'logo-test-aerospace';
const LOGO_URL = new RegExp(`^/api/companies/${SLUG}/logo/([0-9a-f]{64})\\.webp$`);

const adminCookie = () => tokens.adminCookie();
const upload = (body: Buffer | string, type: string, path = `/api/admin/companies/${SLUG}/logo`) =>
  request(instance().app)
    .put(path)
    .set('Cookie', adminCookie())
    .set('Content-Type', type)
    .send(body);

/** A test image: a red rectangle with a blue square, in `format`. */
function image(width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif') {
  const square = Math.min(width, height, 20);
  const drawn = sharp({ create: { width, height, channels: 4, background: '#c00' } })
    .composite([
      { input: { create: { width: square, height: square, channels: 4, background: '#00c' } } },
    ])
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-exif-note' } } });
  return drawn.toFormat(format).toBuffer();
}

/** Uploads, checks the answer and the served file, and returns the served bytes and URL. */
async function uploadGood(body: Buffer, type: string) {
  const res = await upload(body, type).expect(200);
  const company = companySchema.parse(res.body);
  expect(company.logoUrl).toMatch(LOGO_URL);
  const served = await request(instance().app)
    .get(company.logoUrl as string)
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    })
    .expect(200);
  expect(served.headers['content-type']).toBe('image/webp');
  expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(served.headers['x-content-type-options']).toBe('nosniff');
  const bytes = served.body as Buffer;
  const meta = await sharp(bytes).metadata();
  expect(meta.format).toBe('webp');
  expect(meta.width).toBe(meta.height);
  expect(meta.width).toBeLessThanOrEqual(COMPANY_LOGO_SIZE);
  expect(meta.exif).toBeUndefined();
  expect(bytes.includes(Buffer.from('secret-exif-note'))).toBe(false);
  return { url: company.logoUrl as string, bytes, width: meta.width };
}

beforeAll(async () => {
  await request(instance().app)
    .post('/api/admin/jobs')
    .set('Cookie', adminCookie())
    .send(adminPost({ company: 'Logo Test Aerospace' }))
    .expect(201);
  await refreshSearch(world);
});

describe('PUT /api/admin/companies/:slug/logo', () => {
  it('when a good PNG, JPEG or WebP is uploaded, then a square WebP of at most 256 px is served under a new hash URL', async () => {
    const png = await uploadGood(await image(600, 300, 'png'), 'image/png');
    expect(png.width).toBe(COMPANY_LOGO_SIZE);
    const jpeg = await uploadGood(await image(120, 80, 'jpeg'), 'image/jpeg');
    expect(jpeg.width).toBe(120);
    const webp = await uploadGood(await image(300, 900, 'webp'), 'image/webp');
    expect(new Set([png.url, jpeg.url, webp.url]).size).toBe(3);

    const body = companyPageResponseSchema.parse(
      (await request(instance().app).get(`/api/companies/${SLUG}`).expect(200)).body,
    );
    expect(body.company.logoUrl).toBe(webp.url);
    expect(body.head.jsonLd).toMatchObject({ logo: `https://board.example${webp.url}` });
    // Only the current logo is served; another hash or a malformed name is a 404.
    await request(instance().app).get(png.url).expect(404);
    await request(instance().app)
      .get(`/api/companies/${SLUG}/logo/${'0'.repeat(64)}.webp`)
      .expect(404);
    await request(instance().app).get(`/api/companies/${SLUG}/logo/abc.webp`).expect(404);
  });

  it('when the body is over 2 MB, then 413 with the logo message', async () => {
    const res = await upload(Buffer.alloc(COMPANY_LOGO_MAX_BYTES + 1, 1), 'image/png').expect(413);
    expect(res.body.error.message).toBe(COMPANY_MESSAGES.logoTooLarge);
  });

  it('when the body is text, a GIF or an SVG, then 415 with the type message', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    for (const [body, type] of [
      ['just some text', 'text/plain'],
      ['just some text', 'image/png'],
      [await image(20, 20, 'gif'), 'image/gif'],
      [await image(20, 20, 'gif'), 'image/png'],
      [svg, 'image/svg+xml'],
      [svg, 'image/png'],
      [await image(20, 20, 'png'), 'text/html'],
    ] as const) {
      const res = await upload(Buffer.from(body), type).expect(415);
      expect(res.body.error.message).toBe(COMPANY_MESSAGES.logoType);
    }
  });

  it('when a PNG carries a script after its IEND chunk, or an image is cut short, then 400 and the logo is unchanged', async () => {
    const before = companySchema.parse(
      (await request(instance().app).get(`/api/companies/${SLUG}`).expect(200)).body.company,
    );
    const png = await image(40, 40, 'png');
    const polyglot = Buffer.concat([png, Buffer.from('<script>alert(document.cookie)</script>')]);
    const res = await upload(polyglot, 'image/png').expect(400);
    expect(res.body.error.message).toBe(COMPANY_MESSAGES.logoUnreadable);
    await upload(png.subarray(0, png.length - 30), 'image/png').expect(400);
    const jpeg = await image(40, 40, 'jpeg');
    await upload(jpeg.subarray(0, 200), 'image/jpeg').expect(400);
    const after = (await request(instance().app).get(`/api/companies/${SLUG}`).expect(200)).body;
    expect(after.company.logoUrl).toBe(before.logoUrl);
  });

  it('when the caller is not the admin, or the company is unknown, then 401 or 404', async () => {
    const png = await image(40, 40, 'png');
    await request(instance().app)
      .put(`/api/admin/companies/${SLUG}/logo`)
      .set('Content-Type', 'image/png')
      .send(png)
      .expect(401);
    await upload(png, 'image/png', '/api/admin/companies/no-such-company-here/logo').expect(404);
  });
});

describe('PUT /api/employer/companies/:slug/logo', () => {
  it("when the employer's domain is the company's, then the upload is taken; another domain gets 403, no session 401", async () => {
    const owner = 'brand@logoowner.example';
    await postAs(owner, {
      company: 'Logo Owner Federal',
      url: `https://careers.logoowner.example/jobs/${Date.now()}`,
    });
    const outsider = 'brand@otherlogo.example';
    await postAs(outsider, { company: 'Logo Owner Federal' });
    await refreshSearch(world);
    const path = '/api/employer/companies/logo-owner-federal/logo';
    const png = await image(64, 64, 'png');

    const refused = await request(instance().app)
      .put(path)
      .set('Cookie', await sessionOf(outsider))
      .set('Content-Type', 'image/png')
      .send(png)
      .expect(403);
    expect(refused.body.error.message).toBe(COMPANY_MESSAGES.notAllowed);
    await request(instance().app).put(path).set('Content-Type', 'image/png').send(png).expect(401);

    const res = await request(instance().app)
      .put(path)
      .set('Cookie', await sessionOf(owner))
      .set('Content-Type', 'image/png')
      .send(png)
      .expect(200);
    expect(res.body.logoUrl).toMatch(
      /^\/api\/companies\/logo-owner-federal\/logo\/[0-9a-f]{64}\.webp$/,
    );
    await request(instance().app).get(res.body.logoUrl).expect(200);
  });
});

describe('GET /api/companies?slugs=', () => {
  it('when a page of job cards asks for its companies, then the stored ones come with their logos and the others are left out', async () => {
    const { url } = await uploadGood(await image(64, 64, 'png'), 'image/png');
    const res = await request(instance().app)
      .get(`/api/companies?slugs=${SLUG},no-such-company-here,${SLUG}`)
      .expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const companies = companyLookupResponseSchema.parse(res.body);
    expect(companies).toEqual([expect.objectContaining({ slug: SLUG, logoUrl: url })]);
    const none = await request(instance().app).get('/api/companies?slugs=').expect(200);
    expect(none.body).toEqual([]);
  });

  it('when a slug is malformed or there are too many, then 400', async () => {
    await request(instance().app).get('/api/companies?slugs=Not_A_Slug').expect(400);
    const many = Array.from({ length: 51 }, (_, n) => `company-${n}`).join(',');
    await request(instance().app).get(`/api/companies?slugs=${many}`).expect(400);
    await request(instance().app).get('/api/companies').expect(400);
  });
});
