import { EMPLOYER_MESSAGES, employerJobListResponseSchema, type Job } from '@b2g/contracts';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { employerInstanceForFile } from './employer-world.js';
import { publicPost, tokens } from './support.js';

const { instance, sessionOf, postAs, newAddress } = employerInstanceForFile();

/** A signed-in account's bearer header; `email` as the account registered it (never verified). */
const accountWith = (email: string) => tokens.bearer({ ...tokens.newUser(), email });

async function postSignedIn(bearer: string, overrides: Parameters<typeof publicPost>[0] = {}) {
  const res = await request(instance().app)
    .post('/api/jobs')
    .set('Authorization', bearer)
    .send(publicPost(overrides))
    .expect(201);
  return res.body as Job;
}

const listedIds = async (headers: Record<string, string>) => {
  const res = await request(instance().app).get('/api/employer/jobs').set(headers).expect(200);
  return employerJobListResponseSchema.parse(res.body).map((item) => item.id);
};

describe('postings of a signed-in account', () => {
  it('when a signed-in user posts, then the account lists it; another account does not, even one registered with the same e-mail', async () => {
    const email = newAddress();
    const owner = accountWith(email);
    const job = await postSignedIn(owner, { title: 'Capture Manager Echidna' });
    expect(job).not.toHaveProperty('posterAccountId');

    expect(await listedIds({ Authorization: owner })).toEqual([job.id]);
    expect(await listedIds({ Authorization: accountWith(newAddress()) })).toEqual([]);
    expect(await listedIds({ Authorization: accountWith(email) })).toEqual([]);
  });

  it("when another account acts on the account's job, then 404 and the job is unchanged", async () => {
    const owner = accountWith(newAddress());
    const job = await postSignedIn(owner, { title: 'Pricing Analyst Platypus' });
    const other = accountWith(newAddress());

    for (const call of [
      request(instance().app).patch(`/api/employer/jobs/${job.id}`).send(publicPost()),
      request(instance().app)
        .post(`/api/employer/jobs/${job.id}/close`)
        .send({ outcome: 'not_hiring' }),
      request(instance().app)
        .post(`/api/employer/jobs/${job.id}/extend`)
        .send({ closingDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10) }),
      request(instance().app).post(`/api/employer/jobs/${job.id}/relist`),
    ])
      expect((await call.set('Authorization', other)).status).toBe(404);

    const read = await request(instance().app).get(`/api/jobs/${job.id}`).expect(200);
    expect(read.body.title).toBe('Pricing Analyst Platypus');
  });

  it('when the account edits, closes and relists its job, then each works and the relisted job stays its own', async () => {
    const owner = accountWith(newAddress());
    const job = await postSignedIn(owner, { title: 'Bid Manager Wallaby' });

    const edited = await request(instance().app)
      .patch(`/api/employer/jobs/${job.id}`)
      .set('Authorization', owner)
      .send(publicPost({ title: 'Bid Manager Kookaburra' }))
      .expect(200);
    expect(edited.body).toMatchObject({ id: job.id, title: 'Bid Manager Kookaburra' });
    await request(instance().app)
      .post(`/api/employer/jobs/${job.id}/close`)
      .set('Authorization', owner)
      .send({ outcome: 'filled_elsewhere' })
      .expect(200);
    const relisted = await request(instance().app)
      .post(`/api/employer/jobs/${job.id}/relist`)
      .set('Authorization', owner)
      .expect(201);

    expect(await listedIds({ Authorization: owner })).toEqual([relisted.body.id, job.id]);
  });

  it("when the account's e-mail is verified by a link, then the session lists its posts and a request with both lists the union", async () => {
    const email = newAddress().toLowerCase();
    const owner = accountWith(email);
    const signedIn = await postSignedIn(owner, { title: 'Program Manager Dingo' });
    const byAddress = await postAs(email, { title: 'Program Manager Cassowary' });
    const session = await sessionOf(email);

    expect((await listedIds({ Cookie: session })).sort()).toEqual(
      [signedIn.id, byAddress.id].sort(),
    );
    expect(await listedIds({ Authorization: owner })).toEqual([signedIn.id]);
    const both = await listedIds({ Authorization: owner, Cookie: session });
    expect(both.sort()).toEqual([signedIn.id, byAddress.id].sort());
    await request(instance().app)
      .post(`/api/employer/jobs/${byAddress.id}/close`)
      .set('Authorization', accountWith(newAddress()))
      .set('Cookie', session)
      .send({ outcome: 'not_hiring' })
      .expect(200);
  });

  it('when the bearer does not verify, then 401 even beside a session; with neither, the sign-in message', async () => {
    const email = newAddress().toLowerCase();
    await postAs(email);
    const session = await sessionOf(email);

    for (const headers of [
      { Authorization: 'Bearer x.y.z' },
      { Authorization: 'Bearer x.y.z', Cookie: session },
      { Authorization: `Bearer ${tokens.issuer.signAdmin(60_000).token}` },
    ])
      await request(instance().app).get('/api/employer/jobs').set(headers).expect(401);

    const none = await request(instance().app).get('/api/employer/jobs').expect(401);
    expect(none.body.error.message).toBe(EMPLOYER_MESSAGES.signInRequired);
  });

  it('when a bearer call comes from another site, then it is refused', async () => {
    const owner = accountWith(newAddress());
    const job = await postSignedIn(owner);
    const res = await request(instance().app)
      .post(`/api/employer/jobs/${job.id}/close`)
      .set('Authorization', owner)
      .set('Sec-Fetch-Site', 'cross-site')
      .set('Origin', 'https://evil.example')
      .send({ outcome: 'not_hiring' });
    expect(res.status).toBe(403);
    await request(instance().app).get(`/api/jobs/${job.id}`).expect(200);
  });
});
