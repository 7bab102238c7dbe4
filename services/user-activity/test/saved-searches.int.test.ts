import type { SavedSearch } from '@b2g/contracts';
import { mailsTo } from '@b2g/service-kit/testing';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { LinkTokens } from '../src/domain/link-tokens.js';
import {
  harnessForFile,
  savedSearchSteps,
  strictlyIncreasingClock,
  TEST_LINK_SECRET,
  waitFor,
} from './helpers.js';
import { emailOf } from './jobs-api-server.js';

/**
 * Saved searches through HTTP and events against the real database and broker: saving and
 * changing them signed in, double opt-in and links that work without signing in.
 */
/** How far the service's clock runs ahead: a test moves it to let a link expire. */
let aheadMs = 0;
const increasing = strictlyIncreasingClock();
const h = harnessForFile({
  confirmMailsPerAddress: 2,
  clock: () => new Date(increasing().getTime() + aheadMs),
});
const { saveSearch, eventsOf, match, unsent, alertsTo, tokenIn } = savedSearchSteps(h);

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

describe('one alert per search', () => {
  const post = (bearer: string, body: object) =>
    request(h.app).post('/api/user/saved-searches').set('Authorization', bearer).send(body);

  it('when a signed-in user chooses how often, then the alert keeps that frequency', async () => {
    const bearer = h.tokens.bearer(h.tokens.newUser());
    for (const frequency of ['instant', 'daily', 'weekly'] as const) {
      const saved = await saveSearch(bearer, {
        query: { search: `often-${frequency}` },
        frequency,
      });
      expect(saved.frequency).toBe(frequency);
    }
  });

  it('when a user saves the same search again (filters in another order, other case and spacing, another sort), then 200 answers the first one unchanged and nothing new is stored or stated', async () => {
    const user = h.tokens.newUser();
    const bearer = h.tokens.bearer(user);
    const first = await saveSearch(bearer, {
      query: { search: 'Capture Manager', sector: 'FEDERAL', jobFunction: 'sales' },
      frequency: 'daily',
    });
    const again = await post(bearer, {
      query: {
        jobFunction: 'sales',
        remote: 'all',
        sector: 'FEDERAL',
        search: ' capture  manager ',
        sort: 'newest',
      },
      frequency: 'weekly',
      name: 'Another name',
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first);
    expect(await h.models.SavedSearch.countDocuments({ userId: user.id })).toBe(1);
    await h.settle();
    expect(eventsOf('saved_search.created', first.id)).toHaveLength(1);

    // Another search, or the same search of another user, is a new alert.
    await saveSearch(bearer, { query: { search: 'capture manager', sector: 'STATE_LOCAL' } });
    await saveSearch(h.tokens.bearer(h.tokens.newUser()), { query: first.query });

    // Once deleted, the search can be saved again at once.
    await request(h.app)
      .delete(`/api/user/saved-searches/${first.id}`)
      .set('Authorization', bearer)
      .expect(204);
    const renewed = await saveSearch(bearer, { query: first.query });
    expect(renewed.id).not.toBe(first.id);
  });

  it('when the same search is saved twice at once, then one alert is stored and both answers name it', async () => {
    const user = h.tokens.newUser();
    const bearer = h.tokens.bearer(user);
    const body = { query: { search: 'twice at once' } };
    const answers = await Promise.all([post(bearer, body), post(bearer, body)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
    expect(answers[0]?.body.id).toBe(answers[1]?.body.id);
    expect(await h.models.SavedSearch.countDocuments({ userId: user.id })).toBe(1);
  });

  it('when a user at the limit saves a search they have, then it answers the existing one rather than 409', async () => {
    const user = h.tokens.newUser();
    const bearer = h.tokens.bearer(user);
    const first = await saveSearch(bearer, { query: { search: 'kept' } });
    for (let i = 0; i < 49; i++)
      await h.service.savedSearches.create(
        { id: user.id, email: emailOf(user) },
        { query: { search: `limit${i}` }, name: undefined, frequency: 'daily' },
      );
    const again = await post(bearer, { query: { search: 'kept' } });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.id);
  });

  it('when searches were stored before keys, then the start keys them, the oldest of twins first, and a second save finds it', async () => {
    const user = h.tokens.newUser();
    const bearer = h.tokens.bearer(user);
    const older = { search: 'legacy' };
    const base = {
      userId: user.id,
      email: emailOf(user),
      name: '“legacy”',
      query: older,
      frequency: 'daily',
      active: true,
      revision: 1,
    };
    const oldest = new Date(Date.now() - 3 * 86_400_000);
    const younger = new Date(Date.now() - 2 * 86_400_000);
    await h.models.SavedSearch.collection.insertMany([
      { ...base, _id: 'legacy-b', confirmedAt: younger, createdAt: younger, updatedAt: younger },
      { ...base, _id: 'legacy-a', confirmedAt: oldest, createdAt: oldest, updatedAt: oldest },
    ] as never[]);
    expect(await h.service.savedSearches.keyOlderSearches()).toBeGreaterThanOrEqual(2);
    expect(await h.service.savedSearches.keyOlderSearches()).toBe(0);
    const again = await post(bearer, { query: older });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe('legacy-a');
  });

  it('then the lookup is an equality on a unique index of the key, not a scan', async () => {
    const indexes = await h.models.SavedSearch.listIndexes();
    expect(indexes).toContainEqual(
      expect.objectContaining({ key: { searchKey: 1 }, unique: true }),
    );
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

  it('when an address signs up for the same search again, then 200 answers the existing alert (waiting, then on) and no second alert or e-mail', async () => {
    const email = `again-${Date.now()}@example.com`;
    const query = { search: 'Capture', sector: 'FEDERAL' };
    await subscribe(email, query).expect(202);
    const waiting = await subscribe(email.toUpperCase(), { sector: 'FEDERAL', search: 'capture' });
    expect(waiting.status).toBe(200);
    expect(waiting.body).toEqual({
      message: 'This alert is waiting for you: open the link we e-mailed to start it.',
      existing: true,
      pendingConfirmation: true,
      alert: { name: '“Capture” · Federal', query, frequency: 'instant', active: true },
    });
    expect(await h.models.SavedSearch.countDocuments({ email })).toBe(1);
    expect(await mailsTo(h.mailDir, email)).toHaveLength(1);

    const token = tokenIn(await confirmMail(email), 'confirm');
    await request(h.app).post('/api/alerts/confirm').send({ token }).expect(200);
    const on = await subscribe(email, query);
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({
      message:
        'This address already gets this alert. Change or stop it from the links in any alert e-mail.',
      pendingConfirmation: false,
    });
    expect(JSON.stringify(on.body)).not.toMatch(/"id"|token|@/);
    // A name the owner gave the alert is not told to whoever types the address.
    const manage = new LinkTokens(TEST_LINK_SECRET).sign(
      'manage',
      (await h.models.SavedSearch.findOne({ email }).lean())?._id ?? '',
      60_000,
    );
    await request(h.app)
      .patch('/api/alerts/manage')
      .send({ token: manage, name: 'Private name' })
      .expect(200);
    expect((await subscribe(email, query)).body.alert.name).toBe('“Capture” · Federal');
    expect(await h.models.SavedSearch.countDocuments({ email })).toBe(1);
    expect(await mailsTo(h.mailDir, email)).toHaveLength(1);

    // Another address with the same search has an alert of its own.
    expect((await subscribe(`other-${email}`, query)).status).toBe(202);
  });

  it('when the earlier sign-up was never confirmed and its link has expired, then a new sign-up replaces it and mails a new link', async () => {
    const email = `lapsed-${Date.now()}@example.com`;
    await subscribe(email, { search: 'lapsed' }).expect(202);
    const first = await h.models.SavedSearch.findOne({ email }).lean();
    if (!first) throw new Error('not stored');
    // Two days later by the service's clock (the document has other writers: its outbox relay).
    aheadMs = 49 * 60 * 60 * 1000;
    try {
      expect((await subscribe(email, { search: 'lapsed' })).status).toBe(202);
      const stored = await h.models.SavedSearch.find({ email }).lean();
      expect(stored.map((search) => search._id)).not.toContain(first._id);
      expect(stored).toHaveLength(1);
      await waitFor(async () => (await mailsTo(h.mailDir, email)).length === 2);
    } finally {
      aheadMs = 0;
    }
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
