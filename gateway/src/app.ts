import { createServer, IncomingMessage, ServerResponse, type Server } from 'node:http';
import express, {
  type ErrorRequestHandler,
  type Express,
  type Request,
  type Response,
} from 'express';
import type { Logger } from 'pino';
import type { GatewayConfig, UpstreamName } from './config.js';
import { errorHandler, sendError } from './errors.js';
import { bundleRoutes, staticFolder } from './frontends.js';
import { healthRoutes } from './health.js';
import { apiDocs } from './pages/api-docs.js';
import { pageRoutes } from './pages/routes.js';
import { requestPipelines, type Pipeline } from './pipeline.js';
import { createProxies, type UpstreamProxy } from './proxy.js';
import { resolveApiRoute } from './routes.js';
import type { SharedLimits } from './shared-limits.js';
import type { UpstreamPools } from './upstream-pool.js';

export interface AppDeps {
  logger: Logger;
  pools: UpstreamPools;
  /** Where the write and strict budgets are counted for every instance (MONGO_URL). */
  sharedLimits?: SharedLimits;
}

/** next for the error handler, which always answers. */
function ignore(): void {}

/** An /api path: /api itself or below it (not /apis). */
function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** A request target (origin form) whose path is an /api path. */
function isApiUrl(url: string): boolean {
  return url.startsWith('/api') && (url.length === 4 || url[4] === '/' || url[4] === '?');
}

/** The gateway's two ways in: the lane for /api and the express app for everything else. */
interface GatewayHandlers {
  api: (req: Request, res: Response) => void;
  app: Express;
}

function createHandlers(config: GatewayConfig, deps: AppDeps): GatewayHandlers {
  const onError = errorHandler(deps.logger);
  const pipelines = requestPipelines(config, deps.logger, onError, deps.sharedLimits);
  const proxies = createProxies(deps.pools, deps.logger, config.bodyLimitBytes);
  const api = apiLane(config, proxies.services, pipelines.api, onError);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  // A request target the server's check below does not see as /api but express does (the
  // absolute form, GET http://host/api/jobs) takes the same lane.
  app.use((req, res, next) => (isApiPath(req.path) ? api(req, res) : next()));
  app.use((req, res, next) => pipelines.pages(req, res, next));
  app.use(healthRoutes(config, deps.pools));
  app.use(bundleRoutes(config, proxies.remotes));
  // The shell's files are served after the pages with handling of their own and before the
  // shell's index.html, which answers every other page path.
  const pages = pageRoutes(config, {
    logger: deps.logger,
    jobs: deps.pools.services.jobs,
    sitemaps: proxies.sitemaps,
  });
  app.use(pages.seo);
  app.use(staticFolder(config.shellDir));
  app.use(pages.shell);
  app.use((_req, res) => sendError(res, 'NOT_FOUND', 'Not found.'));
  app.use(onError);
  return { api, app };
}

/**
 * An /api request's way through the gateway, without express's app and router: its pipeline,
 * then the proxy of the service that owns the path, or else the API reference or a 404.
 */
function apiLane(
  config: GatewayConfig,
  proxies: Record<UpstreamName, UpstreamProxy>,
  pipeline: Pipeline,
  onError: ErrorRequestHandler,
): (req: Request, res: Response) => void {
  const timeouts = {
    defaultMs: config.upstreamTimeoutMs,
    extractFromUrlMs: config.extractFromUrlTimeoutMs,
  };
  const docs = apiDocs();
  const ownAnswer = (req: Request, res: Response) =>
    docs(req, res, (err?: unknown) => {
      if (err !== undefined && err !== null) onError(err, req, res, ignore);
      else sendError(res, 'NOT_FOUND', `No API route for ${req.method} ${req.path}.`);
    });
  return (req, res) => {
    // What express's app and router set before the first handler.
    req.res = res;
    res.req = req;
    req.originalUrl = req.url;
    req.baseUrl = '';
    const route = resolveApiRoute(req.path, timeouts);
    if (route === undefined) pipeline(req, res, () => ownAnswer(req, res));
    else
      pipeline(req, res, () => proxies[route.upstream](req, res, route.timeoutMs, route.bodyLimit));
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
 * a new one, and property reads across the process would fall back to slow lookups.
 */
export function createGatewayServer(config: GatewayConfig, deps: AppDeps): Server {
  const { api, app } = createHandlers(config, deps);
  const clientAddress = Object.getOwnPropertyDescriptor(express.request, 'ip')?.get;
  if (clientAddress === undefined) throw new Error("express's request has no ip getter");
  // Subclasses keep node's own constructors (and V8 its sizing of the objects they build).
  class GatewayRequest extends IncomingMessage {}
  class GatewayResponse extends ServerResponse {}
  // express's req.ip (per "trust proxy"), worked out once a request: the proxy, the rate limits
  // and the access line each ask, and each answer would parse X-Forwarded-For again.
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
