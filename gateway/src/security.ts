import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import helmet from 'helmet';
import type { GatewayConfig } from './config.js';
import { sendError } from './errors.js';
import { FixedWindowLimit } from './rate-limit.js';
import { canonicalApiPath } from './routes.js';
import type { SharedLimits } from './shared-limits.js';

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
 * origin nothing is added, so the browser refuses to hand the response over. False when the
 * request was a preflight, answered here (204).
 */
export function corsCheck(allowedOrigins: string[]): (req: Request, res: Response) => boolean {
  const allowed = new Set(allowedOrigins);
  return (req, res) => {
    if (allowed.size === 0) return true;
    res.vary('Origin');
    const origin = req.get('origin');
    if (origin === undefined || !allowed.has(origin)) return true;
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    const preflightMethod = req.get('access-control-request-method');
    if (req.method !== 'OPTIONS' || preflightMethod === undefined) return true;
    res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
    res.setHeader(
      'Access-Control-Allow-Headers',
      req.get('access-control-request-headers') ?? 'Content-Type, Authorization',
    );
    res.setHeader('Access-Control-Max-Age', PREFLIGHT_MAX_AGE_S);
    res.vary('Access-Control-Request-Headers');
    res.status(204).end();
    return false;
  };
}

/** The endpoints worth guessing passwords or flooding content at: each has its own budget. */
const STRICTLY_LIMITED_ENDPOINTS = [
  '/api/auth/login',
  '/api/admin/login',
  '/api/jobs',
  '/api/jobs/extract-from-url',
  '/api/employer/sign-in-link',
  '/api/employer/sign-in',
  '/api/employer/extend-link',
] as const;

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request may go on; when not, it has been answered (429). */
export type RateLimitCheck = (req: Request, res: Response) => Promise<boolean>;

function tooManyRequests(res: Response): void {
  const retryAfter = String(res.getHeader('Retry-After'));
  sendError(res, 'RATE_LIMITED', `Too many requests. Try again in ${retryAfter} seconds.`);
}

/**
 * Budgets per client IP (req.ip, per "trust proxy"; an IPv6 client by its /56, as
 * express-rate-limit keys them) for /api calls only; bundles and pages never count. Reads get a
 * generous budget (an office behind one address shares it); writes a smaller one; and the
 * endpoints above each a strict one of their own on top (a write over its budget is not counted
 * against them). With `shared`, writes and the strict budgets are counted for every instance
 * (named `gateway-writes` and `gateway-strict:<path>`); reads stay per instance, since a shared
 * count costs a database round trip on the busiest path, reading up to the budget's hits.
 */
export function apiRateLimits(config: GatewayConfig, shared?: SharedLimits): RateLimitCheck {
  const reads = new FixedWindowLimit(config.readRateLimit);
  const writes = new FixedWindowLimit(
    config.rateLimit,
    shared?.count('gateway-writes', config.rateLimit),
  );
  const strict = new Map<string, FixedWindowLimit>(
    STRICTLY_LIMITED_ENDPOINTS.map((path) => [
      path,
      new FixedWindowLimit(
        config.strictRateLimit,
        shared?.count(`gateway-strict:${path}`, config.strictRateLimit),
      ),
    ]),
  );
  return async (req, res) => {
    const key = ipKeyGenerator(req.ip ?? '');
    const limit = READ_METHODS.has(req.method) ? reads : writes;
    let allowed = await limit.take(key, res);
    if (allowed && limit === writes && req.method === 'POST') {
      allowed = (await strict.get(canonicalApiPath(req.path))?.take(key, res)) ?? true;
    }
    if (!allowed) tooManyRequests(res);
    return allowed;
  };
}
