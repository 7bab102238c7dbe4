import { COMPANY_LOGO_MAX_BYTES, COMPANY_MESSAGES } from '@b2g/contracts';
import type { UpstreamName } from './config.js';

/** A body limit of its own for a route (else BODY_LIMIT_BYTES and the general message). */
export interface BodyLimit {
  maxBytes: number;
  message: string;
}

export interface ApiRoute {
  upstream: UpstreamName;
  timeoutMs: number;
  bodyLimit?: BodyLimit;
}

export interface RouteTimeouts {
  defaultMs: number;
  extractFromUrlMs: number;
}

/** `prefix` itself or anything below it: /api/jobs and /api/jobs/featured, not /api/jobsearch. */
function isUnder(path: string, prefix: string): boolean {
  return path === prefix || (path.startsWith(prefix) && path[prefix.length] === '/');
}

const AUTH_ADMIN_PATHS = new Set(['/api/admin/status', '/api/admin/login', '/api/admin/logout']);

function upstreamFor(path: string): UpstreamName | undefined {
  if (isUnder(path, '/api/auth') || AUTH_ADMIN_PATHS.has(path)) return 'auth';
  if (isUnder(path, '/api/jobs') || isUnder(path, '/api/admin/jobs')) return 'jobs';
  if (isUnder(path, '/api/admin/bans')) return 'jobs';
  if (isUnder(path, '/api/companies') || isUnder(path, '/api/admin/companies')) return 'jobs';
  if (isUnder(path, '/api/employer')) return 'jobs';
  if (isUnder(path, '/api/user') || isUnder(path, '/api/alerts')) return 'user-activity';
  if (isUnder(path, '/api/dns')) return 'dns';
  if (isUnder(path, '/api/analytics') || isUnder(path, '/api/admin/stats')) return 'analytics';
  return undefined;
}

/** A company logo upload: the raw image, larger than any JSON body, on these paths only. */
const LOGO_UPLOAD = /^\/api\/(?:admin|employer)\/companies\/[^/]+\/logo$/;
const LOGO_BODY_LIMIT: BodyLimit = {
  maxBytes: COMPANY_LOGO_MAX_BYTES,
  message: COMPANY_MESSAGES.logoTooLarge,
};

/**
 * The endpoint a path reaches in the services: they route case-insensitively, and the proxy
 * collapses repeated slashes, so `/api/auth//Login/` is `/api/auth/login` there (and must count
 * against the same rate limit and get the same timeout here).
 */
export function canonicalApiPath(path: string): string {
  const collapsed = path.toLowerCase().replace(/\/{2,}/g, '/');
  return collapsed.length > 1 && collapsed.endsWith('/') ? collapsed.slice(0, -1) : collapsed;
}

/**
 * Which service answers an /api path (the path without its query string), and how long it may
 * take; undefined when no service owns the path.
 */
export function resolveApiRoute(path: string, timeouts: RouteTimeouts): ApiRoute | undefined {
  const upstream = upstreamFor(path);
  if (upstream === undefined) return undefined;
  const canonical = canonicalApiPath(path);
  const timeoutMs =
    canonical === '/api/jobs/extract-from-url' ? timeouts.extractFromUrlMs : timeouts.defaultMs;
  return LOGO_UPLOAD.test(canonical)
    ? { upstream, timeoutMs, bodyLimit: LOGO_BODY_LIMIT }
    : { upstream, timeoutMs };
}
