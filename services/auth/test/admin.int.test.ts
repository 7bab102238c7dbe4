import { ERROR_MESSAGES, MESSAGES } from '@b2g/contracts';
import { ADMIN_COOKIE_NAME, TokenVerifier, readCookie } from '@b2g/service-kit';
import type { Express } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, authForFile, waitFor } from './support.js';

const auth = authForFile();

const adminLogin = (app: Express, password: unknown) =>
  request(app).post('/api/admin/login').send({ password });
const status = (app: Express, cookie?: string) => {
  const call = request(app).get('/api/admin/status');
  return cookie ? call.set('Cookie', cookie) : call;
};
/** The `name=value` part of the admin Set-Cookie header. */
const adminCookieOf = (setCookie: string[] | string | undefined) =>
  [setCookie ?? []].flat().find((cookie) => cookie.startsWith(`${ADMIN_COOKIE_NAME}=`));

describe('GET /api/admin/status', () => {
  it('when no admin cookie is sent, then it reports not admin and that a password is configured', async () => {
    const res = await status(auth.app);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ isAdmin: false, hasAdminPassword: true });
  });

  it('when ADMIN_PASSWORD is unset, then hasAdminPassword is false', async () => {
    const res = await status(auth.anotherApp({ ADMIN_PASSWORD: '' }));
    expect(res.body).toEqual({ isAdmin: false, hasAdminPassword: false });
  });

  it('when the cookie is forged, then not admin', async () => {
    const res = await status(auth.app, `${ADMIN_COOKIE_NAME}=not-a-token`);
    expect(res.body.isAdmin).toBe(false);
  });
});

describe('POST /api/admin/logout', () => {
  it('when the admin logs out, then the token is revoked server side: a copied cookie stops working and session.revoked names it', async () => {
    const cookie =
      adminCookieOf((await adminLogin(auth.app, ADMIN_PASSWORD)).headers['set-cookie'])?.split(
        ';',
      )[0] ?? '';
    expect((await status(auth.app, cookie)).body.isAdmin).toBe(true);
    await request(auth.app).post('/api/admin/logout').set('Cookie', cookie).expect(200);

    expect((await status(auth.app, cookie)).body.isAdmin).toBe(false);
    const jti = (
      JSON.parse(
        Buffer.from(
          (readCookie(cookie, ADMIN_COOKIE_NAME) ?? '').split('.')[1] ?? '',
          'base64url',
        ).toString(),
      ) as { jti: string }
    ).jti;
    const revoked = await waitFor(
      () =>
        auth.events.find(
          (event) => event.type === 'session.revoked' && JSON.stringify(event.data).includes(jti),
        ),
      { what: 'session.revoked for the admin sign-in' },
    );
    expect(revoked).toBeDefined();
    const internal = await request(auth.app).get('/internal/revoked-sessions');
    expect(internal.body.sessions.map((s: { id: string }) => s.id)).toContain(jti);
  });

  it('when a sign-out comes from another site, then 403 and the sign-in stays', async () => {
    const cookie =
      adminCookieOf((await adminLogin(auth.app, ADMIN_PASSWORD)).headers['set-cookie'])?.split(
        ';',
      )[0] ?? '';
    const res = await request(auth.app)
      .post('/api/admin/logout')
      .set('Cookie', cookie)
      .set('Sec-Fetch-Site', 'cross-site');
    expect(res.status).toBe(403);
    expect((await status(auth.app, cookie)).body.isAdmin).toBe(true);
  });
});

describe('POST /api/admin/login', () => {
  it('when the password is right, then an httpOnly strict cookie on /api holds an admin token other services accept', async () => {
    const res = await adminLogin(auth.app, ADMIN_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const setCookie = adminCookieOf(res.headers['set-cookie']);
    expect(setCookie).toBeDefined();
    expect(setCookie).toMatch(/; Path=\/api/);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Strict/);
    expect(setCookie).not.toMatch(/; Secure/);

    const cookie = setCookie?.split(';')[0] ?? '';
    expect((await status(auth.app, cookie)).body).toEqual({
      isAdmin: true,
      hasAdminPassword: true,
    });
    const token = readCookie(cookie, ADMIN_COOKIE_NAME) ?? '';
    await expect(
      new TokenVerifier({ keys: auth.issuer.jwks().keys }).verifyAdmin(token),
    ).resolves.toEqual(expect.any(String));
  });

  it('when running in production, then the cookie is also Secure', async () => {
    const res = await adminLogin(
      auth.anotherApp({
        NODE_ENV: 'production',
        AUTH_PRIVATE_KEY_FILE: '/unused/in/this/test.pem',
        ARGON2_MEMORY_KIB: undefined,
        ARGON2_TIME_COST: undefined,
      }),
      ADMIN_PASSWORD,
    );
    expect(adminCookieOf(res.headers['set-cookie'])).toMatch(/; Secure/);
  });

  it('when the admin token has expired, then status says not admin (clock moved past 2 hours)', async () => {
    const res = await adminLogin(auth.app, ADMIN_PASSWORD);
    const cookie = adminCookieOf(res.headers['set-cookie'])?.split(';')[0] ?? '';
    auth.clock.advance(auth.config.ADMIN_SESSION_TTL_MS + 1000);
    expect((await status(auth.app, cookie)).body.isAdmin).toBe(false);
  });

  it('when the password is wrong, then 401 Invalid admin password and no cookie', async () => {
    const res = await adminLogin(auth.app, 'guess');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      error: { code: 'UNAUTHORIZED', message: ERROR_MESSAGES.adminPasswordInvalid },
    });
    expect(adminCookieOf(res.headers['set-cookie'])).toBeUndefined();
  });

  it('when the password is missing, then 400 Password is required', async () => {
    const res = await adminLogin(auth.app, '');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(MESSAGES.passwordRequired);
  });

  it('when ADMIN_PASSWORD is unset, then 503 names the variable', async () => {
    const res = await adminLogin(auth.anotherApp({ ADMIN_PASSWORD: undefined }), 'anything');
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(res.body.error.message).toBe(ERROR_MESSAGES.adminNotConfigured);
    expect(res.body.error.message).toContain('ADMIN_PASSWORD');
  });

  it('when wrong passwords keep coming from one address, then 429 with Retry-After', async () => {
    const limited = auth.anotherApp({ ADMIN_LOGIN_RATE_LIMIT_PER_IP: '3' });
    // The budget is the database's, shared with this file's other tests: an address of its own.
    const from = (password: string) =>
      adminLogin(limited, password).set('X-Forwarded-For', '192.0.2.70');
    for (let i = 0; i < 3; i += 1) expect((await from('guess')).status).toBe(401);
    const res = await from(ADMIN_PASSWORD);
    expect(res.status).toBe(429);
    expect(res.body.error).toEqual({ code: 'RATE_LIMITED', message: ERROR_MESSAGES.rateLimited });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('POST /api/admin/logout', () => {
  it('when the admin logs out, then the cookie is cleared on the same path', async () => {
    const res = await request(auth.app).post('/api/admin/logout');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const cleared = adminCookieOf(res.headers['set-cookie']);
    expect(cleared).toMatch(new RegExp(`^${ADMIN_COOKIE_NAME}=;`));
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(cleared).toMatch(/; Path=\/api/);
  });
});
