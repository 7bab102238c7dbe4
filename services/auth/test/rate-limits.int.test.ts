import { ERROR_MESSAGES, SUCCESS_MESSAGES } from '@b2g/contracts';
import type { Response } from 'supertest';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STRONG_PASSWORD,
  login,
  newRegistration,
  register,
  startAuth,
  type TestAuth,
} from './support.js';

let auth: TestAuth;
beforeAll(async () => {
  auth = await startAuth();
});
afterAll(async () => {
  await auth?.close();
});

function expectRateLimited(res: Response) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({
    error: { code: 'RATE_LIMITED', message: ERROR_MESSAGES.rateLimited },
  });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('sign-in limits', () => {
  it('when one account gets too many wrong passwords, then it is refused with 429 even with the right one, and other accounts are not', async () => {
    const app = auth.anotherApp({ LOGIN_RATE_LIMIT_PER_ACCOUNT: '3' });
    const victim = await register(app);
    const bystander = await register(app);
    for (let i = 0; i < 3; i += 1)
      expect((await login(app, victim.form.username, 'Wr0ng!Pass')).status).toBe(401);

    expectRateLimited(await login(app, victim.form.username.toUpperCase(), STRONG_PASSWORD));
    expect((await login(app, bystander.form.username)).status).toBe(200);
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

describe('forgot-password limits', () => {
  const forgot = (app: Parameters<typeof request>[0], email: string) =>
    request(app).post('/api/auth/forgot-password').send({ email });

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
      expect((await forgot(app, `person${i}@example.com`)).status).toBe(200);
    expectRateLimited(await forgot(app, 'person9@example.com'));
  });
});

describe('registration limits', () => {
  it('when one client registers too often, then 429', async () => {
    const app = auth.anotherApp({ REGISTER_RATE_LIMIT_PER_IP: '2' });
    for (let i = 0; i < 2; i += 1) await register(app);
    expectRateLimited(await request(app).post('/api/auth/register').send(newRegistration()));
  });
});
