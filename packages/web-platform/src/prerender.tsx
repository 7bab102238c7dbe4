/**
 * Build-time rendering of a page's first paint into HTML (Node only; not part of any bundle).
 * The gateway puts the result inside the page's `#root`, so the browser paints the header and the
 * page's top before any script has run; the shell's first render then replaces it with the same
 * markup, live (see frontends/README.md, "The prerendered first paint").
 *
 * What renders here is what a first visit renders before any answer arrives: no signed-in
 * visitor, every query still loading. Emotion writes each style as a `<style data-emotion>` beside
 * the markup that uses it; its browser copy moves those into the head when it starts.
 */
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { PlatformProviders } from './PlatformProviders.js';
import { createQueryClient } from './query-client.js';

/**
 * The HTML `element` renders at `path` inside the platform's providers, once every lazy part has
 * loaded. A part that fails to render rejects it (React would otherwise write the part's loading
 * state and leave it to the browser), so a page that cannot be prerendered fails its build.
 */
export async function prerenderHtml(element: ReactNode, path: string): Promise<string> {
  const queryClient = createQueryClient();
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StaticRouter location={path}>
      <PlatformProviders queryClient={queryClient}>{element}</PlatformProviders>
    </StaticRouter>,
    { onError: (error) => void errors.push(error) },
  );
  // The queries the page asked for keep a 5-minute timer each, which would hold the build open.
  queryClient.clear();
  if (errors.length > 0) throw new AggregateError(errors, `The page at ${path} failed to render`);
  return new Response(prelude).text();
}

/** One prerendered piece: the key the gateway looks it up by, and what renders at which path. */
export interface PrerenderEntry {
  key: string;
  path: string;
  element: ReactNode;
}

/** Each entry's HTML by its key: the `prerender.json` a frontend's build writes beside its bundles. */
export async function prerenderAll(
  entries: readonly PrerenderEntry[],
): Promise<Record<string, string>> {
  const rendered: Record<string, string> = {};
  for (const { key, path, element } of entries) rendered[key] = await prerenderHtml(element, path);
  return rendered;
}
