// Shared by the frontends' test setups: jest-dom matchers, cleanup, and what jsdom lacks for Radix.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Two shared cores run several projects at once: give findBy*/waitFor room before failing.
configure({ asyncUtilTimeout: 5000 });

// A test of build-time rendering (`@vitest-environment node`) has no DOM: the rest is the DOM's.
const dom = typeof window !== 'undefined';

afterEach(() => {
  cleanup();
  if (dom) window.localStorage.clear();
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

if (dom) {
  const proto = window.HTMLElement.prototype as unknown as Record<string, unknown>;
  proto.hasPointerCapture ??= () => false;
  proto.releasePointerCapture ??= () => {};
  proto.setPointerCapture ??= () => {};
  proto.scrollIntoView ??= () => {};

  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
