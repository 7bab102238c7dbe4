import { createServer, IncomingMessage, ServerResponse, type Server } from 'node:http';
import compression from 'compression';
import express, {
  type ErrorRequestHandler,
  type Express,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import type { Logger } from 'pino';
import { UPSTREAM_NAMES, type GatewayConfig, type UpstreamName } from './config.js';
import { sendError } from './errors.js';
import { frontendRoutes } from './frontends.js';
import { healthRoutes } from './health.js';
import { accessLog } from './logging.js';
import { createUpstreamProxy, type UpstreamProxy } from './proxy.js';
import { requestId } from './request-id.js';
import { resolveApiRoute } from './routes.js';
import { apiHeaders, apiRateLimits, cors, securityHeaders } from './security.js';
import type { UpstreamPools } from './upstream-pool.js';

export interface AppDeps {
  logger: Logger;
  pools: UpstreamPools;
}

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** Only for /api paths: the rest of the app never sees these handlers. */
function forApi(handler: RequestHandler): RequestHandler {
  return (req, res, next) => (isApiPath(req.path) ? handler(req, res, next) : next());
}

/** Everything but /api: pages, bundles, manifests. */
function forPages(handler: RequestHandler): RequestHandler {
  return (req, res, next) => (isApiPath(req.path) ? next() : handler(req, res, next));
}

/** /api/*: one proxy per service, made here once; no body parser, the body streams through. */
function apiProxy(config: GatewayConfig, deps: AppDeps): RequestHandler {
  const proxies = Object.fromEntries(
    UPSTREAM_NAMES.map((name) => [
      name,
      createUpstreamProxy({
        name,
        pool: deps.pools.services[name],
        logger: deps.logger,
        changeOrigin: false,
        maxBodyBytes: config.bodyLimitBytes,
      }),
    ]),
  ) as Record<UpstreamName, UpstreamProxy>;
  const timeouts = {
    defaultMs: config.upstreamTimeoutMs,
    extractFromUrlMs: config.extractFromUrlTimeoutMs,
  };
  return (req, res, next) => {
    const route = resolveApiRoute(req.path, timeouts);
    if (route === undefined) {
      sendError(res, 'NOT_FOUND', `No API route for ${req.method} ${req.path}.`);
      return;
    }
    proxies[route.upstream](req, res, next, route.timeoutMs);
  };
}

/** Event streams must reach the browser as they are written, not when a buffer fills. */
function shouldCompress(req: express.Request, res: express.Response): boolean {
  const type = res.getHeader('Content-Type');
  if (typeof type === 'string' && type.startsWith('text/event-stream')) return false;
  return compression.filter(req, res);
}

function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    logger.error({ err, reqId: req.id }, 'request failed');
    sendError(res, 'INTERNAL', 'Something went wrong. Please try again.');
  };
}

/** The gateway as an express app; createGatewayServer serves it. */
export function createApp(config: GatewayConfig, deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  app.use(requestId());
  app.use(accessLog(deps.logger));
  // A page's headers (CSP and the rest of helmet's) on everything but /api. An API answer comes
  // with the service's own helmet headers, which replace whatever the gateway set (about 25 µs
  // of CPU per proxied request spent for nothing); the gateway's own /api answers (404, 429,
  // 503, 504) are JSON, and nosniff keeps a browser from reading them as anything else.
  app.use(forPages(securityHeaders(config)));
  app.use(forApi(apiHeaders));
  app.use(cors(config.corsOrigins));
  app.use(compression({ filter: shouldCompress }));
  app.use(healthRoutes(config, deps.pools));
  app.use(forApi(apiRateLimits(config, deps.logger)));
  app.use(forApi(apiProxy(config, deps)));
  app.use(frontendRoutes(config, deps));
  app.use((_req, res) => sendError(res, 'NOT_FOUND', 'Not found.'));
  app.use(errorHandler(deps.logger));
  return app;
}

/**
 * The gateway's HTTP server; main.ts (or a test) decides where it listens.
 *
 * Node builds each request and response on the app's own prototypes (app.request, app.response),
 * so the Object.setPrototypeOf that express does on every request finds them in place and changes
 * nothing. Were it to change them, V8 would stop sharing hidden classes between requests: every
 * property express, its router and the middleware add to a request or response would then make
 * a new one, and property reads across the process would fall back to slow lookups (about 0.18 ms
 * of CPU per proxied request; see the README's Benchmark).
 */
export function createGatewayServer(config: GatewayConfig, deps: AppDeps): Server {
  const app = createApp(config, deps);
  // Subclasses keep node's own constructors (and V8 its sizing of the objects they build).
  class GatewayRequest extends IncomingMessage {}
  class GatewayResponse extends ServerResponse {}
  Object.setPrototypeOf(GatewayRequest.prototype, app.request);
  Object.setPrototypeOf(GatewayResponse.prototype, app.response);
  // Each still inherits everything from express's prototypes, now one step further up the chain.
  app.request = GatewayRequest.prototype as Request;
  app.response = GatewayResponse.prototype as Response;
  return createServer({ IncomingMessage: GatewayRequest, ServerResponse: GatewayResponse }, app);
}
