import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { API_SERVICES, openApiDocument } from '@b2g/contracts/openapi';
import type { RequestHandler, Response } from 'express';

/** Where the API reference lives: the page, its script, the documents and Swagger UI's files. */
export const API_DOCS_PATH = '/api/docs';

/** The OpenAPI document of a service: /api/docs/{service}.openapi.json. */
export const apiDocumentPath = (service: string) => `${API_DOCS_PATH}/${service}.openapi.json`;

// Swagger UI's own files, served from the installed package (the page loads nothing from elsewhere;
// the package sits below pnpm's .pnpm folder, hence dotfiles allowed: only these names are served).
const SWAGGER_UI_DIR = dirname(
  createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'),
);
const SWAGGER_UI_FILES = new Set([
  'swagger-ui.css',
  'swagger-ui-bundle.js',
  'swagger-ui-standalone-preset.js',
]);

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>B2G Job Board API</title>
<link rel="stylesheet" href="${API_DOCS_PATH}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${API_DOCS_PATH}/swagger-ui-bundle.js"></script>
<script src="${API_DOCS_PATH}/swagger-ui-standalone-preset.js"></script>
<script src="${API_DOCS_PATH}/init.js"></script>
</body>
</html>
`;

const INIT = `window.ui = SwaggerUIBundle({
  urls: ${JSON.stringify(API_SERVICES.map((service) => ({ name: service, url: apiDocumentPath(service) })))},
  dom_id: '#swagger-ui',
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
});
`;

// The page's scripts are its own files; Swagger UI styles some elements inline.
const PAGE_POLICY =
  "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; frame-ancestors 'none'";

function send(res: Response, type: string, body: string): void {
  res.set('Content-Security-Policy', PAGE_POLICY).type(type).send(body);
}

/**
 * GET /api/docs: the API reference (Swagger UI) over one OpenAPI 3.1 document per service, made
 * once from the contracts' route table. Anything else under /api goes on to the services.
 */
export function apiDocs(): RequestHandler {
  const documents = new Map<string, string>(
    API_SERVICES.map((service) => [
      apiDocumentPath(service),
      JSON.stringify(openApiDocument(service)),
    ]),
  );
  return (req, res, next) => {
    const { path } = req;
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !path.startsWith(API_DOCS_PATH)) {
      next();
      return;
    }
    if (path === API_DOCS_PATH || path === `${API_DOCS_PATH}/`) return send(res, 'html', PAGE);
    if (path === `${API_DOCS_PATH}/init.js`) return send(res, 'js', INIT);
    const document = documents.get(path);
    if (document !== undefined) return send(res, 'json', document);
    const file = path.slice(API_DOCS_PATH.length + 1);
    if (SWAGGER_UI_FILES.has(file)) {
      res.sendFile(join(SWAGGER_UI_DIR, file), { maxAge: '1d', dotfiles: 'allow' }, (err) => {
        if (err) next(err);
      });
      return;
    }
    next();
  };
}
