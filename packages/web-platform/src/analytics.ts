import { useEffect } from 'react';
import { useLocation } from './router.js';
import type { PlatformConfig } from './config.js';

/** Reports one page view of `path`: the pathname only, never the query (it can carry tokens). */
export type PageViewReporter = (path: string) => void;

type PlausibleFn = ((event: string, options?: { u?: string }) => void) & { q?: unknown[][] };

declare global {
  interface Window {
    plausible?: PlausibleFn;
  }
}

const noop: PageViewReporter = () => {};
let reporter: PageViewReporter = noop;

/** Replaces the page-view reporter (tests, or another analytics service). */
export function setPageViewReporter(next: PageViewReporter | null): void {
  reporter = next ?? noop;
}

export function reportPageView(path: string): void {
  try {
    reporter(path);
  } catch {
    // Analytics never breaks the page.
  }
}

/**
 * Loads a Plausible-compatible script when the config names one and reports page views to it;
 * without one, reporting stays a no-op. Use the script's manual variant: the shell reports
 * every route change itself.
 */
export function configureAnalytics(config: PlatformConfig): void {
  const src = config.analyticsScriptUrl;
  if (!src) {
    setPageViewReporter(null);
    return;
  }
  if (!window.plausible) {
    const queued: PlausibleFn = (...args: unknown[]) => {
      (queued.q = queued.q ?? []).push(args);
    };
    window.plausible = queued;
  }
  if (!document.querySelector(`script[data-b2g-analytics]`)) {
    const script = document.createElement('script');
    script.defer = true;
    script.src = src;
    script.dataset.domain = config.analyticsDomain ?? window.location.hostname;
    script.dataset.b2gAnalytics = '';
    document.head.appendChild(script);
  }
  setPageViewReporter((path) =>
    window.plausible?.('pageview', { u: `${window.location.origin}${path}` }),
  );
}

/**
 * Reports a page view on every route change (and the first render), by path alone: a query such
 * as the reset link's `?token=` never reaches the analytics provider. Use once, in the shell.
 */
export function usePageViews(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    reportPageView(pathname);
  }, [pathname]);
}
