import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { GatewayConfig, RateLimitConfig } from './config.js';
import { sendError } from './errors.js';
import { canonicalApiPath } from './routes.js';

/** Origins of remotes served from elsewhere (a CDN): their scripts, styles and manifests load too. */
function remoteOrigins(config: GatewayConfig): string[] {
  return Object.values(config.remotes)
    .map((remote) => remote.manifestUrl)
    .filter((url) => URL.canParse(url))
    .map((url) => new URL(url).origin);
}

/**
 * The page may run the app's own bundles and the configured analytics script, and nothing else.
 * 'unsafe-inline' styles are needed by emotion, which injects <style> elements at run time.
 */
function contentSecurityPolicy(config: GatewayConfig): Record<string, string[] | null> {
  const analytics = config.analyticsScriptUrl ? [config.analyticsScriptUrl.origin] : [];
  const remotes = remoteOrigins(config);
  const unique = (sources: string[]) => [...new Set(sources)];
  return {
    'script-src': unique(["'self'", ...analytics, ...remotes]),
    'style-src': unique(["'self'", "'unsafe-inline'", ...remotes]),
    'img-src': ["'self'", 'data:'],
    'connect-src': unique(["'self'", ...analytics, ...remotes]),
    // TLS ends in front of the gateway when there is any; on plain http://localhost this
    // directive would send the browser to an https:// origin that does not exist.
    'upgrade-insecure-requests': null,
  };
}

export function securityHeaders(config: GatewayConfig): RequestHandler {
  return helmet({
    contentSecurityPolicy: { useDefaults: true, directives: contentSecurityPolicy(config) },
    // With an allow-list, the listed origins may also load the bundles (same-origin otherwise).
    crossOriginResourcePolicy: {
      policy: config.corsOrigins.length > 0 ? 'cross-origin' : 'same-origin',
    },
  });
}

/** What an /api answer of the gateway itself needs; the services send their own full set. */
export const apiHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  next();
};

const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
const EXPOSED_HEADERS = 'X-Request-Id, Retry-After, RateLimit, RateLimit-Policy';
const PREFLIGHT_MAX_AGE_S = '600';

/**
 * Same origin needs no CORS. Origins in the allow-list may call with credentials; for any other
 * origin nothing is added, so the browser refuses to hand the response over.
 */
export function cors(allowedOrigins: string[]): RequestHandler {
  const allowed = new Set(allowedOrigins);
  return (req, res, next) => {
    if (allowed.size === 0) return next();
    res.vary('Origin');
    const origin = req.get('origin');
    if (origin === undefined || !allowed.has(origin)) return next();
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    const preflightMethod = req.get('access-control-request-method');
    if (req.method !== 'OPTIONS' || preflightMethod === undefined) return next();
    res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
    res.setHeader(
      'Access-Control-Allow-Headers',
      req.get('access-control-request-headers') ?? 'Content-Type, Authorization',
    );
    res.setHeader('Access-Control-Max-Age', PREFLIGHT_MAX_AGE_S);
    res.vary('Access-Control-Request-Headers');
    res.status(204).end();
  };
}

/** The endpoints worth guessing passwords or flooding content at: each has its own budget. */
const STRICTLY_LIMITED_ENDPOINTS = [
  '/api/auth/login',
  '/api/admin/login',
  '/api/jobs',
  '/api/jobs/extract-from-url',
] as const;

function limiter(limits: RateLimitConfig, logger: Logger): RequestHandler {
  const middleware = rateLimit({
    windowMs: limits.windowMs,
    limit: limits.max,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    // The checks of the configuration run on requests (an IPv6 regular expression on every
    // one): they have nothing to find here (the store is the default, the key is req.ip per
    // "trust proxy", and a client's own X-Forwarded-For is ignored on purpose at the edge).
    validate: false,
    logger: {
      error: (err, message) => logger.error({ err }, message),
      warn: (err, message) => logger.warn({ err }, message),
    },
    handler: (_req, res) => {
      const retryAfter = String(res.getHeader('Retry-After') ?? limits.windowMs / 1000);
      sendError(res, 'RATE_LIMITED', `Too many requests. Try again in ${retryAfter} seconds.`);
    },
  });
  // express-rate-limit's types import 'express', which pnpm's hoisting may resolve to the
  // @types/express 4 of another workspace package; at run time it is the same express 5.
  return middleware as unknown as RequestHandler;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Budgets per client IP (req.ip, per "trust proxy") for /api calls only; bundles and pages never
 * count. Reads get a generous budget (an office behind one address shares it); writes a smaller
 * one; and the endpoints above each a strict one of their own on top.
 */
export function apiRateLimits(config: GatewayConfig, logger: Logger): RequestHandler {
  const reads = limiter(config.readRateLimit, logger);
  const writes = limiter(config.rateLimit, logger);
  const strict = new Map<string, RequestHandler>(
    STRICTLY_LIMITED_ENDPOINTS.map((path) => [path, limiter(config.strictRateLimit, logger)]),
  );
  return (req, res, next) => {
    if (READ_METHODS.has(req.method)) return reads(req, res, next);
    writes(req, res, (err?: unknown) => {
      if (err !== undefined) return next(err);
      const endpoint = req.method === 'POST' ? strict.get(canonicalApiPath(req.path)) : undefined;
      if (endpoint === undefined) return next();
      endpoint(req, res, next);
    });
  };
}
