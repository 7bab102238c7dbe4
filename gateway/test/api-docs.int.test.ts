import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_ROUTES, API_SERVICES, type ApiService } from '@b2g/contracts/openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiDocumentPath } from '../src/pages/api-docs.js';
import { resolveApiRoute } from '../src/routes.js';
import { startGateway, type TestGateway } from './support.js';

const SERVICES_DIR = join(import.meta.dirname, '../../services');
const timeouts = { defaultMs: 10_000, extractFromUrlMs: 30_000 };

interface DeclaredRoute {
  method: string;
  /** As written in the service; a `${…}` part stands for any text. */
  path: string;
  file: string;
}

/** Every route a service declares in its routes/ (`router.get('/api/…'`, …). */
function declaredRoutes(service: ApiService): DeclaredRoute[] {
  const dir = join(SERVICES_DIR, service, 'src/routes');
  const declaration = /router\.(get|post|put|patch|delete)\(\s*(['`])([^'`]+)\2/g;
  return readdirSync(dir)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .flatMap((file) =>
      [...readFileSync(join(dir, file), 'utf8').matchAll(declaration)].map((match) => ({
        method: match[1]!,
        path: match[3]!,
        file,
      })),
    );
}

/** A declared path as a pattern over described paths: `${kind}` matches any text. */
function pattern(path: string): RegExp {
  const parts = path
    .split(/\$\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^()|[\]\\{}$]/g, '\\$&'));
  return new RegExp(`^${parts.join('[^/]+')}$`);
}

describe('the API description', () => {
  it.each(API_SERVICES)(
    'when the gateway exposes a route of %s, then the route table describes it',
    (service) => {
      const exposed = declaredRoutes(service).filter(
        (route) =>
          resolveApiRoute(route.path.replace(/\$\{[^}]+\}/g, 'x'), timeouts)?.upstream === service,
      );
      expect(exposed.length).toBeGreaterThan(0);
      const described = API_ROUTES[service];
      const missing = exposed.filter(
        (route) =>
          !described.some(
            (entry) => entry.method === route.method && pattern(route.path).test(entry.path),
          ),
      );
      expect(missing).toEqual([]);
    },
  );

  it.each(API_SERVICES)(
    'when the route table describes a route of %s, then the service declares it (no stale entry)',
    (service) => {
      const declared = declaredRoutes(service);
      const stale = API_ROUTES[service].filter(
        (entry) =>
          !declared.some(
            (route) => route.method === entry.method && pattern(route.path).test(entry.path),
          ),
      );
      expect(stale).toEqual([]);
    },
  );
});

describe('GET /api/docs', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(async () => {
    await gateway.close();
  });

  it('when the reference page is opened, then it loads Swagger UI and its script from the gateway', async () => {
    const res = await fetch(`${gateway.url}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<script src="/api/docs/swagger-ui-bundle.js"></script>');
    const script = await fetch(`${gateway.url}/api/docs/swagger-ui-bundle.js`);
    expect(script.status).toBe(200);
    expect((await script.text()).length).toBeGreaterThan(100_000);
  });

  it.each(API_SERVICES)(
    'when the %s document is asked for, then it is OpenAPI 3.1 with each of its paths',
    async (service) => {
      const res = await fetch(`${gateway.url}${apiDocumentPath(service)}`);
      expect(res.status).toBe(200);
      const document = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
      expect(document.openapi).toBe('3.1.0');
      const paths = API_ROUTES[service].map((route) => route.path.replace(/:(\w+)/g, '{$1}'));
      expect(Object.keys(document.paths).sort()).toEqual([...new Set(paths)].sort());
    },
  );

  it('when a file Swagger UI does not have is asked for, then the gateway answers 404 as for any unknown /api path', async () => {
    const res = await fetch(`${gateway.url}/api/docs/%2E%2E%2Fpackage.json`);
    expect(res.status).toBe(404);
    const other = await fetch(`${gateway.url}/api/docs/package.json`);
    expect(other.status).toBe(404);
  });
});
