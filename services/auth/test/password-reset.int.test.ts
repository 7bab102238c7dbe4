import { createHash } from 'node:crypto';
import { MESSAGES, RESET_TOKEN_TTL_MS, SUCCESS_MESSAGES, eventDataSchemas } from '@b2g/contracts';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  PUBLIC_BASE_URL,
  STRONG_PASSWORD,
  authForFile,
  bearer,
  claimsOf,
  eventsOf,
  login,
  mailsTo,
  register,
  resetLink,
  resetToken,
  waitFor,
} from './support.js';

const NEW_PASSWORD = 'N3w!Secret';
const auth = authForFile();

const forgot = (email: string) =>
  request(auth.app).post('/api/auth/forgot-password').send({ email });
const reset = (token: string | undefined, password = NEW_PASSWORD, confirmPassword = password) =>
  request(auth.app).post('/api/auth/reset-password').send({ token, password, confirmPassword });

/** A new user who asked for a password reset, with the token of the link mailed to them. */
const userAskingForReset = async () => {
  const { user } = await register(auth.app);
  await forgot(user.email);
  return { user, token: await resetToken(auth.mailDir, user.email) };
};

const invalidToken = {
  error: {
    code: 'VALIDATION_ERROR',
    message: MESSAGES.resetTokenMissing,
    details: [{ path: 'token', message: MESSAGES.resetTokenMissing }],
  },
};

describe('POST /api/auth/forgot-password', () => {
  it('when the address is registered, then the generic answer and an e-mail with a one-hour link to the public site', async () => {
    const { user } = await register(auth.app);
    const res = await forgot(user.email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: SUCCESS_MESSAGES.resetEmailSent });

    const link = await resetLink(auth.mailDir, user.email);
    expect(link.origin + link.pathname).toBe(`${PUBLIC_BASE_URL}/reset-password`);
    const token = link.searchParams.get('token') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [mail] = await mailsTo(auth.mailDir, user.email);
    expect(mail).toMatch(/expires in 1 hour/);

    const stored = await auth.models.ResetToken.find({ userId: user.id }).lean();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored[0]?.expiresAt.getTime()).toBe(
      stored[0]!.createdAt.getTime() + RESET_TOKEN_TTL_MS,
    );
  });

  it('when the address is unknown, then the same answer and no e-mail', async () => {
    const res = await forgot('nobody.here@example.com');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: SUCCESS_MESSAGES.resetEmailSent });
    await auth.settled();
    expect(await mailsTo(auth.mailDir, 'nobody.here@example.com')).toEqual([]);
  });

  it('when the address is not an e-mail, then 400 with the spec message', async () => {
    const res = await forgot('nope');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(MESSAGES.emailInvalid);
  });

  it('when the Host header names another site, then the link still points at the configured public address', async () => {
    const { user } = await register(auth.app);
    await request(auth.app)
      .post('/api/auth/forgot-password')
      .set('Host', 'evil.example')
      .set('X-Forwarded-Host', 'evil.example')
      .send({ email: user.email })
      .expect(200);
    expect((await resetLink(auth.mailDir, user.email)).origin).toBe(PUBLIC_BASE_URL);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('when the token is valid, then the password changes, every session ends and session.revoked is published', async () => {
    const { user, token: registeredToken } = await register(auth.app);
    const { body: other } = await login(auth.app, user.username);
    await forgot(user.email);
    const token = await resetToken(auth.mailDir, user.email);

    const res = await reset(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: SUCCESS_MESSAGES.passwordReset });

    for (const old of [registeredToken, other.token as string]) {
      expect((await request(auth.app).get('/api/auth/verify').set(bearer(old))).status).toBe(401);
    }
    expect((await login(auth.app, user.username, STRONG_PASSWORD)).status).toBe(401);
    expect((await login(auth.app, user.username, NEW_PASSWORD)).status).toBe(200);

    const revoked = [claimsOf(registeredToken).sid, claimsOf(other.token).sid].sort();
    const event = await waitFor(
      () => eventsOf(auth.events, 'session.revoked').find((e) => e.data.userId === user.id),
      { what: 'session.revoked' },
    );
    const data = eventDataSchemas['session.revoked'].parse(event.data);
    expect([...data.sessionIds].sort()).toEqual(revoked);
    expect(data.reason).toBe('password_reset');
    expect(data.expiresAt).toBe(
      new Date(
        Math.max(claimsOf(registeredToken).exp, claimsOf(other.token).exp) * 1000,
      ).toISOString(),
    );
  });

  it('when the same token is used twice, then the second time is refused', async () => {
    const { user, token } = await userAskingForReset();
    expect((await reset(token)).status).toBe(200);
    const again = await reset(token, 'An0ther!Pass');
    expect(again.status).toBe(400);
    expect(again.body).toEqual(invalidToken);
    expect((await login(auth.app, user.username, NEW_PASSWORD)).status).toBe(200);
  });

  it('when two resets race with the same token, then exactly one wins', async () => {
    const { token } = await userAskingForReset();
    const answers = await Promise.all([reset(token, 'First!Pass1'), reset(token, 'Second!Pass2')]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 400]);
  });

  it('when the link is more than an hour old, then it is refused', async () => {
    const { user, token } = await userAskingForReset();
    auth.clock.advance(RESET_TOKEN_TTL_MS + 1000);
    const res = await reset(token);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalidToken);
    expect((await login(auth.app, user.username, STRONG_PASSWORD)).status).toBe(200);
  });

  it('when a reset succeeds, then older links of the same user stop working', async () => {
    const { user } = await register(auth.app);
    await forgot(user.email);
    await forgot(user.email);
    const first = await resetToken(auth.mailDir, user.email, 0);
    const second = await resetToken(auth.mailDir, user.email, 1);
    expect((await reset(second)).status).toBe(200);
    expect((await reset(first, 'An0ther!Pass')).status).toBe(400);
  });

  it('when the token is missing or unknown, then 400 Invalid or missing reset token', async () => {
    for (const res of [await reset(undefined), await reset(''), await reset('made-up-token')]) {
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(MESSAGES.resetTokenMissing);
    }
    expect((await reset('made-up-token')).body).toEqual(invalidToken);
  });

  it('when the new password breaks the rules, then 400 with the spec messages', async () => {
    const weak = await reset('some-token', 'weakpass1');
    expect(weak.body.error.details).toContainEqual({
      path: 'password',
      message: MESSAGES.passwordComplexity,
    });
    const mismatch = await reset('some-token', NEW_PASSWORD, 'Other!Pass1');
    expect(mismatch.body.error.details).toContainEqual({
      path: 'confirmPassword',
      message: MESSAGES.passwordsMismatch,
    });
  });
});
