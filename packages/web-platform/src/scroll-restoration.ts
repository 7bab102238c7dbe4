import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from './router.js';

/** Where each history entry was scrolled to, kept for the tab's life (a reload restores too). */
const STORAGE_KEY = 'b2g:scroll';
/** At most this many entries are kept: the oldest go first. */
const MAX_ENTRIES = 100;
/**
 * A restore holds the position while the page's content arrives (its data, cards rendered in a
 * later pass); without it the browser's scroll anchoring, keeping the footer in view as cards are
 * added above it, carries the page past where it was left. It ends this long after the position
 * was last reached, so a page whose data comes late is held until it has come.
 */
const RESTORE_SETTLE_MS = 2_000;
/** A page that never grows back to the position (it has fewer items now) is let go after this. */
const RESTORE_GIVE_UP_MS = 30_000;
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
 * Scrolls to `top`, and again each time the page's size changes, until the user scrolls or the
 * position has held for RESTORE_SETTLE_MS (a shorter page than before stays where it can).
 * Returns the cancel.
 */
function restoreTo(top: number): () => void {
  if (typeof ResizeObserver === 'undefined') {
    window.scrollTo(0, top);
    return () => {};
  }
  let settled: ReturnType<typeof setTimeout> | undefined;
  const giveUp = setTimeout(stop, RESTORE_GIVE_UP_MS);
  const hold = () => {
    window.scrollTo(0, top);
    if (Math.abs(window.scrollY - top) >= 1) return;
    clearTimeout(settled);
    settled = setTimeout(stop, RESTORE_SETTLE_MS);
  };
  const observer = new ResizeObserver(hold);
  function stop() {
    observer.disconnect();
    clearTimeout(settled);
    clearTimeout(giveUp);
    for (const type of USER_INPUT) window.removeEventListener(type, stop);
  }
  observer.observe(document.body);
  for (const type of USER_INPUT) window.addEventListener(type, stop, { passive: true });
  hold();
  return stop;
}

/**
 * Scrolling as browsers do it for documents: a new page (another path) opens at the top, or at
 * its #fragment; back and forward (and a reload) return to where that entry was left. A change
 * of the query alone (filters, a dashboard tab) keeps the position.
 */
export function useScrollRestoration(): void {
  const { key, pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const current = useRef({ key, pathname });
  const positions = useRef<Map<string, number> | null>(null);
  positions.current ??= readPositions();

  useEffect(() => {
    const saved = positions.current;
    if (!saved) return undefined;
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    const save = () => {
      saved.delete(current.current.key);
      saved.set(current.current.key, window.scrollY);
    };
    const persist = () => {
      save();
      writePositions(saved);
    };
    window.addEventListener('scroll', save, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', save);
      window.removeEventListener('pagehide', persist);
      window.history.scrollRestoration = previous;
    };
  }, []);

  useLayoutEffect(() => {
    const before = current.current;
    current.current = { key, pathname };
    const saved = positions.current;
    if (navigationType === 'POP') {
      const top = saved?.get(key);
      if (top !== undefined) return restoreTo(top);
      // The first entry of the tab: the browser has placed it (at a #fragment, if any).
      if (before.key === key) return undefined;
    } else if (before.pathname === pathname) {
      saved?.set(key, window.scrollY);
      return undefined;
    }
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    return undefined;
  }, [key, pathname, hash, navigationType]);
}
