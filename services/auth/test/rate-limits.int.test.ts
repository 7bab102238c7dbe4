import { ERROR_MESSAGES, SUCCESS_MESSAGES } from '@b2g/contracts';
import type { Response } from 'supertest';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, authForFile, login, newRegistration, register } from './support.js';

const auth = authForFile();

function expectRateLimited(res: Response) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({
    error: { code: 'RATE_LIMITED', message: ERROR_MESSAGES.rateLimited },
  });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('sign-in limits', () => {
  const from = (
    app: Parameters<typeof request>[0],
    address: string,
    name: string,
    password: string,
  ) =>
    request(app)
      .post('/api/auth/login')
      .set('X-Forwarded-For', address)
      .send({ emailOrUsername: name, password });

  it('when a stranger keeps failing on an account, then its owner, from another address, signs in at once', async () => {
    const app = auth.anotherApp({ LOGIN_RATE_LIMIT_PER_ACCOUNT: '3' });
    const victim = await register(app);
    for (let i = 0; i < 8; i += 1)
      expect([401, 429]).toContain(
        (await from(app, '203.0.113.7', victim.form.username, 'Wr0ng!Pass')).status,
      );
    expectRateLimited(await from(app, '203.0.113.7', victim.form.username, STRONG_PASSWORD));

    const owner = await from(app, '198.51.100.2', victim.form.username, STRONG_PASSWORD);
    expect(owner.status).toBe(200);
  });

  it('when one address keeps failing on one account, then each further attempt waits longer, and the right password works after the wait', async () => {
    const app = auth.anotherApp({ LOGIN_RATE_LIMIT_PER_ACCOUNT: '3' });
    const { form } = await register(app);
    const attempt = (password: string) => from(app, '192.0.2.44', form.username, password);
    for (let i = 0; i < 3; i += 1) expect((await attempt('Wr0ng!Pass')).status).toBe(401);

    // Past the free attempts: 1 s, then 2 s... between attempts; an early one is refused, not counted.
    const first = await attempt(STRONG_PASSWORD);
    expectRateLimited(first);
    expect(Number(first.headers['retry-after'])).toBe(1);
    auth.clock.advance(1_100);
    expect((await attempt('Wr0ng!Pass')).status).toBe(401);
    const second = await attempt(STRONG_PASSWORD);
    expectRateLimited(second);
    expect(Number(second.headers['retry-after'])).toBe(2);
    auth.clock.advance(2_100);
    expect((await attempt(STRONG_PASSWORD)).status).toBe(200);
    // Success starts the account's count again.
    for (let i = 0; i < 3; i += 1) expect((await attempt('Wr0ng!Pass')).status).toBe(401);
  });

  it('when sign-ins succeed, then they do not use up the budget', async () => {
    const app = auth.anotherApp({
      LOGIN_RATE_LIMIT_PER_ACCOUNT: '2',
      LOGIN_RATE_LIMIT_PER_IP: '2',
    });
    const { form } = await register(app);
    for (let i = 0; i < 5; i += 1) expect((await login(app, form.username)).status).toBe(200);
  });

  it('when one address fails on many accounts, then it is refused with 429', async () => {
    const app = auth.anotherApp({ LOGIN_RATE_LIMIT_PER_IP: '3' });
    for (let i = 0; i < 3; i += 1)
      expect((await login(app, `someone_${i}`, 'Wr0ng!Pass')).status).toBe(401);
    expectRateLimited(await login(app, 'someone_else', 'Wr0ng!Pass'));
  });
});

// The budgets are kept in the file's database for every instance: each test counts from an
// address of its own.
describe('forgot-password limits', () => {
  const forgot = (app: Parameters<typeof request>[0], email: string, address = '192.0.2.60') =>
    request(app).post('/api/auth/forgot-password').set('X-Forwarded-For', address).send({ email });

  it('when one address is asked for too often, then 429, while other addresses still get the answer', async () => {
    const app = auth.anotherApp({ FORGOT_PASSWORD_RATE_LIMIT_PER_EMAIL: '2' });
    for (let i = 0; i < 2; i += 1)
      expect((await forgot(app, 'target@example.com')).status).toBe(200);
    expectRateLimited(await forgot(app, 'TARGET@example.com'));
    expect((await forgot(app, 'other@example.com')).body.message).toBe(
      SUCCESS_MESSAGES.resetEmailSent,
    );
  });

  it('when one client asks too often, then 429', async () => {
    const app = auth.anotherApp({ FORGOT_PASSWORD_RATE_LIMIT_PER_IP: '2' });
    for (let i = 0; i < 2; i += 1)
      expect((await forgot(app, `person${i}@example.com`, '192.0.2.61')).status).toBe(200);
    expectRateLimited(await forgot(app, 'person9@example.com', '192.0.2.61'));
  });
});

describe('registration limits', () => {
  it('when one client registers too often, then 429', async () => {
    const app = auth.anotherApp({ REGISTER_RATE_LIMIT_PER_IP: '2' });
    const registerFrom = () =>
      request(app)
        .post('/api/auth/register')
        .set('X-Forwarded-For', '192.0.2.62')
        .send(newRegistration());
    for (let i = 0; i < 2; i += 1) expect((await registerFrom()).status).toBe(201);
    expectRateLimited(await registerFrom());
  });
});
