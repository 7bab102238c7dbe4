import compression from 'compression';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { UPSTREAM_NAMES, type GatewayConfig, type UpstreamName } from './config.js';
import { sendError } from './errors.js';
import { frontendRoutes } from './frontends.js';
import { healthRoutes } from './health.js';
import { httpLogger } from './logging.js';
import { createUpstreamProxy, type UpstreamAgents, type UpstreamProxy } from './proxy.js';
import { requestId } from './request-id.js';
import { resolveApiRoute } from './routes.js';
import { apiRateLimits, cors, securityHeaders } from './security.js';

export interface AppDeps {
  logger: Logger;
  agents: UpstreamAgents;
}

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** Only for /api paths: the rest of the app never sees these handlers. */
function forApi(handler: RequestHandler): RequestHandler {
  return (req, res, next) => (isApiPath(req.path) ? handler(req, res, next) : next());
}

/** /api/*: one proxy per service, made here once; no body parser, the body streams through. */
function apiProxy(config: GatewayConfig, deps: AppDeps): RequestHandler {
  const proxies = Object.fromEntries(
    UPSTREAM_NAMES.map((name) => [
      name,
      createUpstreamProxy({
        name,
        target: config.upstreams[name],
        agents: deps.agents,
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

/** The gateway as an express app; main.ts (or a test) decides where it listens. */
export function createApp(config: GatewayConfig, deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  app.use(requestId());
  app.use(httpLogger(deps.logger));
  app.use(securityHeaders(config));
  app.use(cors(config.corsOrigins));
  app.use(compression({ filter: shouldCompress }));
  app.use(healthRoutes(config));
  app.use(forApi(apiRateLimits(config, deps.logger)));
  app.use(forApi(apiProxy(config, deps)));
  app.use(frontendRoutes(config, deps));
  app.use((_req, res) => sendError(res, 'NOT_FOUND', 'Not found.'));
  app.use(errorHandler(deps.logger));
  return app;
}
