import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Link, MemoryRouter } from 'react-router-dom';
import { configureAnalytics, setPageViewReporter, usePageViews } from './analytics.js';
import { loadPlatformConfig } from './config.js';
import { fakeNetworkPerTest } from './testing.js';

const network = fakeNetworkPerTest();
afterEach(() => {
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
