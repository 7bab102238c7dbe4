import request from 'supertest';
import type { Response } from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { OWASP_ARGON2 } from '../src/config.js';
import { PasswordHasher } from '../src/domain/passwords.js';
import {
  STRONG_PASSWORD,
  authForFile,
  bearer,
  login,
  newRegistration,
  register,
  resetToken,
} from './support.js';

const auth = authForFile();

const text = (res: Response) => `${JSON.stringify(res.headers)}\n${res.text}`;

describe('secrets', () => {
  it('when a user goes through every call, then no response and no log line holds a password, a hash or a reset token', async () => {
    const passwords = [STRONG_PASSWORD, 'Wr0ng!Guess', 'N3w!Secret', 'Ch4nged!Again'];
    const [original, wrong, afterReset, changed] = passwords as [string, string, string, string];
    const responses: Response[] = [];
    const keep = (res: Response) => {
      responses.push(res);
      return res;
    };

    const form = newRegistration({ password: original, confirmPassword: original });
    const registered = keep(await request(auth.app).post('/api/auth/register').send(form));
    const userId = registered.body.user.id as string;
    keep(await login(auth.app, form.username, wrong));
    keep(await login(auth.app, 'nobody_at_all', wrong));
    const signedIn = keep(await login(auth.app, form.email, original));
    keep(await request(auth.app).get('/api/auth/verify').set(bearer(signedIn.body.token)));
    keep(await request(auth.app).post('/api/auth/forgot-password').send({ email: form.email }));
    const mailedToken = await resetToken(auth.mailDir, form.email);
    keep(
      await request(auth.app)
        .post('/api/auth/reset-password')
        .send({ token: mailedToken, password: afterReset, confirmPassword: afterReset }),
    );
    keep(
      await request(auth.app)
        .post('/api/auth/reset-password')
        .send({ token: mailedToken, password: afterReset, confirmPassword: afterReset }),
    );
    const again = keep(await login(auth.app, form.username, afterReset));
    const hashes: string[] = [];
    const storedHash = async () =>
      (await auth.models.User.findById(userId).select('+passwordHash').lean())?.passwordHash ?? '';
    hashes.push(await storedHash());
    keep(
      await request(auth.app)
        .post('/api/auth/me/password')
        .set(bearer(again.body.token))
        .send({ currentPassword: wrong, newPassword: changed, confirmPassword: changed }),
    );
    keep(
      await request(auth.app)
        .post('/api/auth/me/password')
        .set(bearer(again.body.token))
        .send({ currentPassword: afterReset, newPassword: changed, confirmPassword: changed }),
    );
    hashes.push(await storedHash());
    keep(
      await request(auth.app)
        .patch('/api/auth/me')
        .set(bearer(again.body.token))
        .send({ company: 'Acme' }),
    );
    keep(await request(auth.app).get('/api/auth/me').set(bearer(again.body.token)));
    keep(await request(auth.app).post('/api/admin/login').send({ password: wrong }));
    keep(
      await request(auth.app)
        .delete('/api/auth/me')
        .set(bearer(again.body.token))
        .send({ password: wrong }),
    );
    keep(
      await request(auth.app)
        .delete('/api/auth/me')
        .set(bearer(again.body.token))
        .send({ password: changed }),
    );
    keep(await request(auth.app).post('/api/auth/logout').set(bearer(again.body.token)));
    await auth.settled();

    expect(responses.map((res) => res.status)).toEqual([
      201, 401, 401, 200, 200, 200, 200, 400, 200, 400, 200, 200, 200, 401, 401, 200, 200,
    ]);
    const secrets = [...passwords, ...hashes, mailedToken];
    expect(hashes.every((hash) => hash.startsWith('$argon2id$'))).toBe(true);
    const log = auth.logLines.join('');
    expect(log.length).toBeGreaterThan(0);
    for (const secret of secrets) {
      expect(log, 'log').not.toContain(secret);
      for (const res of responses)
        expect(text(res), `${res.status} response`).not.toContain(secret);
    }
  });
});

describe('failed sign-ins of unknown accounts', () => {
  // The time each takes is measured by the bench (pnpm --filter @b2g/auth bench), not here.
  it('when the account is unknown, then the answer is the wrong password’s, after an argon2id check with the same parameters (dummy hash, OWASP parameters)', async () => {
    const app = auth.anotherApp({
      ARGON2_MEMORY_KIB: String(OWASP_ARGON2.memoryCost),
      ARGON2_TIME_COST: String(OWASP_ARGON2.timeCost),
    });
    const { form } = await register(app);
    const verify = vi.spyOn(PasswordHasher.prototype, 'verify');
    try {
      const wrongPassword = await login(app, form.username, 'Wr0ng!Guess');
      const unknownAccount = await login(app, 'no_such_account', 'Wr0ng!Guess');
      expect(unknownAccount.status).toBe(401);
      expect(unknownAccount.body).toEqual(wrongPassword.body);
      const checkedHashes = verify.mock.calls.map(([hash]) =>
        hash.split('$').slice(0, 4).join('$'),
      );
      const owasp = `$argon2id$v=19$m=${OWASP_ARGON2.memoryCost},p=${OWASP_ARGON2.parallelism},t=${OWASP_ARGON2.timeCost}`;
      expect(checkedHashes).toEqual([owasp, owasp]);
    } finally {
      verify.mockRestore();
    }
  });
});
