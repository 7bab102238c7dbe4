import { MESSAGES } from '@b2g/contracts';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { adminPost, createAdminJob, instanceForFile, newWorld, tokens } from './support.js';

const world = newWorld();
const jobs = instanceForFile(world);

const cookie = () => tokens.adminCookie();
const post = (body: object) =>
  request(jobs.app).post('/api/admin/jobs').set('Cookie', cookie()).send(body);
const put = (id: string, body: object) =>
  request(jobs.app).put(`/api/admin/jobs/${id}`).set('Cookie', cookie()).send(body);

/** The body of an admin form without its URL. */
function withoutUrl(body = adminPost()) {
  const { url: _url, ...rest } = body;
  return rest;
}

describe('admin job URL (spec §5: "url a valid URL")', () => {
  it.each([
    ['blank', { url: '' }],
    ['only spaces', { url: '   ' }],
    ['null', { url: null }],
    ['missing', {}],
  ])(
    'when a job is created with the URL %s, then 400 "Must be a valid URL" and nothing is saved',
    async (_case, url) => {
      const title = `No link ${Math.random()}`;
      const res = await post({ ...withoutUrl(adminPost({ title })), ...url });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('Must be a valid URL');
      expect(res.body.error.details).toEqual([
        expect.objectContaining({ path: 'url', message: MESSAGES.urlInvalid }),
      ]);
      expect(await jobs.models.Job.countDocuments({ title })).toBe(0);
    },
  );

  it('when a job is updated with the URL blank or missing, then 400 "Must be a valid URL" and it keeps its URL', async () => {
    const job = await createAdminJob(jobs);
    for (const body of [{ ...withoutUrl(), url: '' }, withoutUrl()]) {
      const res = await put(job.id, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(MESSAGES.urlInvalid);
    }
    const stored = await jobs.models.Job.findById(job.id).lean<{ url: string }>();
    expect(stored?.url).toBe(job.url);
  });

  it('when a job saved without a URL is edited, then a URL must be given, and it is kept once given', async () => {
    const job = await createAdminJob(jobs);
    await jobs.models.Job.collection.updateOne({ _id: job.id } as never, { $set: { url: null } });

    const refused = await put(job.id, withoutUrl());
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(MESSAGES.urlInvalid);

    const url = `https://careers.clearsky.example/jobs/legacy-${job.id}`;
    const saved = await put(job.id, { ...withoutUrl(), url });
    expect(saved.status).toBe(200);
    expect(saved.body.url).toBe(url);
  });
});
