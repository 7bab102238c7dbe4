// The shell's part of each page's first paint (header, footer, the empty page area), written to
// dist/prerender.json by route path. The page area holds PAGE_SLOT, where the gateway puts the
// remote's prerendered page (see frontends/README.md); a route with parameters has none.
import { writeFileSync } from 'node:fs';
import { prerenderAll } from '@b2g/web-platform/prerender';
import { Shell } from '../src/App.js';
import type { RemoteLoader } from '../src/federation/RemoteBoundary.js';
import { REMOTE_ROUTES } from '../src/routes.js';

function PageSlot() {
  return <template data-b2g-page="" />;
}

const slot: RemoteLoader = () => Promise.resolve({ default: PageSlot });

const rendered = await prerenderAll(
  REMOTE_ROUTES.filter((route) => !route.path.includes('/:')).map((route) => ({
    key: route.path,
    path: route.path,
    element: <Shell loadRemote={slot} />,
  })),
);
writeFileSync(new URL('../dist/prerender.json', import.meta.url), JSON.stringify(rendered));
