import { describe, expect, it } from 'vitest';
import { applyUrlSignals, parseApplyUrl } from './apply-url.js';
import { descriptionSignals, scamPhrasingSignal } from './description.js';
import {
  emailDomainOf,
  isFreeMail,
  nameMatchesCompany,
  posterDomainFits,
  registeredDomainOf,
} from './organisation.js';
import { jaccard, nearest, shinglesOf } from './similarity.js';
import { DEFAULT_DENIED_APPLY_HOSTS } from './url-lists.js';
import { REVIEW_THRESHOLD, SIGNAL_WEIGHTS } from './weights.js';

const names = (signals: { signal: string }[]) => signals.map((raised) => raised.signal);
const applySignals = (url: string, denied = DEFAULT_DENIED_APPLY_HOSTS) =>
  applyUrlSignals(parseApplyUrl(url), denied);

describe('the poster and the company', () => {
  it('when an address is given, then its domain is read in lowercase; without one, none', () => {
    expect(emailDomainOf('Jane.Doe@Keystone-Fed.COM')).toBe('keystone-fed.com');
    expect(emailDomainOf('jane@localhost')).toBeUndefined();
    expect(emailDomainOf(undefined)).toBeUndefined();
  });

  it('when the domain gives addresses to anyone (webmail, ISP, disposable), then it is free mail', () => {
    for (const domain of ['gmail.com', 'yahoo.com', 'outlook.com', 'protonmail.com', 'comcast.net'])
      expect(isFreeMail(domain)).toBe(true);
    expect(isFreeMail('eu.gmail.com')).toBe(true);
    for (const domain of ['boozallen.com', 'carahsoft.com', 'tylertech.com', 'gdit.com'])
      expect(isFreeMail(domain)).toBe(false);
  });

  it('when a host is under a second-level suffix, then its registered domain keeps three labels', () => {
    expect(registeredDomainOf('careers.acme.co.uk')).toBe('acme.co.uk');
    expect(registeredDomainOf('jobs.keystone.example')).toBe('keystone.example');
  });

  it('when the domain is the company run together, its start, its initials or its first word, then it stands for the company', () => {
    expect(nameMatchesCompany('keystonefed.com', 'Keystone Federal Systems, Inc.')).toBe(true);
    expect(nameMatchesCompany('gdit.com', 'General Dynamics Information Technology')).toBe(true);
    expect(nameMatchesCompany('tylertech.com', 'Tyler Technologies')).toBe(true);
    expect(nameMatchesCompany('boozallen.com', 'Booz Allen Hamilton')).toBe(true);
    expect(nameMatchesCompany('saic.com', 'SAIC')).toBe(true);
    expect(nameMatchesCompany('randomsite.net', 'Booz Allen Hamilton')).toBe(false);
  });

  it('when the apply link is on the poster’s domain or an ATS page names it, then the domain fits', () => {
    const fits = (domain: string, url: string, company = 'Northwind') =>
      posterDomainFits(domain, parseApplyUrl(url), company);
    expect(fits('keystone.example', 'https://careers.keystone.example/jobs/1')).toBe(true);
    expect(fits('acme.com', 'https://acme.wd1.myworkdayjobs.com/en-US/jobs/2')).toBe(true);
    expect(fits('acme.com', 'https://boards.greenhouse.io/acme/jobs/3')).toBe(true);
    expect(fits('acme.com', 'https://jobs.lever.co/otherco/4')).toBe(false);
    expect(fits('northwindcorp.com', 'https://jobs.lever.co/otherco/4')).toBe(true);
    expect(fits('northwind-careers.com', 'https://jobs.lever.co/otherco/4')).toBe(false);
    expect(fits('leidos-hiring-team.example', 'https://leidos-jobs.example/a', 'Leidos')).toBe(
      false,
    );
  });
});

describe('the apply link', () => {
  it('when it is an ordinary HTTPS link, then it raises nothing', () => {
    expect(applySignals('https://careers.keystone.example/jobs/1')).toEqual([]);
  });

  it('when it points at an IP address, in any of its written forms, then apply_ip_literal', () => {
    for (const url of [
      'https://203.0.113.7/apply',
      'https://[2001:db8::1]/a',
      'https://3405803783/x',
    ])
      expect(names(applySignals(url))).toContain('apply_ip_literal');
  });

  it('when it goes through a shortener, then apply_shortener names it', () => {
    const [raised] = applySignals('https://bit.ly/3xYz');
    expect(raised).toEqual({
      signal: 'apply_shortener',
      weight: SIGNAL_WEIGHTS.apply_shortener,
      evidence: 'apply link goes through the shortener bit.ly',
    });
  });

  it('when it is plain HTTP, then apply_not_https', () => {
    expect(names(applySignals('http://careers.keystone.example/jobs/1'))).toEqual([
      'apply_not_https',
    ]);
  });

  it('when its host or a parent of it is denied, then apply_denied; the setting adds hosts', () => {
    expect(names(applySignals('https://wa.me/15550142'))).toEqual(['apply_denied']);
    expect(names(applySignals('https://chat.whatsapp.com/abc'))).toEqual(['apply_denied']);
    expect(names(applySignals('https://jobs.scam.example/a', ['scam.example']))).toEqual([
      'apply_denied',
    ]);
  });

  it('when it is no absolute URL, then no apply signal (the schema refuses it elsewhere)', () => {
    expect(applySignals('not a url')).toEqual([]);
  });
});

describe('the description', () => {
  it('when it gives an e-mail address or a phone number, then contact_in_description shows them', () => {
    const [raised] = descriptionSignals(
      'Send your CV to hiring.team@gmail.com or text (703) 555-0142 today.',
    );
    expect(raised?.signal).toBe('contact_in_description');
    expect(raised?.evidence).toContain('"hiring.team@gmail.com"');
    expect(raised?.evidence).toContain('"(703) 555-0142"');
    for (const phone of ['703.555.0142', '+44 20 7946 0958', '+234 803 555 0142', '703-555-0142'])
      expect(names(descriptionSignals(`Call ${phone}`))).toEqual(['contact_in_description']);
  });

  it('when numbers are salaries, years, clearances or contract numbers, then they are no phone', () => {
    const text =
      'Base $120,000 - $150,000 plus 2024-2025 bonus. TS/SCI, GS-35F-0119Y, 47QTCA19D00MM, 10,000+ seats, 8(a) STARS III.';
    expect(descriptionSignals(text)).toEqual([]);
  });

  it('when it has three links or more, then many_links; two are fine', () => {
    const two = 'See https://a.example/x and www.b.example/y.';
    expect(descriptionSignals(two)).toEqual([]);
    expect(names(descriptionSignals(`${two} Also http://c.example.`))).toEqual(['many_links']);
  });

  it('when it uses scam phrasing, then scam_phrasing names each phrase, a fee to apply holding the post alone', () => {
    const one = scamPhrasingSignal('Data entry', 'A small registration fee secures your spot.');
    expect(one).toMatchObject({ signal: 'scam_phrasing', weight: REVIEW_THRESHOLD });
    expect(one?.evidence).toBe('scam phrasing: fee to apply ("small registration fee")');
    const two = scamPhrasingSignal(
      'Remote assistant',
      'No experience needed! Earn $900 a week. Wire transfer of your first check.',
    );
    expect(two?.weight).toBeGreaterThan(SIGNAL_WEIGHTS.scam_phrasing);
    expect(two?.evidence).toContain(
      'no experience, $X a week ("no experience needed! earn $900 a week")',
    );
    expect(two?.evidence).toContain('wire transfer ("wire transfer")');
    expect(scamPhrasingSignal('Cashier', 'Contact us on WhatsApp to start')?.evidence).toContain(
      'chat app',
    );
  });

  it('when a real sales, marketing or technical post talks pay, fees and experience, then no scam phrasing', () => {
    const legit =
      'No experience with GovCon required for the SDR role; we train you. OTE $140k per year. ' +
      'You will own license fees, renewals and the GSA Schedule price list, and wire up Salesforce reports. ' +
      'Our platform lets residents pay permit application fees online and forward cases to inspectors.';
    expect(scamPhrasingSignal('Sales Development Representative', legit)).toBeUndefined();
  });
});

describe('text similarity', () => {
  const text = (description: string) => ({
    title: 'Account Executive',
    company: 'Acme',
    description,
  });
  const long =
    'Own a territory of federal civilian agencies and grow it through GSA Schedule and SEWP contract vehicles with our partners and resellers every quarter of the year';

  it('when a text is too short to compare, then it has no shingles', () => {
    expect(shinglesOf(text('Sell software.'))).toBeUndefined();
  });

  it('when two texts share most shingles, then Jaccard passes 0.6 and nearest finds it', () => {
    const mine = shinglesOf(text(long));
    const edited = text(`${long} in Virginia`);
    expect(mine).toBeDefined();
    if (!mine) return;
    expect(jaccard(mine, shinglesOf(edited) ?? new Set())).toBeGreaterThanOrEqual(0.6);
    const other = text(
      'Lead product marketing for a state and local government payments platform with launches, messaging, analyst relations and field enablement across many teams',
    );
    expect(nearest(mine, [other, { ...edited, id: 'x' }])?.candidate).toMatchObject({ id: 'x' });
    expect(nearest(mine, [other])).toBeUndefined();
  });

  it('when sets are disjoint or empty, then 0', () => {
    expect(jaccard(new Set(['a b c']), new Set(['d e f']))).toBe(0);
    expect(jaccard(new Set(), new Set())).toBe(0);
  });
});
