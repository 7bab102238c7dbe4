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
import { apiDocs } from './api-docs.js';
import { UPSTREAM_NAMES, type GatewayConfig, type UpstreamName } from './config.js';
import { sendError } from './errors.js';
import { frontendRoutes } from './frontends.js';
import { healthRoutes } from './health.js';
import { accessLog } from './logging.js';
import { createUpstreamProxy, type UpstreamProxy } from './proxy.js';
import { requestId } from './request-id.js';
import { resolveApiRoute } from './routes.js';
import { apiHeaders, apiRateLimits, cors, corsCheck, securityHeaders } from './security.js';
import type { UpstreamPools } from './upstream-pool.js';

export interface AppDeps {
  logger: Logger;
  pools: UpstreamPools;
}

/** /api/*: one proxy per service, made here once; no body parser, the body streams through. */
function serviceProxies(config: GatewayConfig, deps: AppDeps): Record<UpstreamName, UpstreamProxy> {
  return Object.fromEntries(
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

/** What every request passes first, /api or not. */
function commonHandlers(config: GatewayConfig, deps: AppDeps): RequestHandler[] {
  return [requestId(), accessLog(deps.logger), cors(config.corsOrigins)];
}

/** An /api path: /api itself or below it (not /apis). */
function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** The gateway's two ways in: the lane for /api and the express app for everything else. */
interface GatewayHandlers {
  api: (req: Request, res: Response) => void;
  app: Express;
}

function createHandlers(config: GatewayConfig, deps: AppDeps): GatewayHandlers {
  const api = apiLane(config, deps);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  // A request target the server's check below does not see as /api but express does (the
  // absolute form, GET http://host/api/jobs) takes the same lane.
  app.use((req, res, next) => (isApiPath(req.path) ? api(req, res) : next()));
  for (const handler of commonHandlers(config, deps)) app.use(handler);
  app.use(securityHeaders(config));
  app.use(compression({ filter: shouldCompress }));
  app.use(healthRoutes(config, deps.pools));
  app.use(frontendRoutes(config, deps));
  app.use((_req, res) => sendError(res, 'NOT_FOUND', 'Not found.'));
  app.use(errorHandler(deps.logger));
  return { api, app };
}

/** A request target (origin form) whose path is an /api path. */
function isApiUrl(url: string): boolean {
  return url.startsWith('/api') && (url.length === 4 || url[4] === '/' || url[4] === '?');
}

/** next for the middleware the /api lane calls itself: each calls it at once (or answers). */
function ignore(): void {}

/**
 * An /api request's way through the gateway. Each request passes, in order: its request id, its
 * access line, CORS, the nosniff of the gateway's own answers, compression and the rate limits
 * (one budget for both kinds below). A service's answer brings its own helmet headers, which
 * would replace the gateway's (about 25 µs of CPU per proxied request spent for nothing), so
 * helmet is not here; nor the page, bundle and health routes.
 *
 * A path a service owns then goes to its proxy, straight from here: the steps above are plain
 * calls (the middleware among them call next at once, or answer) and one await, for the rate
 * limits' count. Every other /api path (the API reference, 404) takes the same steps as express
 * handlers run one after the other (see handlerChain), with the API reference and the 404 after
 * them.
 */
function apiLane(config: GatewayConfig, deps: AppDeps): (req: Request, res: Response) => void {
  const onError = errorHandler(deps.logger);
  const setRequestId = requestId();
  const logAccess = accessLog(deps.logger);
  const corsAllows = corsCheck(config.corsOrigins);
  const compress = compression({ filter: shouldCompress });
  const withinRateLimits = apiRateLimits(config);
  const proxies = serviceProxies(config, deps);
  const timeouts = {
    defaultMs: config.upstreamTimeoutMs,
    extractFromUrlMs: config.extractFromUrlTimeoutMs,
  };
  const ownAnswers = handlerChain(
    [
      setRequestId,
      logAccess,
      cors(config.corsOrigins),
      apiHeaders,
      compress,
      async (req, res, next) => {
        if (await withinRateLimits(req, res)) next();
      },
      apiDocs(),
      (req, res) => sendError(res, 'NOT_FOUND', `No API route for ${req.method} ${req.path}.`),
    ],
    onError,
  );
  return (req, res) => {
    // What express's app and router set before the first handler.
    req.res = res;
    res.req = req;
    req.originalUrl = req.url;
    req.baseUrl = '';
    const route = resolveApiRoute(req.path, timeouts);
    if (route === undefined) {
      ownAnswers(req, res);
      return;
    }
    try {
      setRequestId(req, res, ignore);
      logAccess(req, res, ignore);
      if (!corsAllows(req, res)) return;
      apiHeaders(req, res, ignore);
      compress(req, res, ignore);
      // The path's one await: the rate limits' count (express-rate-limit's store).
      withinRateLimits(req, res)
        .then((allowed) => {
          if (allowed) proxies[route.upstream](req, res, route.timeoutMs);
        })
        .catch((err: unknown) => onError(err, req, res, ignore));
    } catch (err) {
      onError(err, req, res, ignore);
    }
  };
}

/**
 * Runs a request through `handlers` one after the other, as express would, without express's
 * router: its matching, layers and promise checks cost about 50 µs of CPU per request (see the
 * README's Benchmark) for handlers that take every such request anyway. The request and
 * response are still express's (see createGatewayServer), so each handler finds req.ip,
 * req.path, res.vary and the rest.
 */
function handlerChain(
  handlers: RequestHandler[],
  onError: ErrorRequestHandler,
): (req: Request, res: Response) => void {
  return (req, res) => {
    let index = 0;
    const next = (err?: unknown): void => {
      if (err !== undefined && err !== null) {
        onError(err, req, res, next);
        return;
      }
      const handler = handlers[index++];
      if (handler === undefined) return;
      try {
        // As express 5 does: a handler's rejected promise is its error.
        const result: unknown = handler(req, res, next);
        if (result instanceof Promise) result.catch(next);
      } catch (thrown) {
        next(thrown);
      }
    };
    next();
  };
}

/** Where a request keeps its client address once worked out. */
const CLIENT_ADDRESS = Symbol('clientAddress');

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
  const { api, app } = createHandlers(config, deps);
  const clientAddress = Object.getOwnPropertyDescriptor(express.request, 'ip')?.get;
  if (clientAddress === undefined) throw new Error("express's request has no ip getter");
  // Subclasses keep node's own constructors (and V8 its sizing of the objects they build).
  class GatewayRequest extends IncomingMessage {}
  class GatewayResponse extends ServerResponse {}
  // express's req.ip (per "trust proxy"), worked out once a request: the proxy, the rate limits
  // and the access line each ask, and each answer parsed X-Forwarded-For again (see the README's
  // Benchmark, round 5).
  Object.defineProperty(GatewayRequest.prototype, 'ip', {
    get(this: GatewayRequest & { [CLIENT_ADDRESS]?: string }): string | undefined {
      return (this[CLIENT_ADDRESS] ??= clientAddress.call(this) as string | undefined);
    },
  });
  Object.setPrototypeOf(GatewayRequest.prototype, app.request);
  Object.setPrototypeOf(GatewayResponse.prototype, app.response);
  // Each still inherits everything from express's prototypes, now one step further up the chain.
  app.request = GatewayRequest.prototype as Request;
  app.response = GatewayResponse.prototype as Response;
  return createServer(
    { IncomingMessage: GatewayRequest, ServerResponse: GatewayResponse },
    (req, res) => (isApiUrl(req.url ?? '') ? api(req as Request, res as Response) : app(req, res)),
  );
}
