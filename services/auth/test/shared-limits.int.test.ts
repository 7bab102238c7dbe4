import { ERROR_MESSAGES } from '@b2g/contracts';
import type { Express } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  STRONG_PASSWORD,
  authForFile,
  newRegistration,
  register,
} from './support.js';

const auth = authForFile();

let addressSeq = 0;
/** A client address of its own (the test app trusts the loopback proxy's X-Forwarded-For). */
const newAddress = () => {
  addressSeq += 1;
  return `198.18.${Math.floor(addressSeq / 250)}.${(addressSeq % 250) + 1}`;
};

type Attempt = (app: Express, address: string, i: number) => Promise<request.Response>;

/** A POST of `body(i)` from `address` (or from the address `from` picks). */
const posting =
  (
    path: string,
    body: (address: string, i: number) => object,
    from = (address: string, _i: number) => address,
  ): Attempt =>
  (app, address, i) =>
    request(app).post(path).set('X-Forwarded-For', from(address, i)).send(body(address, i));

const limits: { name: string; env: Record<string, string>; attempt: Attempt }[] = [
  {
    name: 'sign-in per client address',
    env: { LOGIN_RATE_LIMIT_PER_IP: '3' },
    attempt: posting('/api/auth/login', (address, i) => ({
      emailOrUsername: `nobody_${address}_${i}`,
      password: 'Wr0ng!Pass',
    })),
  },
  {
    name: 'sign-up per client address',
    env: { REGISTER_RATE_LIMIT_PER_IP: '3' },
    attempt: posting('/api/auth/register', () => newRegistration()),
  },
  {
    name: 'password reset per client address',
    env: { FORGOT_PASSWORD_RATE_LIMIT_PER_IP: '3' },
    attempt: posting('/api/auth/forgot-password', (address, i) => ({
      email: `person${i}@${address}.example.com`,
    })),
  },
  {
    name: 'password reset per e-mail address',
    env: { FORGOT_PASSWORD_RATE_LIMIT_PER_EMAIL: '3' },
    attempt: posting(
      '/api/auth/forgot-password',
      (address) => ({ email: `target@${address}.example.com` }),
      // A different client each time: the e-mail address's budget is counted whoever asks.
      (address, i) => `10.${i}.${address.split('.').slice(2).join('.')}`,
    ),
  },
  {
    name: 'admin sign-in per client address',
    env: { ADMIN_LOGIN_RATE_LIMIT_PER_IP: '3' },
    attempt: posting('/api/admin/login', () => ({ password: `not-${ADMIN_PASSWORD}` })),
  },
];

/** The statuses of `count` attempts from one fresh address, taking turns over `apps`. */
async function statuses(apps: Express[], attempt: Attempt, count: number) {
  const address = newAddress();
  const seen: number[] = [];
  for (let i = 0; i < count; i += 1)
    seen.push((await attempt(apps[i % apps.length]!, address, i)).status);
  return seen;
}

describe('limits shared by every instance', () => {
  it.each(limits)(
    'when attempts at the $name limit alternate between two instances, then they meet the 429 where one instance does',
    async ({ env, attempt }) => {
      const one = await statuses([auth.anotherApp(env)], attempt, 5);
      const two = await statuses([auth.anotherApp(env), auth.anotherApp(env)], attempt, 5);
      expect(one.indexOf(429)).toBe(3);
      expect(two).toEqual(one);
    },
  );
});

/** The device cookie a response sets (`name=value`), checked for its attributes. */
function deviceCookieOf(res: request.Response): string {
  const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const cookie = setCookie.find((line) => line.startsWith('b2g_device='));
  if (!cookie) throw new Error('no device cookie');
  expect(cookie).toMatch(/; HttpOnly/);
  expect(cookie).toMatch(/; SameSite=Strict/);
  expect(cookie).toMatch(/; Path=\/api\/auth\/login/);
  return cookie.split(';')[0]!;
}

describe('sign-in limited per account, with device cookies', () => {
  const UNKNOWN_DEVICES = { LOGIN_RATE_LIMIT_PER_ACCOUNT_UNKNOWN_DEVICES: '3' };
  const signIn = (app: Express, name: string, password: string, cookie?: string) => {
    const req = request(app)
      .post('/api/auth/login')
      .set('X-Forwarded-For', newAddress())
      .send({ emailOrUsername: name, password });
    return cookie ? req.set('Cookie', cookie) : req;
  };

  it('when a guesser with many addresses uses up the account budget, then the guesses wait with 429 while the owner with a device cookie signs in at once', async () => {
    const apps = [auth.anotherApp(UNKNOWN_DEVICES), auth.anotherApp(UNKNOWN_DEVICES)];
    const owner = await register(apps[0]!);
    const device = deviceCookieOf(await signIn(apps[0]!, owner.form.username, STRONG_PASSWORD));

    const guesses = [];
    for (let i = 0; i < 6; i += 1)
      guesses.push(await signIn(apps[i % 2]!, owner.form.username, `Wr0ng!Guess${i}`));
    expect(guesses.map((res) => res.status)).toEqual([401, 401, 401, 429, 429, 429]);
    const refused = guesses[3]!;
    expect(refused.body).toEqual({
      error: { code: 'RATE_LIMITED', message: ERROR_MESSAGES.rateLimited },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // By e-mail it is the same account, with the same budget.
    expect((await signIn(apps[1]!, owner.form.email, STRONG_PASSWORD)).status).toBe(429);

    const known = await signIn(apps[1]!, owner.form.email, STRONG_PASSWORD, device);
    expect(known.status).toBe(200);
    expect(known.body.user.id).toBe(owner.user.id);
  });

  it('when the device cookie is forged or another account’s, then it gives no exemption', async () => {
    const app = auth.anotherApp(UNKNOWN_DEVICES);
    const owner = await register(app);
    const other = await register(app);
    const otherDevice = deviceCookieOf(await signIn(app, other.form.username, STRONG_PASSWORD));
    const ownDevice = deviceCookieOf(await signIn(app, owner.form.username, STRONG_PASSWORD));
    for (let i = 0; i < 3; i += 1)
      expect((await signIn(app, owner.form.username, 'Wr0ng!Guess')).status).toBe(401);

    const [name, value] = ownDevice.split('=') as [string, string];
    const [account, device, issued] = value.split('.');
    const forgeries = [
      `${name}=${account}.${device}.${issued}.${'A'.repeat(43)}`,
      `${name}=${account}.forged-device.${issued}.${value.split('.')[3]}`,
      `${name}=${owner.user.id}.${otherDevice.split('.').slice(1).join('.')}`,
      otherDevice,
    ];
    for (const cookie of forgeries)
      expect((await signIn(app, owner.form.username, STRONG_PASSWORD, cookie)).status).toBe(429);
    expect((await signIn(app, owner.form.username, STRONG_PASSWORD, ownDevice)).status).toBe(200);
  });

  it('when a known device keeps failing, then it is slowed on its own, and the account budget is untouched', async () => {
    const app = auth.anotherApp({ ...UNKNOWN_DEVICES, LOGIN_RATE_LIMIT_PER_DEVICE: '2' });
    const owner = await register(app);
    const device = deviceCookieOf(await signIn(app, owner.form.username, STRONG_PASSWORD));
    const statusesWith = [];
    for (let i = 0; i < 3; i += 1)
      statusesWith.push((await signIn(app, owner.form.username, 'Wr0ng!Guess', device)).status);
    expect(statusesWith).toEqual([401, 401, 429]);
    expect((await signIn(app, owner.form.username, STRONG_PASSWORD)).status).toBe(200);
  });
});
