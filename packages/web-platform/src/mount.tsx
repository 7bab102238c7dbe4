import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

/** Renders a page's app into its `#root` (the shell's page, or a remote's standalone page). */
export function mountRoot(app: ReactNode): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(<StrictMode>{app}</StrictMode>);
}
