import { ADMIN_SESSION_USER_ID } from '@b2g/contracts';
import { createEvent } from '@b2g/event-bus';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { adminPost, listAdminJobs, UNKNOWN_ID } from './support.js';
import { eventually, instanceForFile, newWorld, publisher, tokens } from './world.js';

/** Who may call the admin API: an admin sign-in that auth has not revoked, from the same site. */
const world = newWorld();
const jobs = instanceForFile(world);

const cookie = () => tokens.adminCookie();
const adminList = (query: Record<string, string> = {}) => listAdminJobs(jobs, query);

describe('admin sign-in', () => {
  it('when there is no admin cookie, then every admin call is 401', async () => {
    const calls = [
      request(jobs.app).get('/api/admin/jobs'),
      request(jobs.app).post('/api/admin/jobs').send(adminPost()),
      request(jobs.app).put(`/api/admin/jobs/${UNKNOWN_ID}`).send(adminPost()),
      request(jobs.app).delete(`/api/admin/jobs/${UNKNOWN_ID}`),
      request(jobs.app).delete(`/api/admin/jobs/${UNKNOWN_ID}?force=true`),
      request(jobs.app).put(`/api/admin/jobs/${UNKNOWN_ID}/undelete`),
    ];
    for (const call of calls) {
      const res = await call;
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('UNAUTHORIZED');
    }
  });

  it('when the cookie is forged or holds a user token, then 401', async () => {
    const user = tokens.bearer(tokens.newUser()).slice('Bearer '.length);
    for (const value of ['b2g_admin=not-a-token', `b2g_admin=${user}`]) {
      const res = await request(jobs.app).get('/api/admin/jobs').set('Cookie', value);
      expect(res.status).toBe(401);
    }
    const bearer = await request(jobs.app)
      .get('/api/admin/jobs')
      .set('Authorization', tokens.bearer(tokens.newUser()));
    expect(bearer.status).toBe(401);
  });
});

describe('admin sign-out and cross-site calls', () => {
  it('when auth revokes an admin sign-in (logout), then its copied cookie stops working at once', async () => {
    const copied = cookie();
    await request(jobs.app).get('/api/admin/jobs').set('Cookie', copied).expect(200);
    const payload = (copied.split('=')[1] ?? '').split('.')[1] ?? '';
    const { jti, exp } = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
      jti: string;
      exp: number;
    };
    const auth = await publisher(world);
    try {
      await auth.publish(
        createEvent(
          'session.revoked',
          {
            userId: ADMIN_SESSION_USER_ID,
            sessionIds: [jti],
            reason: 'logout',
            expiresAt: new Date(exp * 1000).toISOString(),
          },
          { source: 'auth' },
        ),
      );
    } finally {
      await auth.close();
    }
    await eventually(async () => {
      const res = await request(jobs.app).get('/api/admin/jobs').set('Cookie', copied);
      expect(res.status).toBe(401);
    });
    await request(jobs.app).get('/api/admin/jobs').set('Cookie', cookie()).expect(200);
  });

  it('when a change comes from another site with the admin cookie, then 403 and nothing changes', async () => {
    const before = (await adminList({ include_deleted: 'true' })).body.length;
    for (const headers of [
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
      { Origin: 'https://evil.example' },
    ]) {
      const res = await request(jobs.app)
        .post('/api/admin/jobs')
        .set('Cookie', cookie())
        .set(headers)
        .send(adminPost());
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
    }
    expect((await adminList({ include_deleted: 'true' })).body.length).toBe(before);
    const sameOrigin = await request(jobs.app)
      .post('/api/admin/jobs')
      .set('Cookie', cookie())
      .set('Sec-Fetch-Site', 'same-origin')
      .set('Host', 'jobs.example')
      .set('Origin', 'http://jobs.example')
      .send(adminPost());
    expect(sameOrigin.status).toBe(201);
  });
});
