import { useEffect, useLayoutEffect, useState } from 'react';
import { useLocation, useNavigationType } from './router.js';
import type { ScrollRestorer } from './scroll-restorer.js';

/** The page's one restorer, loaded after the first paint (nothing to restore before it). */
let restorer: ScrollRestorer | undefined;

/**
 * Scrolling as browsers do it for documents (see scroll-restorer.ts): a new page opens at the
 * top, back and forward return to where the page was left. Its code loads after the first paint,
 * then takes the current location as the page's first.
 */
export function useScrollRestoration(): void {
  const { key, pathname, hash } = useLocation();
  const type = useNavigationType();
  const [ready, setReady] = useState(restorer !== undefined);
  useEffect(() => {
    if (restorer) return;
    void import('./scroll-restorer.js').then(({ createScrollRestorer }) => {
      restorer ??= createScrollRestorer();
      setReady(true);
    });
  }, []);
  useLayoutEffect(
    () => (ready ? restorer?.({ key, pathname, hash, type }) : undefined),
    [ready, key, pathname, hash, type],
  );
}
