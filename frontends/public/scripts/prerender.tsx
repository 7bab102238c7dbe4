// The first paint of the pages a first visit most often opens, written to dist/prerender.json by
// the exposed module's name (the shell's route table names the same), for the gateway to put in
// the page's HTML inside the shell's prerendered frame (see frontends/README.md).
import { writeFileSync } from 'node:fs';
import { prerenderAll } from '@b2g/web-platform/prerender';
import HomePage from '../src/pages/HomePage.js';
import JobsPage from '../src/pages/JobsPage.js';

const rendered = await prerenderAll([
  { key: './HomePage', path: '/', element: <HomePage /> },
  { key: './JobsPage', path: '/jobs', element: <JobsPage /> },
]);
writeFileSync(new URL('../dist/prerender.json', import.meta.url), JSON.stringify(rendered));
