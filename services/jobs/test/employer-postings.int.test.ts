import {
  EMPLOYER_MESSAGES,
  employerJobListResponseSchema,
  employerJobSchema,
  type Job,
} from '@b2g/contracts';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { HOUR_MS, employerInstanceForFile } from './employer-world.js';
import { listJobs, publicPost } from './support.js';

const { world, instance, sessionOf, postAs, newAddress } = employerInstanceForFile();

describe('employer postings', () => {
  it('when signed in, then only the own postings are listed and changed; another address gets 404, no session 401', async () => {
    const mine = newAddress().toLowerCase();
    const theirs = newAddress().toLowerCase();
    const job = await postAs(mine);
    const other = await postAs(theirs);
    await postAs(mine);
    const session = await sessionOf(mine);

    const listed = await request(instance().app)
      .get('/api/employer/jobs')
      .set('Cookie', session)
      .expect(200);
    const list = employerJobListResponseSchema.parse(listed.body);
    expect(list).toHaveLength(2);
    expect(list.map((item) => item.status)).toEqual(['live', 'live']);
    expect(list.map((item) => item.id)).toContain(job.id);
    expect(list.map((item) => item.id)).not.toContain(other.id);

    for (const call of [
      request(instance().app)
        .post(`/api/employer/jobs/${other.id}/close`)
        .send({ outcome: 'not_hiring' }),
      request(instance().app).post(`/api/employer/jobs/${other.id}/relist`),
      request(instance().app).patch(`/api/employer/jobs/${other.id}`).send(publicPost()),
    ])
      expect((await call.set('Cookie', session)).status).toBe(404);

    await request(instance().app).get('/api/employer/jobs').expect(401);
    await request(instance().app)
      .post(`/api/employer/jobs/${job.id}/close`)
      .send({ outcome: 'not_hiring' })
      .expect(401);
  });

  it('when the employer edits the title, then search finds the new title; the required fields stay required', async () => {
    const email = newAddress().toLowerCase();
    const job = await postAs(email, { title: 'Proposal Writer Wombat' });
    const session = await sessionOf(email);

    const empty = await request(instance().app)
      .patch(`/api/employer/jobs/${job.id}`)
      .set('Cookie', session)
      .send({ ...publicPost(), title: '' });
    expect(empty.status).toBe(400);

    const edited = await request(instance().app)
      .patch(`/api/employer/jobs/${job.id}`)
      .set('Cookie', session)
      .send(publicPost({ title: 'Capture Lead Numbat' }))
      .expect(200);
    expect(employerJobSchema.parse(edited.body)).toMatchObject({
      id: job.id,
      title: 'Capture Lead Numbat',
      status: 'live',
    });

    const found = await listJobs(instance(), world, { search: 'Numbat' });
    expect((found.body as Job[]).map((item) => item.id)).toEqual([job.id]);
  });

  it('when the employer closes a posting, then its page is gone, search drops it, and it is listed closed with the outcome', async () => {
    const email = newAddress().toLowerCase();
    const job = await postAs(email, { title: 'Contracts Manager Quokka' });
    const session = await sessionOf(email);

    const bad = await request(instance().app)
      .post(`/api/employer/jobs/${job.id}/close`)
      .set('Cookie', session)
      .send({ outcome: 'gone' });
    expect(bad.status).toBe(400);

    const closed = await request(instance().app)
      .post(`/api/employer/jobs/${job.id}/close`)
      .set('Cookie', session)
      .send({ outcome: 'filled_here' })
      .expect(200);
    expect(closed.body).toMatchObject({ status: 'closed', closedReason: 'filled_here' });

    const page = await request(instance().app).get(`/api/jobs/${job.id}/page`).expect(200);
    expect(page.body.status).toBe('gone');
    await request(instance().app).get(`/api/jobs/${job.id}`).expect(404);
    const found = await listJobs(instance(), world, { search: 'Quokka' });
    expect(found.body).toEqual([]);

    const again = await request(instance().app)
      .post(`/api/employer/jobs/${job.id}/close`)
      .set('Cookie', session)
      .send({ outcome: 'not_hiring' });
    expect(again.status).toBe(409);
  });

  it('when the employer extends, then only a later date at most a year ahead is taken', async () => {
    const email = newAddress().toLowerCase();
    const today = new Date().toISOString().slice(0, 10);
    const inDays = (days: number) =>
      new Date(Date.now() + days * 24 * HOUR_MS).toISOString().slice(0, 10);
    const job = await postAs(email, { closingDate: inDays(30) });
    const session = await sessionOf(email);
    const extend = (closingDate: string) =>
      request(instance().app)
        .post(`/api/employer/jobs/${job.id}/extend`)
        .set('Cookie', session)
        .send({ closingDate });

    const earlier = await extend(inDays(10));
    expect(earlier.status).toBe(400);
    expect(earlier.body.error.message).toBe(EMPLOYER_MESSAGES.closingDateNotLater);
    expect((await extend(inDays(30))).status).toBe(400);
    expect((await extend(today)).status).toBe(400);
    const tooFar = await extend(inDays(367));
    expect(tooFar.status).toBe(400);
    expect(tooFar.body.error.message).toBe(EMPLOYER_MESSAGES.closingDateTooFar);

    const later = await extend(inDays(90));
    expect(later.status).toBe(200);
    expect(later.body).toMatchObject({ closingDate: inDays(90), status: 'live' });
    const read = await request(instance().app).get(`/api/jobs/${job.id}`).expect(200);
    expect(read.body.closingDate).toBe(inDays(90));
  });

  it('when the employer relists a closed posting, then a new job with a new id, posted now; the old stays closed; a live one is refused', async () => {
    const email = newAddress().toLowerCase();
    const job = await postAs(email, { title: 'Grants Specialist Bilby' });
    const session = await sessionOf(email);
    const relist = (id: string) =>
      request(instance().app).post(`/api/employer/jobs/${id}/relist`).set('Cookie', session);

    expect((await relist(job.id)).status).toBe(409);
    await request(instance().app)
      .post(`/api/employer/jobs/${job.id}/close`)
      .set('Cookie', session)
      .send({ outcome: 'not_hiring' })
      .expect(200);

    const relisted = await relist(job.id).expect(201);
    const fresh = employerJobSchema.parse(relisted.body);
    expect(fresh.id).not.toBe(job.id);
    expect(fresh).toMatchObject({ title: 'Grants Specialist Bilby', status: 'live' });
    expect(Date.parse(fresh.postedAt)).toBeGreaterThan(Date.parse(job.postedAt));

    await request(instance().app).get(`/api/jobs/${job.id}`).expect(404);
    await request(instance().app).get(`/api/jobs/${fresh.id}`).expect(200);
    const found = await listJobs(instance(), world, { search: 'Bilby' });
    expect((found.body as Job[]).map((item) => item.id)).toEqual([fresh.id]);

    const list = await request(instance().app).get('/api/employer/jobs').set('Cookie', session);
    expect(
      (list.body as { id: string; status: string }[]).map((item) => [item.id, item.status]),
    ).toEqual([
      [fresh.id, 'live'],
      [job.id, 'closed'],
    ]);
  });
});
