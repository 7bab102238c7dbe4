import {
  ERROR_MESSAGES,
  MESSAGES,
  REMEMBER_ME_SESSION_TTL_MS,
  SESSION_TTL_MS,
  SUCCESS_MESSAGES,
  authResponseSchema,
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
  newRegistration,
  register,
  waitFor,
} from './support.js';

const auth = authForFile();

describe('POST /api/auth/register', () => {
  it('when the form is valid, then 201 answers a token and the public user with the defaults', async () => {
    const form = newRegistration({
      clearanceLevel: undefined,
      company: '',
      phoneNumber: undefined,
    });
    const res = await request(auth.app).post('/api/auth/register').send(form);

    expect(res.status).toBe(201);
    expect(authResponseSchema.parse(res.body)).toBeTruthy();
    expect(res.body.message).toBe(SUCCESS_MESSAGES.registered);
    expect(res.body.user).toMatchObject({
      username: form.username,
      email: form.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: null,
      location: 'London',
      phoneNumber: null,
      clearanceLevel: 'none',
      isEmailVerified: false,
      profileComplete: false,
      lastLoginAt: null,
      notificationPreferences: {},
    });
    expect(Object.keys(res.body.user).sort()).toEqual(Object.keys(userSchema.shape).sort());
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|passwordHash|Str0ng/);

    const claims = claimsOf(res.body.token);
    expect(claims.sub).toBe(res.body.user.id);
    expect(claims.username).toBe(form.username);
    const verify = await request(auth.app).get('/api/auth/verify').set(bearer(res.body.token));
    expect(verify.status).toBe(200);
  });

  it('when registered, then the password is stored as an argon2id hash with the configured parameters', async () => {
    const { user } = await register(auth.app);
    const stored = await auth.models.User.findById(user.id).select('+passwordHash').lean();
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    expect(stored?.usernameKey).toBe(user.username.toLowerCase());
  });

  it('when registered, then user.registered arrives on the bus with a valid payload', async () => {
    const { user } = await register(auth.app);
    const event = await waitFor(
      () => eventsOf(auth.events, 'user.registered').find((e) => e.data.userId === user.id),
      {
        what: 'user.registered',
      },
    );
    expect(eventDataSchemas['user.registered'].parse(event.data)).toEqual({
      userId: user.id,
      username: user.username,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      registeredAt: user.createdAt,
    });
    expect(event.source).toBe('auth');
  });

  it.each([
    ['username too short', { username: 'ab' }, 'username', MESSAGES.usernameMin],
    ['username too long', { username: 'a'.repeat(21) }, 'username', MESSAGES.usernameMax],
    ['username with a space', { username: 'ada lovelace' }, 'username', MESSAGES.usernameFormat],
    ['invalid e-mail', { email: 'not-an-email' }, 'email', MESSAGES.emailInvalid],
    [
      'short password',
      { password: 'Aa1!', confirmPassword: 'Aa1!' },
      'password',
      MESSAGES.passwordMin,
    ],
    [
      'weak password',
      { password: 'password1', confirmPassword: 'password1' },
      'password',
      MESSAGES.passwordComplexity,
    ],
    [
      'mismatched confirmation',
      { confirmPassword: 'Other!Pass1' },
      'confirmPassword',
      MESSAGES.passwordsMismatch,
    ],
    ['no first name', { firstName: '  ' }, 'firstName', MESSAGES.firstNameRequired],
    ['no last name', { lastName: undefined }, 'lastName', MESSAGES.lastNameRequired],
  ])(
    'when the form has %s, then 400 with the spec message',
    async (_case, overrides, path, message) => {
      const res = await request(auth.app)
        .post('/api/auth/register')
        .send(newRegistration(overrides));
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details).toContainEqual({ path, message });
    },
  );

  it.each([
    ['username', 'the username is taken', ERROR_MESSAGES.usernameTaken],
    ['email', 'the e-mail is registered', ERROR_MESSAGES.emailTaken],
  ] as const)(
    'when the %s is taken in another case, then 409 says %s',
    async (field, _says, message) => {
      const { form } = await register(auth.app);
      const res = await request(auth.app)
        .post('/api/auth/register')
        .send(newRegistration({ [field]: form[field].toUpperCase() }));
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: 'CONFLICT', message });
    },
  );

  it('when the same account is registered twice at once, then exactly one succeeds and the other gets 409', async () => {
    const form = newRegistration();
    const answers = await Promise.all([
      request(auth.app).post('/api/auth/register').send(form),
      request(auth.app).post('/api/auth/register').send(form),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
  });
});

describe('POST /api/auth/login', () => {
  it('when the username is given in another case with the right password, then it signs in and sets lastLoginAt', async () => {
    const { form, user } = await register(auth.app);
    const before = auth.clock.now();
    const res = await login(auth.app, form.username.toUpperCase());

    expect(res.status).toBe(200);
    expect(authResponseSchema.parse(res.body).message).toBe(SUCCESS_MESSAGES.loggedIn);
    expect(res.body.user.id).toBe(user.id);
    expect(Date.parse(res.body.user.lastLoginAt)).toBeGreaterThanOrEqual(before - 1000);
    const stored = await auth.models.User.findById(user.id).lean();
    expect(stored?.lastLoginAt?.toISOString()).toBe(res.body.user.lastLoginAt);
  });

  it('when the e-mail is given with spaces and capitals, then it signs in', async () => {
    const { form } = await register(auth.app);
    const res = await login(auth.app, `  ${form.email.toUpperCase()} `);
    expect(res.status).toBe(200);
  });

  it('when the password is wrong or the account unknown, then 401 with the same generic message', async () => {
    const { form } = await register(auth.app);
    const wrong = await login(auth.app, form.username, 'Wr0ng!Pass');
    const unknown = await login(auth.app, 'nobody_here', STRONG_PASSWORD);
    const unknownEmail = await login(auth.app, 'nobody@example.com', STRONG_PASSWORD);
    for (const res of [wrong, unknown, unknownEmail]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        error: { code: 'UNAUTHORIZED', message: ERROR_MESSAGES.invalidCredentials },
      });
    }
  });

  it('when fields are missing, then 400 with the spec messages', async () => {
    const res = await request(auth.app)
      .post('/api/auth/login')
      .send({ emailOrUsername: ' ', password: '' });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      { path: 'emailOrUsername', message: MESSAGES.emailOrUsernameRequired },
      { path: 'password', message: MESSAGES.passwordRequired },
    ]);
  });

  it('when rememberMe is set, then the token and its session last 30 days instead of 1', async () => {
    const { form } = await register(auth.app);
    const short = await login(auth.app, form.username, STRONG_PASSWORD, false);
    const long = await login(auth.app, form.username, STRONG_PASSWORD, true);
    for (const [res, ttl] of [
      [short, SESSION_TTL_MS],
      [long, REMEMBER_ME_SESSION_TTL_MS],
    ] as const) {
      const claims = claimsOf(res.body.token);
      expect((claims.exp - claims.iat) * 1000).toBe(ttl);
      const session = await auth.models.Session.findById(claims.sid).lean();
      expect(session?.expiresAt.getTime()).toBe(claims.exp * 1000);
      expect(session?.userId).toBe(claims.sub);
    }
  });

  it('when the stored hash was made with weaker parameters, then a successful sign-in upgrades it', async () => {
    const { form, user } = await register(auth.app);
    const stronger = auth.anotherApp({ ARGON2_MEMORY_KIB: '2048' });
    expect((await login(stronger, form.username)).status).toBe(200);
    const stored = await auth.models.User.findById(user.id).select('+passwordHash').lean();
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=2048,p=1,t=1\$/);
    expect((await login(auth.app, form.username)).status).toBe(200);
  });
});
