import {
  ALERT_INSTANT_BATCH_MS,
  ANALYTICS_REF_PARAM,
  SITE_NAME,
  type SavedSearch,
} from '@b2g/contracts';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { harnessForFile, savedSearchSteps, waitFor } from './helpers.js';
import { emailOf } from './jobs-api-server.js';

/**
 * Alerts of saved searches, through events against the real database and broker: which matches
 * are recorded and mailed, once, from several instances, and none lost while mail is down.
 */
const h = harnessForFile({ confirmMailsPerAddress: 2 });
const { saveSearch, eventsOf, match, unsent, alertsTo } = savedSearchSteps(h);

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

  it("when an alert is mailed, then it carries the board's name and look in HTML, the same in plain text, job links marked ?ref=alert and one-click unsubscribe", async () => {
    const user = h.tokens.newUser();
    const saved = await saveSearch(h.tokens.bearer(user), {
      query: { search: 'branded', sector: 'FEDERAL' },
    });
    const job = await match([saved.id], { title: 'Branded Capture Lead' });
    expect(await h.service.alerts.sendDue(new Date())).toBe(1);
    const [mail] = await alertsTo(emailOf(user));
    if (!mail) throw new Error('no alert e-mail');

    expect(mail).toMatch(new RegExp(`^From: "?${SITE_NAME}"? <alerts@b2g.local>$`, 'm'));
    expect(mail).not.toContain('B2G Jobs');
    const part = (type: string) =>
      new RegExp(
        `Content-Type: ${type}[^\\n]*\\r?\\n(?:[\\w-]+: [^\\n]*\\r?\\n)*\\r?\\n([\\s\\S]*?)\\r?\\n--`,
      ).exec(mail)?.[1] ?? '';
    const text = part('text/plain');
    const html = part('text/html');
    const jobLink = `${h.publicBaseUrl}/jobs/${job.id}?${ANALYTICS_REF_PARAM}=alert`;

    expect(text).toContain('1 new job for your alert "“branded” · Federal":');
    expect(text).toContain('Branded Capture Lead');
    expect(text).toContain(jobLink);
    expect(text).toContain(`See all: ${h.publicBaseUrl}/jobs?search=branded&sector=FEDERAL`);
    expect(text).toMatch(/Unsubscribe: http:\/\/localhost:8080\/alerts\/unsubscribe#token=/);
    expect(text).toContain(`— ${SITE_NAME}`);
    expect(text).not.toContain('<');

    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain(`>${SITE_NAME}</td>`);
    expect(html).toContain(`href="${jobLink}"`);
    expect(html).toContain('>Unsubscribe</a>');
    expect(html).toContain(`— ${SITE_NAME}`);

    expect(mail).toMatch(
      /^List-Unsubscribe: <http:\/\/localhost:8080\/api\/alerts\/unsubscribe\?token=[\w.-]+>$/m,
    );
    expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
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
