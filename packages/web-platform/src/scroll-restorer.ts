/** Where each history entry was scrolled to, kept for the tab's life (a reload restores too). */
const STORAGE_KEY = 'b2g:scroll';
/** At most this many entries are kept: the oldest go first. */
const MAX_ENTRIES = 100;
/**
 * How long a restore holds the position while the page's content arrives (its data, cards
 * rendered in a later pass); without it the browser's scroll anchoring, keeping the footer in
 * view as cards are added above it, carries the page past where it was left.
 */
const RESTORE_WAIT_MS = 2_000;
/** The user's own scrolling ends a restore still waiting. */
const USER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

function readPositions(): Map<string, number> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return new Map(Array.isArray(stored) ? (stored as [string, number][]) : []);
  } catch {
    return new Map();
  }
}

function writePositions(positions: Map<string, number>): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-MAX_ENTRIES)));
  } catch {
    // Storage full or refused: positions are then kept for this document only.
  }
}

/**
 * Scrolls to `top`, and again each time the page's size changes, until the user scrolls or
 * RESTORE_WAIT_MS pass (a shorter page than before stays where it can). Returns the cancel.
 */
function restoreTo(top: number): () => void {
  window.scrollTo(0, top);
  if (typeof ResizeObserver === 'undefined') return () => {};
  const observer = new ResizeObserver(() => window.scrollTo(0, top));
  const timer = setTimeout(stop, RESTORE_WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of USER_INPUT) window.removeEventListener(type, stop);
  }
  observer.observe(document.body);
  for (const type of USER_INPUT) window.addEventListener(type, stop, { passive: true });
  return stop;
}

/** Where the router is now, and how it got there. */
export interface NavigationPoint {
  key: string;
  pathname: string;
  hash: string;
  /** The router's navigation type: a new entry, one replaced, or back/forward (and the first). */
  type: 'POP' | 'PUSH' | 'REPLACE';
}

/** Applies the scroll position for a navigation; returns the cancel of a restore still waiting. */
export type ScrollRestorer = (point: NavigationPoint) => (() => void) | undefined;

/**
 * Scrolling as browsers do it for documents: a new page (another path) opens at the top, or at
 * its #fragment; back and forward (and a reload) return to where that entry was left. A change
 * of the query alone (filters, a dashboard tab) keeps the position. Positions are recorded from
 * the first call on, which is the page's first location.
 */
export function createScrollRestorer(): ScrollRestorer {
  const positions = readPositions();
  let current: { key: string; pathname: string } | undefined;
  window.history.scrollRestoration = 'manual';
  const save = () => {
    if (!current) return;
    positions.delete(current.key);
    positions.set(current.key, window.scrollY);
  };
  window.addEventListener('scroll', save, { passive: true });
  window.addEventListener('pagehide', () => {
    save();
    writePositions(positions);
  });

  return ({ key, pathname, hash, type }) => {
    const before = current;
    current = { key, pathname };
    if (type === 'POP') {
      const top = positions.get(key);
      if (top !== undefined) return restoreTo(top);
      // The first entry of the tab: the browser has placed it (at a #fragment, if any).
      if (!before || before.key === key) return undefined;
    } else if (before?.pathname === pathname) {
      positions.set(key, window.scrollY);
      return undefined;
    }
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    return undefined;
  };
}
