import {
  ERROR_MESSAGES,
  MESSAGES,
  SUCCESS_MESSAGES,
  eventDataSchemas,
  userSchema,
} from '@b2g/contracts';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  STRONG_PASSWORD,
  authForFile,
  bearer,
  claimsOf,
  eventsOf,
  login,
  mailsTo,
  register,
  waitFor,
} from './support.js';

const NEW_PASSWORD = 'N3w!Secret';
const auth = authForFile();

const me = (token: string) => request(auth.app).get('/api/auth/me').set(bearer(token));
const verifyStatus = async (token: string) =>
  (await request(auth.app).get('/api/auth/verify').set(bearer(token))).status;

describe('GET /api/auth/me', () => {
  it('when signed in, then it answers the public user', async () => {
    const { token, user } = await register(auth.app);
    const res = await me(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user });
    expect(userSchema.parse(res.body.user)).toEqual(user);
  });

  it('when not signed in, then 401', async () => {
    const res = await request(auth.app).get('/api/auth/me');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHORIZED');
  });
});

describe('PATCH /api/auth/me', () => {
  it('when fields are given, then they change, blanks clear, others stay, and user.updated is published', async () => {
    const { token, user } = await register(auth.app, { phoneNumber: undefined });
    auth.clock.advance(1000);
    const res = await request(auth.app)
      .patch('/api/auth/me')
      .set(bearer(token))
      .send({
        firstName: 'Grace',
        company: '',
        phoneNumber: '+1 555 0100',
        clearanceLevel: 'ts_sci',
        notificationPreferences: { jobAlerts: true, newsletter: false },
      });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      firstName: 'Grace',
      lastName: user.lastName,
      company: null,
      location: user.location,
      phoneNumber: '+1 555 0100',
      clearanceLevel: 'ts_sci',
      notificationPreferences: { jobAlerts: true, newsletter: false },
      profileComplete: false,
    });
    expect(Date.parse(res.body.user.updatedAt)).toBeGreaterThan(Date.parse(user.updatedAt));
    expect((await me(token)).body.user).toEqual(res.body.user);

    const event = await waitFor(
      () => eventsOf(auth.events, 'user.updated').find((e) => e.data.userId === user.id),
      { what: 'user.updated' },
    );
    expect(eventDataSchemas['user.updated'].parse(event.data)).toEqual({
      userId: user.id,
      firstName: 'Grace',
      lastName: user.lastName,
      company: null,
      location: user.location,
      clearanceLevel: 'ts_sci',
      phoneNumber: '+1 555 0100',
    });
  });

  it('when company, location and phone are all filled, then the profile is complete', async () => {
    const { token } = await register(auth.app);
    const res = await request(auth.app)
      .patch('/api/auth/me')
      .set(bearer(token))
      .send({ location: 'Arlington, VA' });
    expect(res.body.user.profileComplete).toBe(true);
  });

  it('when the body is empty or invalid, then 400 with the schema message', async () => {
    const { token } = await register(auth.app);
    const empty = await request(auth.app).patch('/api/auth/me').set(bearer(token)).send({});
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe(MESSAGES.nothingToUpdate);
    const blankName = await request(auth.app)
      .patch('/api/auth/me')
      .set(bearer(token))
      .send({ firstName: ' ' });
    expect(blankName.body.error.details).toContainEqual({
      path: 'firstName',
      message: MESSAGES.firstNameRequired,
    });
    const badLevel = await request(auth.app)
      .patch('/api/auth/me')
      .set(bearer(token))
      .send({ clearanceLevel: 'cosmic' });
    expect(badLevel.status).toBe(400);
  });

  it('when not signed in, then 401', async () => {
    expect((await request(auth.app).patch('/api/auth/me').send({ firstName: 'X' })).status).toBe(
      401,
    );
  });
});

describe('POST /api/auth/me/password', () => {
  const change = (token: string, body: Record<string, unknown>) =>
    request(auth.app).post('/api/auth/me/password').set(bearer(token)).send(body);

  it('when the current password is right, then it changes and every other session ends', async () => {
    const { token, user } = await register(auth.app);
    const { body: other } = await login(auth.app, user.username);
    const res = await change(token, {
      currentPassword: STRONG_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: SUCCESS_MESSAGES.passwordChanged });

    expect(await verifyStatus(token)).toBe(200);
    expect(await verifyStatus(other.token)).toBe(401);
    expect((await login(auth.app, user.username)).status).toBe(401);
    expect((await login(auth.app, user.username, NEW_PASSWORD)).status).toBe(200);

    const event = await waitFor(
      () => eventsOf(auth.events, 'session.revoked').find((e) => e.data.userId === user.id),
      { what: 'session.revoked' },
    );
    expect(event.data).toMatchObject({
      sessionIds: [claimsOf(other.token).sid],
      reason: 'password_changed',
    });
  });

  it('when the current password is wrong, then 400 says so and nothing changes', async () => {
    const { token, user } = await register(auth.app);
    const res = await change(token, {
      currentPassword: 'Wr0ng!Pass',
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      message: ERROR_MESSAGES.currentPasswordIncorrect,
      details: [{ path: 'currentPassword', message: ERROR_MESSAGES.currentPasswordIncorrect }],
    });
    expect((await login(auth.app, user.username)).status).toBe(200);
  });

  it('when the new password breaks the rules, then 400 with the spec messages', async () => {
    const { token } = await register(auth.app);
    const res = await change(token, {
      currentPassword: '',
      newPassword: 'short',
      confirmPassword: 'other',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual(
      expect.arrayContaining([
        { path: 'currentPassword', message: MESSAGES.currentPasswordRequired },
        { path: 'newPassword', message: MESSAGES.passwordMin },
        { path: 'confirmPassword', message: MESSAGES.passwordsMismatch },
      ]),
    );
  });

  it('when not signed in, then 401', async () => {
    const res = await request(auth.app).post('/api/auth/me/password').send({});
    expect(res.status).toBe(401);
  });
});

describe('DELETE /api/auth/me', () => {
  const remove = (token: string, password: unknown) =>
    request(auth.app).delete('/api/auth/me').set(bearer(token)).send({ password });

  it('when the password is wrong, then 401 and the account stays', async () => {
    const { token } = await register(auth.app);
    const res = await remove(token, 'Wr0ng!Pass');
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe(ERROR_MESSAGES.passwordIncorrect);
    expect((await me(token)).status).toBe(200);
  });

  it('when the password is missing, then 400 Password is required', async () => {
    const { token } = await register(auth.app);
    const res = await remove(token, undefined);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(MESSAGES.passwordRequired);
  });

  it('when confirmed, then the account, its sessions and reset tokens go, and user.deleted and session.revoked are published', async () => {
    const { token, user, form } = await register(auth.app);
    const { body: other } = await login(auth.app, user.username);
    await request(auth.app)
      .post('/api/auth/forgot-password')
      .send({ email: user.email })
      .expect(200);
    await auth.settled();
    expect(await mailsTo(auth.mailDir, user.email)).toHaveLength(1);

    const res = await remove(token, STRONG_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: SUCCESS_MESSAGES.accountDeleted });

    for (const old of [token, other.token as string]) expect(await verifyStatus(old)).toBe(401);
    expect((await login(auth.app, user.username)).status).toBe(401);
    expect(await auth.models.ResetToken.countDocuments({ userId: user.id })).toBe(0);

    const deleted = await waitFor(
      () => eventsOf(auth.events, 'user.deleted').find((e) => e.data.userId === user.id),
      { what: 'user.deleted' },
    );
    expect(eventDataSchemas['user.deleted'].parse(deleted.data).userId).toBe(user.id);
    const revoked = await waitFor(
      () => eventsOf(auth.events, 'session.revoked').find((e) => e.data.userId === user.id),
      { what: 'session.revoked' },
    );
    expect([...revoked.data.sessionIds].sort()).toEqual(
      [claimsOf(token).sid, claimsOf(other.token).sid].sort(),
    );
    expect(revoked.data.reason).toBe('account_deleted');

    // Once its events are confirmed, the relay removes the document itself.
    await waitFor(
      async () =>
        (await auth.models.User.collection.countDocuments({ _id: user.id } as never)) === 0,
      {
        what: 'the user document to be removed',
      },
    );
    // The revocations stay listed for services that start later.
    const list = await request(auth.app).get('/internal/revoked-sessions');
    expect(list.body.sessions.map((s: { id: string }) => s.id)).toContain(claimsOf(token).sid);

    // The username and e-mail are free again.
    const again = await request(auth.app).post('/api/auth/register').send(form);
    expect(again.status).toBe(201);
  });
});
