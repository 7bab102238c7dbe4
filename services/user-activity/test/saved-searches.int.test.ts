import { ALERT_INSTANT_BATCH_MS, type IntegrationEvent, type SavedSearch } from '@b2g/contracts';
import { mailsTo } from '@b2g/service-kit/testing';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { LinkTokens } from '../src/domain/link-tokens.js';
import { harnessForFile, TEST_LINK_SECRET, waitFor, type Harness } from './helpers.js';
import { emailOf } from './jobs-api-server.js';

/**
 * Saved searches with e-mail alerts, through HTTP and events against the real database and
 * broker: saving, double opt-in, matching rules, sending, unsubscribing without signing in.
 */
const h = harnessForFile({ confirmMailsPerAddress: 2 });

async function saveSearch(bearer: string, body: object = { query: { search: 'capture' } }) {
  const response = await request(h.app)
    .post('/api/user/saved-searches')
    .set('Authorization', bearer)
    .send(body);
  expect(response.status).toBe(201);
  return response.body as SavedSearch;
}

const eventsOf = <T extends IntegrationEvent['type']>(type: T, savedSearchId: string) =>
  h.published.filter(
    (event): event is Extract<IntegrationEvent, { type: T }> =>
      event.type === type &&
      (event.data as { savedSearchId?: string }).savedSearchId === savedSearchId,
  );

/** States a job match as the jobs service does, and waits until it is handled. */
async function match(
  savedSearchIds: string[],
  overrides: Parameters<Harness['createJob']>[0] = {},
) {
  const job = await h.createJob(overrides);
  await h.publish('saved_search.matched', { job, savedSearchIds });
  await h.settle();
  return job;
}

const unsent = (savedSearchId: string) => h.models.AlertPending.countDocuments({ savedSearchId });

/** The alert e-mails to `to` (quoted-printable undone, folded headers on one line), oldest first. */
const alertsTo = async (to: string) =>
  (await mailsTo(h.mailDir, to))
    .filter((mail) => mail.includes('for your alert'))
    .map((mail) => mail.replace(/\r?\n[ \t]+/g, ' '));

const tokenIn = (mail: string, page: string) => {
  const found = new RegExp(`/alerts/${page}#token=([\\w.-]+)`).exec(mail)?.[1];
  if (!found) throw new Error(`no ${page} link in the e-mail`);
  return found;
};

describe('signed-in saved searches', () => {
  it('when a user saves a search, then it is active at once with a readable name and stated as an event', async () => {
    const user = h.tokens.newUser();
    const saved = await saveSearch(h.tokens.bearer(user), {
      query: {
        search: 'capture',
        sector: 'FEDERAL',
        jobFunction: 'sales',
        remote: 'all',
        location: '',
      },
    });
    expect(saved).toMatchObject({
      name: '“capture” · Federal · Sales',
      query: { jobFunction: 'sales', search: 'capture', sector: 'FEDERAL' },
      frequency: 'instant',
      active: true,
      lastSentAt: null,
      newMatches: 0,
    });
    const list = await request(h.app)
      .get('/api/user/saved-searches')
      .set('Authorization', h.tokens.bearer(user));
    expect((list.body as SavedSearch[]).map((search) => search.id)).toEqual([saved.id]);
    const [created] = await waitFor(
      () =>
        eventsOf('saved_search.created', saved.id).length > 0 &&
        eventsOf('saved_search.created', saved.id),
    );
    expect(created?.data).toMatchObject({ revision: 1, active: true, query: saved.query });
  });

  it('when the search is not one /api/jobs accepts, then 400 with its message and nothing is saved', async () => {
    const user = h.tokens.newUser();
    const bearer = h.tokens.bearer(user);
    for (const body of [
      { query: { sector: 'MOON' } },
      { query: { search: 'x'.repeat(201) } },
      { query: { limit: '5' } },
      { query: {}, frequency: 'hourly' },
      { query: {}, extra: true },
    ]) {
      const response = await request(h.app)
        .post('/api/user/saved-searches')
        .set('Authorization', bearer)
        .send(body);
      expect(response.status).toBe(400);
    }
    expect(await h.models.SavedSearch.countDocuments({ userId: user.id })).toBe(0);
  });

  it('when a user renames, pauses and deletes a search, then each change is stated; another user cannot touch it', async () => {
    const user = h.tokens.newUser();
    const bearer = h.tokens.bearer(user);
    const saved = await saveSearch(bearer);
    const stranger = h.tokens.bearer(h.tokens.newUser());
    const path = `/api/user/saved-searches/${saved.id}`;

    expect(
      (await request(h.app).patch(path).set('Authorization', stranger).send({ active: false }))
        .status,
    ).toBe(404);
    const paused = await request(h.app)
      .patch(path)
      .set('Authorization', bearer)
      .send({ name: 'My capture jobs', active: false, frequency: 'weekly' });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({
      name: 'My capture jobs',
      active: false,
      frequency: 'weekly',
    });
    const updated = await waitFor(() => eventsOf('saved_search.updated', saved.id)[0]);
    expect(updated.data).toMatchObject({ revision: 2, active: false });

    expect((await request(h.app).delete(path).set('Authorization', stranger)).status).toBe(404);
    expect((await request(h.app).delete(path).set('Authorization', bearer)).status).toBe(204);
    const deleted = await waitFor(() => eventsOf('saved_search.deleted', saved.id)[0]);
    expect(deleted.data.revision).toBe(3);
    expect(
      (await request(h.app).get('/api/user/saved-searches').set('Authorization', bearer)).body,
    ).toEqual([]);
  });

  it('when a user has 50 saved searches, then a 51st is refused', async () => {
    const user = h.tokens.newUser();
    const bearer = h.tokens.bearer(user);
    // 49 through the domain (what the route calls), the 50th and 51st through HTTP.
    for (let i = 0; i < 49; i++)
      await h.service.savedSearches.create(
        { id: user.id, email: emailOf(user) },
        { query: { search: `word${i}` }, name: undefined, frequency: 'daily' },
      );
    await saveSearch(bearer, { query: { search: 'fiftieth' } });
    const refused = await request(h.app)
      .post('/api/user/saved-searches')
      .set('Authorization', bearer)
      .send({ query: {} });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('You can keep at most 50 saved searches');
    expect(await h.models.SavedSearch.countDocuments({ userId: user.id })).toBe(50);
  });

  it('when the account is deleted, then its saved searches go', async () => {
    const user = h.tokens.newUser();
    const saved = await saveSearch(h.tokens.bearer(user));
    await h.publish(
      'user.deleted',
      { userId: user.id, deletedAt: new Date().toISOString() },
      'auth',
    );
    await waitFor(() => eventsOf('saved_search.deleted', saved.id)[0]);
    expect(await h.models.SavedSearch.countDocuments({ userId: user.id })).toBe(0);
  });
});

describe('matching and sending', () => {
  it('when a job matches a search, then it is recorded once ever and mailed once, with its link and one-click unsubscribe', async () => {
    const user = h.tokens.newUser();
    const saved = await saveSearch(h.tokens.bearer(user));
    const job = await match([saved.id], { title: 'Capture Manager <Federal>' });
    await h.publish('saved_search.matched', { job, savedSearchIds: [saved.id] });
    await h.settle();
    expect(await unsent(saved.id)).toBe(1);
    const listed = await request(h.app)
      .get('/api/user/saved-searches')
      .set('Authorization', h.tokens.bearer(user));
    expect((listed.body as SavedSearch[])[0]?.newMatches).toBe(1);

    expect(await h.service.alerts.sendDue(new Date())).toBe(1);
    const [mail, ...more] = await alertsTo(emailOf(user));
    expect(more).toEqual([]);
    expect(mail).toContain(`${h.publicBaseUrl}/jobs/${job.id}`);
    expect(mail).toContain('Capture Manager &lt;Federal&gt;');
    expect(mail).toContain(`See all: ${h.publicBaseUrl}/jobs?search=capture`);
    expect(mail).toMatch(
      /^List-Unsubscribe: <http:\/\/localhost:8080\/api\/alerts\/unsubscribe\?token=[\w.-]+>$/m,
    );
    expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(await unsent(saved.id)).toBe(0);
    const sent = await waitFor(() => eventsOf('alert.sent', saved.id)[0]);
    expect(sent.data.jobIds).toEqual([job.id]);

    // The same match stated again, and another tick: nothing new.
    await h.publish('saved_search.matched', { job, savedSearchIds: [saved.id] });
    await h.settle();
    expect(await h.service.alerts.sendDue(new Date(Date.now() + 120_000))).toBe(0);
    expect(await alertsTo(emailOf(user))).toHaveLength(1);
    const after = await request(h.app)
      .get('/api/user/saved-searches')
      .set('Authorization', h.tokens.bearer(user));
    expect((after.body as SavedSearch[])[0]?.lastSentAt).not.toBeNull();
  });

  it('when a search is paused, then jobs matched meanwhile are not recorded', async () => {
    const user = h.tokens.newUser();
    const bearer = h.tokens.bearer(user);
    const saved = await saveSearch(bearer);
    await request(h.app)
      .patch(`/api/user/saved-searches/${saved.id}`)
      .set('Authorization', bearer)
      .send({ active: false })
      .expect(200);
    await match([saved.id]);
    expect(await unsent(saved.id)).toBe(0);
  });

  it('when a matched job closes before its alert goes, then it is left out (and no e-mail goes for it alone)', async () => {
    const user = h.tokens.newUser();
    const saved = await saveSearch(h.tokens.bearer(user));
    const closed = await match([saved.id], { title: 'Closed Capture Role' });
    const open = await match([saved.id], {
      title: 'Open Capture Role',
      salaryMin: 120_000,
      salaryMax: 150_000,
      salaryPeriod: 'year',
    });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const expired = await match([saved.id], {
      title: 'Expired Capture Role',
      closingDate: yesterday,
    });
    await h.publish('job.deleted', { job: { ...closed, deletedAt: new Date().toISOString() } });
    await h.settle();

    expect(await h.service.alerts.sendDue(new Date())).toBeGreaterThanOrEqual(1);
    const [mail] = await alertsTo(emailOf(user));
    expect(mail).toContain('Open Capture Role');
    expect(mail).not.toContain('Closed Capture Role');
    expect(mail).not.toContain('Expired Capture Role');
    expect(mail).toContain('$120k–$150k a year');
    const decision = (jobId: string) =>
      h.models.AlertDecision.findOne({ _id: `${saved.id}:${jobId}` }).lean();
    expect(await decision(closed.id)).toMatchObject({ leftOut: true });
    expect(await decision(open.id)).toMatchObject({ leftOut: false });
    expect(await decision(expired.id)).toMatchObject({ leftOut: true });
    expect(await unsent(saved.id)).toBe(0);

    const other = await saveSearch(h.tokens.bearer(h.tokens.newUser()));
    const alone = await match([other.id]);
    await h.publish('job.deleted', { job: { ...alone, deletedAt: new Date().toISOString() } });
    await h.settle();
    await h.service.alerts.sendDue(new Date());
    expect(eventsOf('alert.sent', other.id)).toEqual([]);
    expect(await unsent(other.id)).toBe(0);
  });

  it('when a daily search has matches, then they go once at the digest hour, even with two senders at once', async () => {
    const user = h.tokens.newUser();
    const saved = await saveSearch(h.tokens.bearer(user), {
      query: { search: 'digest' },
      frequency: 'daily',
    });
    await match([saved.id], { title: 'Digest Role One' });
    await match([saved.id], { title: 'Digest Role Two' });

    // Saved today: its first digest is tomorrow's.
    expect(await h.service.alerts.sendDue(new Date())).toBe(0);
    const tomorrow = new Date();
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    tomorrow.setUTCHours(7, 0, 30, 0);
    await Promise.all([h.service.alerts.sendDue(tomorrow), h.service.alerts.sendDue(tomorrow)]);
    await waitFor(() => eventsOf('alert.sent', saved.id)[0]);
    await h.settle();
    expect(eventsOf('alert.sent', saved.id)).toHaveLength(1);
    const mails = await alertsTo(emailOf(user));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('2 new jobs');
    expect(mails[0]).toContain('Digest Role One');
    expect(mails[0]).toContain('Digest Role Two');
  });
});

describe('sending from several instances', () => {
  it('when senders tick at once, then each match is mailed once; a later match waits for the batching gap since the last e-mail', async () => {
    const user = h.tokens.newUser();
    const saved = await saveSearch(h.tokens.bearer(user), { query: { search: 'overlap' } });
    await match([saved.id], { title: 'Overlap Role One' });
    const now = new Date();
    const sent = await Promise.all([
      h.service.alerts.sendDue(now),
      h.service.alerts.sendDue(now),
      h.service.alerts.sendDue(now),
    ]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await alertsTo(emailOf(user))).toHaveLength(1);

    await match([saved.id], { title: 'Overlap Role Two' });
    expect(await h.service.alerts.sendDue(new Date(now.getTime() + 30_000))).toBe(0);
    expect(await unsent(saved.id)).toBe(1);
    expect(h.service.alerts.nextDueAt()).toEqual(new Date(now.getTime() + ALERT_INSTANT_BATCH_MS));
    expect(await h.service.alerts.sendDue(new Date(now.getTime() + ALERT_INSTANT_BATCH_MS))).toBe(
      1,
    );
    const mails = await alertsTo(emailOf(user));
    expect(mails).toHaveLength(2);
    expect(mails[1]).toContain('Overlap Role Two');
    expect(mails[1]).not.toContain('Overlap Role One');
    expect(await h.models.AlertLock.countDocuments({ _id: saved.id })).toBe(0);
  });

  it('when another instance holds a search, then it is left to it; a lock whose holder died is taken over once it expires', async () => {
    const user = h.tokens.newUser();
    const saved = await saveSearch(h.tokens.bearer(user), { query: { search: 'locked' } });
    await match([saved.id], { title: 'Locked Role' });
    const now = new Date();
    await h.models.AlertLock.create({ _id: saved.id, until: new Date(now.getTime() + 60_000) });
    expect(await h.service.alerts.sendDue(now)).toBe(0);
    expect(await unsent(saved.id)).toBe(1);
    expect(await h.models.AlertLock.countDocuments({ _id: saved.id })).toBe(1);

    expect(await h.service.alerts.sendDue(new Date(now.getTime() + 61_000))).toBe(1);
    const [mail] = await alertsTo(emailOf(user));
    expect(mail).toContain('Locked Role');
    expect(await unsent(saved.id)).toBe(0);
    expect(await h.models.AlertLock.countDocuments({ _id: saved.id })).toBe(0);
  });

  it('when a job matches again after its alert went (it was edited), then it is not mailed again', async () => {
    const user = h.tokens.newUser();
    const saved = await saveSearch(h.tokens.bearer(user), { query: { search: 'again' } });
    const job = await match([saved.id], { title: 'Again Role' });
    const now = new Date();
    expect(await h.service.alerts.sendDue(now)).toBe(1);
    await h.publish('saved_search.matched', {
      job: { ...job, title: 'Again Role (edited)' },
      savedSearchIds: [saved.id],
    });
    await h.settle();
    expect(await unsent(saved.id)).toBe(0);
    expect(await h.service.alerts.sendDue(new Date(now.getTime() + 120_000))).toBe(0);
    expect(await alertsTo(emailOf(user))).toHaveLength(1);

    // Left waiting again anyway (a statement that failed half way): cleared, not mailed.
    await h.models.AlertPending.create({
      _id: `${saved.id}:${job.id}`,
      savedSearchId: saved.id,
      jobId: job.id,
      job: { title: job.title, company: job.company, location: job.location },
      matchedAt: new Date(),
    });
    expect(await h.service.alerts.sendDue(new Date(now.getTime() + 240_000))).toBe(0);
    expect(await unsent(saved.id)).toBe(0);
    expect(await alertsTo(emailOf(user))).toHaveLength(1);
  });
});

describe('when the mail server is down', () => {
  // Nothing listens on port 9 (discard) here: every SMTP connection is refused.
  const down = harnessForFile({ smtpUrl: 'smtp://127.0.0.1:9' });

  it('then no match is lost: it waits for the next tick, undecided and unlocked', async () => {
    const user = down.tokens.newUser();
    const saved = await request(down.app)
      .post('/api/user/saved-searches')
      .set('Authorization', down.tokens.bearer(user))
      .send({ query: { search: 'smtp' } })
      .expect(201);
    const id = (saved.body as SavedSearch).id;
    const job = await down.createJob({ title: 'Mail Server Role' });
    await down.publish('saved_search.matched', { job, savedSearchIds: [id] });
    await down.settle();
    expect(await down.service.alerts.sendDue(new Date())).toBe(0);
    expect(await down.models.AlertPending.countDocuments({ savedSearchId: id })).toBe(1);
    expect(await down.models.AlertDecision.countDocuments({ savedSearchId: id })).toBe(0);
    expect(await down.models.AlertLock.countDocuments({ _id: id })).toBe(0);
    expect(await down.models.AlertProgress.countDocuments({ _id: id })).toBe(0);
  });
});

describe('visitors: double opt-in and links without signing in', () => {
  function subscribe(email: string, query: object = { search: 'capture' }) {
    return request(h.app)
      .post('/api/alerts/subscribe')
      .send({ email, query, frequency: 'instant' });
  }

  const confirmMail = (email: string) =>
    waitFor(async () =>
      (await mailsTo(h.mailDir, email)).find((mail) => mail.includes('Confirm your alert')),
    );

  it('when a visitor subscribes, then nothing is matched until the mailed link is opened; then alerts go and unsubscribe works in one click', async () => {
    const email = `visitor-${Date.now()}@example.com`;
    const subscribed = await subscribe(email);
    expect(subscribed.status).toBe(202);
    const search = await h.models.SavedSearch.findOne({ email }).lean();
    if (!search) throw new Error('not stored');
    expect(search.confirmedAt).toBeNull();
    await match([search._id]);
    expect(await unsent(search._id)).toBe(0);

    const token = tokenIn(await confirmMail(email), 'confirm');
    const confirmed = await request(h.app).post('/api/alerts/confirm').send({ token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.alert).toMatchObject({ name: '“capture”', active: true });
    expect((await request(h.app).post('/api/alerts/confirm').send({ token })).status).toBe(200);
    const activated = await waitFor(() => eventsOf('saved_search.updated', search._id)[0]);
    expect(activated.data.active).toBe(true);

    const job = await match([search._id], { title: 'Visitor Capture Role' });
    await h.service.alerts.sendDue(new Date());
    const [alert] = await alertsTo(email);
    if (!alert) throw new Error('no alert e-mail');
    expect(alert).toContain(`/jobs/${job.id}`);

    const manage = tokenIn(alert, 'manage');
    expect(tokenIn(alert, 'unsubscribe')).toBe(manage);
    const read = await request(h.app).post('/api/alerts/manage').send({ token: manage });
    expect(read.body.alert).toMatchObject({ frequency: 'instant', active: true });
    expect(JSON.stringify(read.body)).not.toContain(email);
    const weekly = await request(h.app)
      .patch('/api/alerts/manage')
      .send({ token: manage, frequency: 'weekly' });
    expect(weekly.body.alert.frequency).toBe('weekly');

    const oneClick =
      /^List-Unsubscribe: <http:\/\/localhost:8080(\/api\/alerts\/unsubscribe\?token=[\w.-]+)>$/m.exec(
        alert,
      )?.[1];
    if (!oneClick) throw new Error('no List-Unsubscribe');
    const unsubscribed = await request(h.app)
      .post(oneClick)
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect(unsubscribed.status).toBe(200);
    expect(await h.models.SavedSearch.countDocuments({ _id: search._id })).toBe(0);
    await waitFor(() => eventsOf('saved_search.deleted', search._id)[0]);
    // The visible link, opened later: still a calm answer.
    expect(
      (await request(h.app).post('/api/alerts/unsubscribe').send({ token: manage })).status,
    ).toBe(200);
    expect((await request(h.app).post('/api/alerts/manage').send({ token: manage })).status).toBe(
      404,
    );
  });

  it('when a link token is tampered with, expired, or meant for something else, then 400 and nothing changes', async () => {
    const email = `tamper-${Date.now()}@example.com`;
    await subscribe(email).expect(202);
    const token = tokenIn(await confirmMail(email), 'confirm');
    const [code, id, expires, mac] = token.split('.') as [string, string, string, string];
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    const otherId = `${code}.${'0'.repeat(8)}${id.slice(8)}.${expires}.${mac}`;
    const later = `${code}.${id}.${(parseInt(expires, 36) + 1000).toString(36)}.${mac}`;
    for (const bad of [
      `${code}.${id}.${expires}.${flipped}`,
      otherId,
      later,
      'garbage',
      `${token}.x`,
    ]) {
      const response = await request(h.app).post('/api/alerts/confirm').send({ token: bad });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe('This link is not valid');
    }
    // A confirmation link is no unsubscribe link.
    expect((await request(h.app).post('/api/alerts/unsubscribe').send({ token })).status).toBe(400);

    const past = new LinkTokens(TEST_LINK_SECRET, () => new Date(Date.now() - 49 * 60 * 60 * 1000));
    const expired = past.sign('confirm', id, 48 * 60 * 60 * 1000);
    const response = await request(h.app).post('/api/alerts/confirm').send({ token: expired });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe('This link has expired');
    const stored = await h.models.SavedSearch.findOne({ email }).lean();
    expect(stored?.confirmedAt).toBeNull();
    expect((await request(h.app).post('/api/alerts/unsubscribe?token=abc.def')).status).toBe(400);
  });

  it('when an address asks for more confirmation e-mails than allowed in a day, then 429 and no e-mail', async () => {
    const email = `limited-${Date.now()}@example.com`;
    await subscribe(email, { search: 'one' }).expect(202);
    await subscribe(email, { search: 'two' }).expect(202);
    const refused = await subscribe(email.toUpperCase(), { search: 'three' });
    expect(refused.status).toBe(429);
    expect(await mailsTo(h.mailDir, email)).toHaveLength(2);
  });

  it('when a sign-up is malformed, then 400 and nothing is stored', async () => {
    for (const body of [
      { email: 'not-an-address', query: {} },
      { email: 'ok@example.com', query: { sector: 'MOON' } },
      { email: 'ok@example.com', query: {}, frequency: 'hourly' },
      { email: `${'a'.repeat(250)}@example.com`, query: {} },
    ]) {
      expect((await request(h.app).post('/api/alerts/subscribe').send(body)).status).toBe(400);
    }
    expect(await h.models.SavedSearch.countDocuments({ email: 'ok@example.com' })).toBe(0);
  });
});
