import { randomUUID } from 'node:crypto';
import { createTestTokens } from '@b2g/service-kit/testing';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { harnessForFile, waitFor } from './helpers.js';

const h = harnessForFile();

const ROUTES = [
  ['get', '/api/user/bookmarks'],
  ['post', '/api/user/bookmarks'],
  ['delete', '/api/user/bookmarks/6b092f31-9abc-4662-a991-7e790b912bd4'],
  ['get', '/api/user/applications'],
  ['post', '/api/user/applications'],
  ['patch', '/api/user/applications/some-id'],
  ['delete', '/api/user/applications/some-id'],
  ['get', '/api/user/stats'],
  ['get', '/api/user/activity'],
] as const;

describe('authentication', () => {
  it('when a call has no token, then every endpoint answers 401', async () => {
    for (const [method, path] of ROUTES) {
      const res = await request(h.app)[method](path).send({});
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.error.code).toBe('UNAUTHORIZED');
    }
  });

  it('when the token is malformed, signed by another key or expired, then 401', async () => {
    const stranger = createTestTokens();
    const user = h.tokens.newUser();

    for (const authorization of [
      'Bearer not-a-jwt',
      'Basic dXNlcjpwYXNz',
      stranger.bearer(user),
      `Bearer ${h.tokens.issuer.signUser(user, 1_000, Date.now() - 60_000).token}`,
    ]) {
      const res = await request(h.app)
        .get('/api/user/bookmarks')
        .set('Authorization', authorization);
      expect(res.status, authorization.slice(0, 20)).toBe(401);
    }
    await request(h.app)
      .get('/api/user/bookmarks')
      .set('Authorization', h.tokens.bearer(user))
      .expect(200);
  });

  it('when auth publishes session.revoked, then that session is refused at once and other sessions still work', async () => {
    const user = h.tokens.newUser();
    const otherSession = { ...user, sessionId: randomUUID() };
    const bearer = h.tokens.bearer(user);
    await request(h.app).get('/api/user/stats').set('Authorization', bearer).expect(200);

    await h.publish(
      'session.revoked',
      {
        userId: user.id,
        sessionIds: [user.sessionId],
        reason: 'logout',
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
      'auth',
    );

    await waitFor(
      async () =>
        (await request(h.app).get('/api/user/stats').set('Authorization', bearer)).status === 401,
      {
        what: 'the revoked session to be refused',
      },
    );
    await request(h.app)
      .get('/api/user/stats')
      .set('Authorization', h.tokens.bearer(otherSession))
      .expect(200);
  });

  it('when readiness is asked, then database and broker are reported up', async () => {
    const res = await request(h.app).get('/readyz').expect(200);
    expect(res.body.checks).toEqual({ mongodb: 'up', rabbitmq: 'up' });
  });
});
