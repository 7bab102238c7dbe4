import express, { type Express, type RequestHandler, type Router } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { badRequest, errorHandler, notFoundHandler } from './errors.js';
import { acceptRequestId, REQUEST_ID_HEADER } from './requests.js';

/** A dependency the service needs to serve requests; /readyz names each one that is down. */
export interface ReadinessCheck {
  name: string;
  isReady(): boolean | Promise<boolean>;
  /**
   * Only some routes need it: while it is down the service still serves the others (and answers
   * 503 on those that need it), so /readyz says 'degraded' with 200 instead of 503 — a load
   * balancer must keep sending traffic, or every route would fail with this one dependency.
   */
  partial?: boolean;
}

export interface ServiceAppOptions {
  name: string;
  logger: Logger;
  readiness: ReadinessCheck[];
  routes: Router | Router[];
  /** Largest accepted JSON body. */
  bodyLimit?: string;
  /** Trust the gateway's X-Forwarded-For (one hop) so rate limits see the client address. */
  trustProxy?: boolean | number | string;
}

/** A `token` query parameter (links mailed to people, e.g. one-click unsubscribe) is never logged. */
const TOKEN_PARAMETER = /([?&]token=)[^&#]*/gi;

/** The request URL as a log line may show it. */
export function loggableUrl(url: string): string {
  return url.replace(TOKEN_PARAMETER, '$1[redacted]');
}
const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)/i;

/** JSON bodies in UTF-8 only: body-parser would also decode UTF-7 or UTF-16 (a filter bypass). */
const utf8JsonOnly: RequestHandler = (req, _res, next) => {
  const charset = CHARSET.exec(req.headers['content-type'] ?? '')?.[1];
  const refused = req.is('application/json') && charset !== undefined && !/^utf-?8$/i.test(charset);
  next(refused ? badRequest('Request body must be JSON in UTF-8') : undefined);
};

/** The express app every service starts from: security headers, body limit, ids, logs, health. */
export function createServiceApp(options: ServiceAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? 'loopback');
  app.use(helmet());
  app.use(
    pinoHttp({
      logger: options.logger,
      genReqId(req, res) {
        const id = acceptRequestId(req.headers[REQUEST_ID_HEADER]);
        res.setHeader(REQUEST_ID_HEADER, id);
        return id;
      },
      serializers: {
        req: (req: { url?: string }) => (req.url ? { ...req, url: loggableUrl(req.url) } : req),
      },
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
      customLogLevel: (_req, res, error) =>
        error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    }),
  );
  app.use(utf8JsonOnly);
  app.use(express.json({ limit: options.bodyLimit ?? '100kb' }));

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service: options.name });
  });
  app.get('/readyz', async (_req, res) => {
    const results = await Promise.all(
      options.readiness.map(async (check) => {
        try {
          return { name: check.name, ready: await check.isReady() };
        } catch {
          return { name: check.name, ready: false };
        }
      }),
    );
    const down = results.filter((r) => !r.ready).map((r) => r.name);
    const blocking = down.filter(
      (name) => !options.readiness.some((check) => check.name === name && check.partial),
    );
    const status = blocking.length ? 'unavailable' : down.length ? 'degraded' : 'ready';
    res.status(blocking.length ? 503 : 200).json({
      status,
      service: options.name,
      checks: Object.fromEntries(results.map((r) => [r.name, r.ready ? 'up' : 'down'])),
      ...(down.length
        ? {
            message: `${blocking.length ? 'Not ready' : 'Degraded'}: ${down.join(', ')} unreachable`,
          }
        : {}),
    });
  });

  const routers = Array.isArray(options.routes) ? options.routes : [options.routes];
  for (const router of routers) app.use(router);
  // The routes it serves, once at start: operators see what answers, and the browser tests check
  // that their hostile-input table covers every one of them.
  options.logger.info({ routes: routers.flatMap(routesOf) }, 'routes');
  app.use(notFoundHandler);
  app.use(errorHandler(options.logger));
  return app;
}

interface RouteLayer {
  route?: { path: unknown; methods: Record<string, boolean | undefined> };
}

/** `METHOD /path` of every route an express router declares (middleware mounts are not routes). */
export function routesOf(router: Router): string[] {
  return (router.stack as RouteLayer[]).flatMap((layer) => {
    const route = layer.route;
    if (!route || typeof route.path !== 'string') return [];
    const path = route.path;
    return Object.keys(route.methods)
      .filter((method) => route.methods[method] && method !== '_all')
      .map((method) => `${method.toUpperCase()} ${path}`);
  });
}
