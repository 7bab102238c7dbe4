import { startTransition, StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

/** Renders a page's app into its `#root` (the shell's page, or a remote's standalone page). */
export function mountRoot(app: ReactNode): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  // As a transition, React renders the first page in slices of a few milliseconds and lets the
  // browser in between, instead of in one task that holds the phone for a quarter of a second
  // while the page's first paint (see the gateway's prerendered pages) is already on screen.
  startTransition(() => root.render(<StrictMode>{app}</StrictMode>));
}
