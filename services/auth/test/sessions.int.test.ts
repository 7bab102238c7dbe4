import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { ERROR_MESSAGES, SESSION_TTL_MS, eventDataSchemas } from '@b2g/contracts';
import { EventBus, HandlerRegistry, createEvent } from '@b2g/event-bus';
import { testAmqpUrl, uniqueName } from '@b2g/infra/test-env';
import {
  TokenIssuer,
  TokenVerifier,
  authTokenVerifier,
  generateSigningKey,
} from '@b2g/service-kit';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  claimsOf,
  eventsOf,
  login,
  register,
  startAuth,
  waitFor,
  type TestAuth,
} from './support.js';

const silent = pino({ level: 'silent' });
let auth: TestAuth;
let server: Server;
let baseUrl: string;
/** Another service's instance: verifies with the JWKS, learns revocations per instance. */
let otherService: { bus: EventBus; verifier: TokenVerifier };

/** A started bus of a service named after `service` on the exchange of the auth under test. */
async function busOnAuthExchange(service: string): Promise<EventBus> {
  const bus = new EventBus({
    url: testAmqpUrl(),
    service: uniqueName(service),
    exchange: auth.exchange,
    logger: silent,
  });
  await bus.start();
  return bus;
}

beforeAll(async () => {
  auth = await startAuth();
  server = auth.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const verifier = authTokenVerifier(baseUrl);
  const bus = await busOnAuthExchange('jobs');
  await bus.subscribe(
    'instance',
    new HandlerRegistry().on('session.revoked', async (event) => {
      verifier.revocations.add(event.data.sessionIds, event.data.expiresAt);
    }),
  );
  otherService = { bus, verifier };
});
afterAll(async () => {
  await otherService?.bus.close();
  await new Promise((resolve) => server?.close(resolve));
  await auth?.close();
});

const verify = (token?: string) => {
  const call = request(auth.app).get('/api/auth/verify');
  return token ? call.set(bearer(token)) : call;
};

describe('GET /api/auth/verify', () => {
  it('when the token and its session are live, then it answers success and the user', async () => {
    const { token, user } = await register(auth.app);
    const res = await verify(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, user });
  });

  it('when there is no token, a malformed one or one signed by another key, then 401 success false', async () => {
    const { user } = await register(auth.app);
    const stranger = new TokenIssuer(generateSigningKey()).signUser(
      { id: user.id, sessionId: 'made-up', username: user.username },
      60_000,
    ).token;
    for (const res of [await verify(), await verify('not.a.token'), await verify(stranger)]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false });
    }
  });

  it('when the token has expired, then it is refused (clock moved past one day)', async () => {
    const { form } = await register(auth.app);
    const { body } = await login(auth.app, form.username);
    expect((await verify(body.token)).status).toBe(200);
    auth.clock.advance(SESSION_TTL_MS + 1000);
    expect((await verify(body.token)).status).toBe(401);
    const me = await request(auth.app).get('/api/auth/me').set(bearer(body.token));
    expect(me.status).toBe(401);
  });
});

describe('GET /api/auth/.well-known/jwks.json', () => {
  it('when another service verifies a token with the published keys, then it gets the principal', async () => {
    const { token, user } = await register(auth.app);
    const res = await request(auth.app).get('/api/auth/.well-known/jwks.json');
    expect(res.status).toBe(200);
    expect(res.body.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(res.body.keys[0].d).toBeUndefined();
    const principal = await new TokenVerifier({ keys: res.body.keys }).verifyUser(token);
    expect(principal).toMatchObject({
      id: user.id,
      username: user.username,
      sessionId: claimsOf(token).sid,
    });
  });
});

describe('POST /api/auth/logout', () => {
  it('when signed in, then 200, the session is revoked and auth refuses the token', async () => {
    const { token } = await register(auth.app);
    const res = await request(auth.app).post('/api/auth/logout').set(bearer(token));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const session = await auth.models.Session.findById(claimsOf(token).sid).lean();
    expect(session?.revokedAt).toBeInstanceOf(Date);
    expect(await verify(token).then((r) => r.status)).toBe(401);
    const me = await request(auth.app).get('/api/auth/me').set(bearer(token));
    expect(me.body.error.message).toBe(ERROR_MESSAGES.sessionInvalid);
  });

  it('when there is no token or a bad one, then still 200 success', async () => {
    for (const res of [
      await request(auth.app).post('/api/auth/logout'),
      await request(auth.app).post('/api/auth/logout').set(bearer('garbage')),
    ]) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
    }
  });

  it('when logged out, then session.revoked reaches another service whose verifier refuses the token at once', async () => {
    const { token, user } = await register(auth.app);
    const { sid } = claimsOf(token);
    await expect(otherService.verifier.verifyUser(token)).resolves.toMatchObject({ id: user.id });

    await request(auth.app).post('/api/auth/logout').set(bearer(token)).expect(200);

    const event = await waitFor(
      () => eventsOf(auth.events, 'session.revoked').find((e) => e.data.sessionIds.includes(sid)),
      { what: 'session.revoked' },
    );
    expect(eventDataSchemas['session.revoked'].parse(event.data)).toEqual({
      userId: user.id,
      sessionIds: [sid],
      reason: 'logout',
      expiresAt: new Date(claimsOf(token).exp * 1000).toISOString(),
    });
    await waitFor(
      () =>
        otherService.verifier.verifyUser(token).then(
          () => false,
          () => true,
        ),
      {
        what: 'the other service to refuse the token',
      },
    );
  });

  it('when logged out twice, then only one session.revoked is published', async () => {
    const { token } = await register(auth.app);
    const { sid } = claimsOf(token);
    await request(auth.app).post('/api/auth/logout').set(bearer(token)).expect(200);
    await request(auth.app).post('/api/auth/logout').set(bearer(token)).expect(200);
    await waitFor(() =>
      eventsOf(auth.events, 'session.revoked').some((e) => e.data.sessionIds.includes(sid)),
    );
    // Everything recorded in the session's outbox has been published by now.
    await waitFor(async () => {
      const doc = await auth.models.Session.findById(sid)
        .select('+_outbox')
        .lean<{ _outbox?: unknown[] }>();
      return (doc?._outbox ?? []).length === 0;
    });
    expect(
      eventsOf(auth.events, 'session.revoked').filter((e) => e.data.sessionIds.includes(sid)),
    ).toHaveLength(1);
  });
});

describe('GET /internal/revoked-sessions', () => {
  it('when a service starts after a logout, then the list lets it refuse the token from the start', async () => {
    const { token } = await register(auth.app);
    const { sid, exp } = claimsOf(token);
    await request(auth.app).post('/api/auth/logout').set(bearer(token)).expect(200);

    const res = await fetch(`${baseUrl}/internal/revoked-sessions`);
    const body = (await res.json()) as { sessions: Array<{ id: string; expiresAt: string }> };
    expect(body.sessions).toContainEqual({
      id: sid,
      expiresAt: new Date(exp * 1000).toISOString(),
    });

    const keys = (await request(auth.app).get('/api/auth/.well-known/jwks.json')).body.keys;
    const fresh = new TokenVerifier({ keys });
    for (const session of body.sessions) fresh.revocations.add([session.id], session.expiresAt);
    await expect(fresh.verifyUser(token)).rejects.toMatchObject({ status: 401 });
  });

  it('when a revoked session has expired, then it is no longer listed', async () => {
    const { token } = await register(auth.app);
    await request(auth.app).post('/api/auth/logout').set(bearer(token)).expect(200);
    auth.clock.advance(SESSION_TTL_MS + 1000);
    const res = await request(auth.app).get('/internal/revoked-sessions');
    expect(res.body.sessions.map((s: { id: string }) => s.id)).not.toContain(claimsOf(token).sid);
  });
});

describe('auth consuming its own session.revoked', () => {
  it('when a session.revoked event names a session still live in the database, then it gets revoked', async () => {
    const publisher = await busOnAuthExchange('auth');
    try {
      const { token, user } = await register(auth.app);
      const { sid, exp } = claimsOf(token);
      // As if the process stopped after recording the event and before marking the session.
      await publisher.publish(
        createEvent(
          'session.revoked',
          {
            userId: user.id,
            sessionIds: [sid],
            reason: 'password_reset',
            expiresAt: new Date(exp * 1000).toISOString(),
          },
          { source: 'auth' },
        ),
      );
      await waitFor(async () => (await verify(token)).status === 401, {
        what: 'the session to be revoked',
      });
    } finally {
      await publisher.close();
    }
  });
});

describe('housekeeping', () => {
  it('when sessions and reset tokens have expired, then purging removes them and keeps live ones', async () => {
    const { token: expiring } = await register(auth.app);
    auth.clock.advance(SESSION_TTL_MS + 1000);
    const { token: live } = await register(auth.app);
    const removed = await auth.instance.purgeExpired(new Date(auth.clock.now()));
    expect(removed.sessions).toBeGreaterThanOrEqual(1);
    expect(await auth.models.Session.findById(claimsOf(expiring).sid).lean()).toBeNull();
    expect(await auth.models.Session.findById(claimsOf(live).sid).lean()).not.toBeNull();
  });
});
