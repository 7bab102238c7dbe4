import type { RequestHandler, Response, Router } from 'express';
import type { GatewayConfig } from '../config.js';
import { pageHtml } from './page-html.js';
import { seoRoutes, type SeoDeps } from './seo-routes.js';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Frontend not built</title></head>
<body style="font-family: system-ui, sans-serif; margin: 3rem;">
<h1>The frontend is not built yet</h1>
<p>The gateway is running, but the shell's bundle is missing. Build the frontends
(<code>npm start</code> builds them, or <code>node scripts/pnpm.mjs build</code>) and reload this page.</p>
</body>
</html>
`;

function frontendNotBuilt(res: Response): void {
  res.status(503).set('Cache-Control', 'no-store').type('html').send(NOT_BUILT_PAGE);
}

/** /assets/main.abc123.js names a file; /dashboard and /jobs/42 are routes of the client. */
function looksLikeFile(path: string): boolean {
  return /\.[a-z0-9]{1,10}$/i.test(path.slice(path.lastIndexOf('/') + 1));
}

export type PageDeps = Omit<SeoDeps, 'shellHtml'>;

/** The HTML pages, in two parts: the shell's own files are served between them. */
export interface PageRoutes {
  /** robots.txt, the sitemaps, /jobs with its feed links and each job's page with its head. */
  seo: Router;
  /** The shell's index.html for every other page path, so the client router decides what it shows. */
  shell: RequestHandler;
}

export function pageRoutes(config: GatewayConfig, deps: PageDeps): PageRoutes {
  const pages = pageHtml(config.shellDir, config.remotes);
  return {
    seo: seoRoutes(config, { ...deps, shellHtml: (req) => pages.forRequest(req) }),
    shell: (req, res, next) => {
      if ((req.method !== 'GET' && req.method !== 'HEAD') || looksLikeFile(req.path)) return next();
      const html = pages.forRequest(req);
      if (html === undefined) return frontendNotBuilt(res);
      // express adds the ETag and answers a matching If-None-Match with 304.
      res.set('Cache-Control', 'no-cache').type('html').send(html);
    },
  };
}
