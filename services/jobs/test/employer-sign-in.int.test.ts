import { EMPLOYER_MESSAGES, EMPLOYER_SESSION_COOKIE, type Job } from '@b2g/contracts';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { HOUR_MS, employerInstanceForFile } from './employer-world.js';
import { eventually, publicPost, tokens } from './support.js';

const { clocks, logLines, instance, mailsTo, linkToken, signIn, sessionOf, postAs, newAddress } =
  employerInstanceForFile();

describe('employer sign-in', () => {
  it('when a visitor posts with an e-mail, then it gets a link that opens a strict, httpOnly session once', async () => {
    const email = newAddress();
    const job = await postAs(email);
    expect(job).not.toHaveProperty('posterEmail');

    const lower = email.toLowerCase();
    const [mail] = await eventually(async () => {
      const found = await mailsTo(lower);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(mail).toContain(`https://board.example/jobs/${job.id}`);
    expect(mail).toContain('https://board.example/employer');
    expect(mail).toContain('You are receiving this because');

    const token = await linkToken(lower);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);
    const first = await signIn(token).expect(200);
    expect(first.body.email).toBe(lower);
    const cookie = ([] as string[]).concat(first.headers['set-cookie'] ?? [])[0] ?? '';
    expect(cookie).toMatch(new RegExp(`^${EMPLOYER_SESSION_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/employer/);

    const session = cookie.split(';')[0] as string;
    const who = await request(instance().app).get('/api/employer/session').set('Cookie', session);
    expect(who.status).toBe(200);
    expect(who.body.email).toBe(lower);

    const again = await signIn(token);
    expect(again.status).toBe(401);
    expect(again.body.error.message).toBe(EMPLOYER_MESSAGES.tokenInvalid);
    expect(again.headers['set-cookie']).toBeUndefined();

    await request(instance().app)
      .delete('/api/employer/session')
      .set('Cookie', session)
      .expect(204);
    await request(instance().app).get('/api/employer/session').set('Cookie', session).expect(401);

    // Logged, but neither the link's token nor the session's secret.
    const logged = logLines.join('');
    expect(logged).toContain('/api/employer/sign-in');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(session.split('=')[1]);
  });

  it("when a signed-in user posts, then the posting belongs to the account's e-mail address", async () => {
    const account = newAddress();
    const bearer = tokens.bearer({ ...tokens.newUser(), email: account });
    const job = (
      await request(instance().app)
        .post('/api/jobs')
        .set('Authorization', bearer)
        .send(publicPost({ posterEmail: 'typed@elsewhere.example' }))
        .expect(201)
    ).body as Job;

    const session = await sessionOf(account.toLowerCase());
    const list = await request(instance().app).get('/api/employer/jobs').set('Cookie', session);
    expect((list.body as Job[]).map((item) => item.id)).toEqual([job.id]);
    expect(await mailsTo('typed@elsewhere.example')).toEqual([]);
  });

  it('when a token is forged or has expired, then 401 and no cookie', async () => {
    const forged = await signIn('A'.repeat(43));
    expect(forged.status).toBe(401);
    expect(forged.headers['set-cookie']).toBeUndefined();

    const email = newAddress().toLowerCase();
    await postAs(email);
    const token = await linkToken(email);
    clocks.employer += 24 * HOUR_MS + 1;
    try {
      const expired = await signIn(token);
      expect(expired.status).toBe(401);
      expect(expired.headers['set-cookie']).toBeUndefined();
    } finally {
      clocks.employer -= 24 * HOUR_MS + 1;
    }
  });

  it('when a session is older than 12 hours, then it is refused', async () => {
    const email = newAddress().toLowerCase();
    await postAs(email);
    const session = await sessionOf(email);
    clocks.employer += 12 * HOUR_MS + 1;
    try {
      await request(instance().app).get('/api/employer/jobs').set('Cookie', session).expect(401);
    } finally {
      clocks.employer -= 12 * HOUR_MS + 1;
    }
  });

  it('when a link is asked for, then the answer is the same for an unknown address, and only a known one gets mail', async () => {
    const known = newAddress().toLowerCase();
    await postAs(known);
    const unknown = 'nobody@nowhere.example';
    const ask = (email: string, client: string) =>
      request(instance().app)
        .post('/api/employer/sign-in-link')
        .set('X-Forwarded-For', client)
        .send({ email });

    const forKnown = await ask(known.toUpperCase(), '203.0.113.10');
    const forUnknown = await ask(unknown, '203.0.113.11');
    expect(forKnown.status).toBe(202);
    expect(forUnknown.status).toBe(202);
    expect(forUnknown.body).toEqual(forKnown.body);
    expect(forKnown.body).toEqual({ message: EMPLOYER_MESSAGES.linkSent });

    // The post's e-mail and the asked one.
    expect(await linkToken(known, 2)).toMatch(/^[\w-]{43}$/);
    expect(await mailsTo(unknown)).toEqual([]);
  });

  it('when links are asked too often for one address or from one client, then 429, and a new window gives a new budget', async () => {
    const ask = (email: string, client: string) =>
      request(instance().app)
        .post('/api/employer/sign-in-link')
        .set('X-Forwarded-For', client)
        .send({ email })
        .then((res) => res.status);

    const email = 'limited@acme.example';
    expect([
      await ask(email, '198.51.100.1'),
      await ask(email.toUpperCase(), '198.51.100.2'),
      await ask(email, '198.51.100.3'),
    ]).toEqual([202, 202, 429]);

    const client = '198.51.100.9';
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push(await ask(`c${i}@acme.example`, client));
    expect(statuses).toEqual([202, 202, 202, 202, 429]);

    clocks.limits += HOUR_MS;
    expect(await ask(email, '198.51.100.4')).toBe(202);
    expect(await ask('c9@acme.example', client)).toBe(202);
  });
});
