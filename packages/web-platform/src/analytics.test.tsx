import type { AnalyticsEvent } from '@b2g/contracts';
import { render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link, MemoryRouter } from 'react-router-dom';
import {
  configureAnalytics,
  setPageViewReporter,
  stopAnalytics,
  track,
  usePageViews,
  useResultsReport,
} from './analytics.js';
import { loadPlatformConfig } from './config.js';
import { fakeNetworkPerTest } from './testing.js';

const network = fakeNetworkPerTest();
afterEach(() => {
  stopAnalytics();
  setPageViewReporter(null);
  delete window.__B2G_CONFIG__;
  delete window.plausible;
  document.head.querySelectorAll('script[data-b2g-analytics]').forEach((s) => s.remove());
});

function Pages() {
  usePageViews();
  return <Link to="/jobs?sector=FEDERAL">Jobs</Link>;
}

/** Renders Pages at `path`; the array returned collects the paths reported as viewed from then on. */
function viewPages(path: string): string[] {
  const seen: string[] = [];
  setPageViewReporter((viewed) => seen.push(viewed));
  renderPages(path);
  return seen;
}

function renderPages(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Pages />
    </MemoryRouter>,
  );
}

describe('page views', () => {
  it('when the address carries a query (a reset token), then only the path is reported', () => {
    const seen = viewPages('/reset-password?token=s3cr3t-reset-token');
    expect(seen).toEqual(['/reset-password']);
  });

  it('when the route changes, then each path is reported once', async () => {
    const seen = viewPages('/');
    await userEvent.click(screen.getByRole('link', { name: 'Jobs' }));
    expect(seen).toEqual(['/', '/jobs']);
  });

  it('when a script URL is configured, then the script is added and page views go to it', () => {
    configureAnalytics({
      analyticsScriptUrl: 'https://stats.example.com/js/script.manual.js',
      analyticsDomain: 'b2g.example',
    });
    const script = document.head.querySelector<HTMLScriptElement>('script[data-b2g-analytics]');
    expect(script?.src).toBe('https://stats.example.com/js/script.manual.js');
    expect(script?.dataset.domain).toBe('b2g.example');
    renderPages('/pricing');
    expect(window.plausible?.q).toEqual([['pageview', { u: `${window.location.origin}/pricing` }]]);
  });

  it('when nothing is configured, then no script is added', () => {
    configureAnalytics({});
    expect(document.head.querySelector('script[data-b2g-analytics]')).toBeNull();
  });
});

describe('platform config', () => {
  it('when window.__B2G_CONFIG__ is set, then it is used without a request', async () => {
    window.__B2G_CONFIG__ = {
      analyticsScriptUrl: 'https://a.example/s.js',
      sisterSites: [{ label: 'A', href: 'https://a.example' }, { nope: 1 }],
    };
    await expect(loadPlatformConfig()).resolves.toEqual({
      analyticsScriptUrl: 'https://a.example/s.js',
      sisterSites: [{ label: 'A', href: 'https://a.example' }],
    });
    expect(network.requests).toHaveLength(0);
  });

  it('when /config.json answers HTML (the SPA fallback) or fails, then the config is empty', async () => {
    network.on('GET', '/config.json', {
      text: '<!doctype html>',
      headers: { 'Content-Type': 'text/html' },
    });
    await expect(loadPlatformConfig()).resolves.toEqual({});
    network.fail('GET', '/config.json');
    await expect(loadPlatformConfig()).resolves.toEqual({});
  });

  it('when /config.json answers JSON, then its fields are read', async () => {
    network.on('GET', '/config.json', {
      json: { analyticsScriptUrl: 'https://p.example/js/script.manual.js' },
    });
    await expect(loadPlatformConfig()).resolves.toEqual({
      analyticsScriptUrl: 'https://p.example/js/script.manual.js',
    });
  });
});

const JOB_ID = '0b7c1a52-6f3e-4d7b-9a51-2c8f0e4d1a36';
const OTHER_JOB_ID = '5d1e2f30-7a4b-4c8d-9e0f-1a2b3c4d5e6f';
const PATTERNS = ['/', '/jobs', '/jobs/:id', '/reset-password'];

/** The batches sent with sendBeacon (its URL checked), parsed. */
function beacons() {
  const sent: AnalyticsEvent[][] = [];
  const sendBeacon = vi.fn((url: string, body: string) => {
    expect(url).toBe('/api/analytics/events');
    sent.push((JSON.parse(body) as { events: AnalyticsEvent[] }).events);
    return true;
  });
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
  return sent;
}

/** The page is left: what waits is sent. */
const leave = () => window.dispatchEvent(new Event('pagehide'));

function setReferrer(referrer: string) {
  Object.defineProperty(document, 'referrer', { value: referrer, configurable: true });
}

describe("the board's own analytics", () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/');
    setReferrer('');
  });
  afterEach(() => {
    delete (navigator as { sendBeacon?: unknown }).sendBeacon;
    delete (navigator as { doNotTrack?: unknown }).doNotTrack;
    delete (navigator as { globalPrivacyControl?: unknown }).globalPrivacyControl;
  });

  it('when pages are viewed, then their route patterns (never the address) and the job view go in one beacon when the page is left', async () => {
    const sent = beacons();
    configureAnalytics({}, PATTERNS);
    renderPages(`/jobs/${JOB_ID}`);
    await userEvent.click(screen.getByRole('link', { name: 'Jobs' }));
    expect(sent).toEqual([]);
    leave();
    expect(sent).toEqual([
      [
        { type: 'page_view', path: '/jobs/:id' },
        { type: 'job_view', jobId: JOB_ID, source: 'direct' },
        { type: 'page_view', path: '/jobs' },
      ],
    ]);
  });

  it('when an address carries a token or matches no route, then only the pattern is sent', () => {
    const sent = beacons();
    configureAnalytics({}, PATTERNS);
    renderPages('/reset-password?token=s3cr3t-reset-token');
    leave();
    stopAnalytics();
    configureAnalytics({}, PATTERNS);
    renderPages('/no/such/page');
    leave();
    expect(sent).toEqual([
      [{ type: 'page_view', path: '/reset-password' }],
      [{ type: 'page_view', path: '/*' }],
    ]);
  });

  it('when the page opens from an alert e-mail, then the click and the view say so and ref leaves the address', () => {
    const sent = beacons();
    window.history.replaceState(null, '', `/jobs/${JOB_ID}?ref=alert&utm=x`);
    configureAnalytics({}, PATTERNS);
    expect(window.location.pathname + window.location.search).toBe(`/jobs/${JOB_ID}?utm=x`);
    renderPages(`/jobs/${JOB_ID}`);
    leave();
    expect(sent).toEqual([
      [
        { type: 'alert_click', jobId: JOB_ID },
        { type: 'page_view', path: '/jobs/:id' },
        { type: 'job_view', jobId: JOB_ID, source: 'alert' },
      ],
    ]);
  });

  it('when the page opens from a feed, then a feed click and a feed view are sent', () => {
    const sent = beacons();
    window.history.replaceState(null, '', `/jobs/${JOB_ID}?ref=feed`);
    configureAnalytics({}, PATTERNS);
    expect(window.location.search).toBe('');
    renderPages(`/jobs/${JOB_ID}`);
    leave();
    expect(sent[0]).toContainEqual({ type: 'feed_click', jobId: JOB_ID });
    expect(sent[0]).toContainEqual({ type: 'job_view', jobId: JOB_ID, source: 'feed' });
  });

  it('when another site or the job list led here, then the view is external or search', async () => {
    const sent = beacons();
    setReferrer('https://www.example.org/some/page');
    configureAnalytics({}, PATTERNS);
    renderPages(`/jobs/${JOB_ID}`);
    leave();
    stopAnalytics();
    setReferrer(`${window.location.origin}/jobs`);
    configureAnalytics({}, PATTERNS);
    renderPages(`/jobs/${OTHER_JOB_ID}`);
    leave();
    const views = sent.flat().filter((event) => event.type === 'job_view');
    expect(views.map((view) => view.source)).toEqual(['external', 'search']);
  });

  it('when Do Not Track or Global Privacy Control is on, then nothing is sent', () => {
    const sent = beacons();
    Object.defineProperty(navigator, 'doNotTrack', { value: '1', configurable: true });
    configureAnalytics({}, PATTERNS);
    renderPages('/jobs');
    track({ type: 'apply_click', jobId: JOB_ID });
    leave();
    stopAnalytics();
    delete (navigator as { doNotTrack?: unknown }).doNotTrack;
    Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true });
    configureAnalytics({}, PATTERNS);
    renderPages('/jobs');
    leave();
    expect(sent).toEqual([]);
  });

  it('when reporting was never started, then track sends nothing', () => {
    const sent = beacons();
    track({ type: 'bookmark', jobId: JOB_ID });
    leave();
    expect(sent).toEqual([]);
  });

  it('when 20 events wait, then they go at once; more go in batches of at most 20', () => {
    const sent = beacons();
    configureAnalytics({}, PATTERNS);
    for (let i = 0; i < 45; i += 1) track({ type: 'apply_click', jobId: JOB_ID });
    expect(sent.map((batch) => batch.length)).toEqual([20, 20]);
    leave();
    expect(sent.map((batch) => batch.length)).toEqual([20, 20, 5]);
  });

  it('when events wait, then they are sent after a short delay or when the page is hidden', async () => {
    vi.useFakeTimers();
    try {
      const sent = beacons();
      configureAnalytics({}, PATTERNS);
      track({ type: 'bookmark', jobId: JOB_ID });
      await vi.advanceTimersByTimeAsync(5_000);
      expect(sent).toEqual([[{ type: 'bookmark', jobId: JOB_ID }]]);
      track({ type: 'apply_click', jobId: JOB_ID });
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
      expect(sent).toHaveLength(2);
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState;
      vi.useRealTimers();
    }
  });

  it('when a batch would pass the body limit, then it is split', () => {
    const sent = beacons();
    configureAnalytics({}, PATTERNS);
    const jobIds = Array.from({ length: 50 }, () => JOB_ID);
    for (let i = 0; i < 6; i += 1) track({ type: 'job_impression', jobIds });
    leave();
    expect(sent.length).toBeGreaterThan(1);
    expect(sent.flat()).toHaveLength(6);
  });

  it('when sendBeacon is missing, then fetch with keepalive sends the batch as text', async () => {
    network.on('POST', '/api/analytics/events', { status: 202, text: '' });
    configureAnalytics({}, PATTERNS);
    track({ type: 'bookmark', jobId: JOB_ID });
    leave();
    await vi.waitFor(() => expect(network.calls('POST', '/api/analytics/events')).toHaveLength(1));
    expect(network.calls('POST', '/api/analytics/events')[0]?.body).toEqual({
      events: [{ type: 'bookmark', jobId: JOB_ID }],
    });
  });
});

describe('a result list', () => {
  afterEach(() => {
    delete (navigator as { sendBeacon?: unknown }).sendBeacon;
  });

  it('when it shows jobs for a search, then the search with its count and each job once are reported', () => {
    const sent = beacons();
    configureAnalytics({}, PATTERNS);
    const first = [{ id: JOB_ID }];
    const { rerender } = renderHook(
      ({ jobs }: { jobs: Array<{ id: string }> | undefined }) =>
        useResultsReport(jobs, 2, '  Capture  MANAGER '),
      { initialProps: { jobs: undefined as Array<{ id: string }> | undefined } },
    );
    rerender({ jobs: first });
    rerender({ jobs: [...first] });
    rerender({ jobs: [...first, { id: OTHER_JOB_ID }, { id: 'not-a-job-id' }] });
    leave();
    expect(sent.flat()).toEqual([
      { type: 'search', query: 'capture manager', results: 2 },
      { type: 'job_impression', jobIds: [JOB_ID] },
      { type: 'job_impression', jobIds: [OTHER_JOB_ID] },
    ]);
  });

  it('when a search finds nothing, then the search is reported with 0 results and no impression', () => {
    const sent = beacons();
    configureAnalytics({}, PATTERNS);
    renderHook(() => useResultsReport([], 0, 'cobol'));
    leave();
    expect(sent.flat()).toEqual([{ type: 'search', query: 'cobol', results: 0 }]);
  });
});
