import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The services behind /api, named as in the architecture. */
export const UPSTREAM_NAMES = ['auth', 'jobs', 'user-activity', 'dns', 'analytics'] as const;
export type UpstreamName = (typeof UPSTREAM_NAMES)[number];

/** The federated remotes served under /mfe/<remote>/. */
export const REMOTE_NAMES = ['public', 'dashboard', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Where a remote's bundle comes from: a built folder or an upstream such as a dev server. */
export type RemoteLocation = { kind: 'dir'; dir: string } | { kind: 'url'; url: URL };

export interface RemoteConfig {
  location: RemoteLocation;
  /** What the shell's runtime manifest says for this remote (a path on this origin or a URL). */
  manifestUrl: string;
}

/** Value of express's "trust proxy": false (the gateway is the edge), a hop count, or addresses. */
export type TrustProxy = false | number | string[];

export interface RateLimitConfig {
  windowMs: number;
  max: number;
}

/** A link of the footer's company family. */
export interface SisterSite {
  label: string;
  href: string;
}

/**
 * What the browser reads from /config.json (web-platform's PlatformConfig plus the public
 * pages' settings). Unset fields are left out, so each frontend falls back to its default.
 */
export interface SiteConfig {
  analyticsScriptUrl?: string;
  analyticsDomain?: string;
  sisterSites?: SisterSite[];
  contactEmail?: string;
  emailDomain?: string;
}

export interface GatewayConfig {
  host: string;
  port: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Each service's instances (its variable's comma-separated base URLs), at least one. */
  upstreams: Record<UpstreamName, URL[]>;
  upstreamTimeoutMs: number;
  extractFromUrlTimeoutMs: number;
  readinessTimeoutMs: number;
  shellDir: string;
  remotes: Record<RemoteName, RemoteConfig>;
  analyticsScriptUrl: URL | undefined;
  /** The site's public origin for robots.txt (PUBLIC_URL); unset: each request's. */
  publicUrl: URL | undefined;
  site: SiteConfig;
  corsOrigins: string[];
  bodyLimitBytes: number;
  /** Per-IP budget for reads (GET, HEAD, OPTIONS) under /api. */
  readRateLimit: RateLimitConfig;
  /** Per-IP budget for every other /api call (writes). */
  rateLimit: RateLimitConfig;
  strictRateLimit: RateLimitConfig;
  /**
   * The gateway's own database, where the write and strict budgets are counted for every
   * instance; unset: each instance counts in its memory.
   */
  mongoUrl: string | undefined;
  trustProxy: TrustProxy;
  shutdownTimeoutMs: number;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

function defaultBundleDir(frontend: 'shell' | RemoteName): string {
  return resolve(REPO_ROOT, 'frontends', frontend, 'dist');
}

/** Unset and empty variables are the same thing: `FOO=` in a .env file means "use the default". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const isHttpUrl = (value: string) =>
  URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

const httpUrl = z
  .string()
  .refine((value) => isHttpUrl(value), { error: 'must be an http:// or https:// URL' })
  .transform((value) => new URL(value));

/** Where the shell fetches a remote's manifest: a path on this origin or an http(s) URL. */
const manifestLocation = z.string().refine((value) => value.startsWith('/') || isHttpUrl(value), {
  error: 'must be a path starting with / or an http:// or https:// URL',
});

/**
 * The base URLs of one service's instances, comma-separated (one URL is a list of one). They
 * differ only in host and port: a request's path is the same on each.
 */
const httpUrlList = z.string().transform((value, ctx): URL[] => {
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isHttpUrl(entry));
  if (bad.length > 0) {
    for (const entry of bad) {
      ctx.addIssue({
        code: 'custom',
        message: `"${entry}" is not an http:// or https:// URL (give one URL, or several separated by commas)`,
      });
    }
    return z.NEVER;
  }
  const urls = entries.map((entry) => new URL(entry));
  const first = urls[0]!;
  if (urls.some((url) => url.protocol !== first.protocol || url.pathname !== first.pathname)) {
    ctx.addIssue({
      code: 'custom',
      message: 'the URLs of one service must differ only in host and port (same scheme and path)',
    });
  }
  const hosts = urls.map((url) => url.host);
  const twice = hosts.find((host, index) => hosts.indexOf(host) !== index);
  if (twice !== undefined) {
    ctx.addIssue({ code: 'custom', message: `${twice} is listed twice` });
  }
  return urls;
});

const urlsWithDefault = (fallback: string) =>
  optional(httpUrlList).transform((value) => value ?? [new URL(fallback)]);

const integer = (min: number, fallback: number) =>
  optional(
    z
      .string()
      .regex(/^\d+$/, { error: 'must be a whole number' })
      .transform(Number)
      .refine((value) => value >= min, { error: `must be at least ${min}` }),
  ).transform((value) => value ?? fallback);

const trustProxy = optional(z.string()).transform((value, ctx): TrustProxy => {
  if (value === undefined || value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (value === 'true') {
    ctx.addIssue({
      code: 'custom',
      message:
        'must not be "true" (any client could then choose its own IP); use a hop count or the addresses of your proxies',
    });
    return z.NEVER;
  }
  return value.split(',').map((entry) => entry.trim());
});

const origins = optional(z.string()).transform((value, ctx) => {
  const list = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of list) {
    if (!URL.canParse(entry) || new URL(entry).origin !== entry) {
      ctx.addIssue({
        code: 'custom',
        message: `"${entry}" is not an origin like https://example.gov (scheme, host, optional port, no path)`,
      });
    }
  }
  return list;
});

const sisterSites = optional(z.string()).transform((value, ctx): SisterSite[] | undefined => {
  if (value === undefined) return undefined;
  const sites = value.split(',').map((entry) => {
    const at = entry.indexOf('=');
    return { label: entry.slice(0, at).trim(), href: entry.slice(at + 1).trim() };
  });
  for (const site of sites) {
    if (!site.label || !isHttpUrl(site.href)) {
      ctx.addIssue({
        code: 'custom',
        message:
          'must be a comma-separated list of Label=https://url (e.g. "GovCon Jobs=https://govcon.example")',
      });
      return z.NEVER;
    }
  }
  return sites;
});

const envSchema = z
  .object({
    HOST: optional(z.string()).transform((value) => value ?? '0.0.0.0'),
    PORT: optional(
      z
        .string()
        .regex(/^\d+$/, { error: 'must be a port number' })
        .transform(Number)
        .refine((port) => port <= 65535, { error: 'must be at most 65535' }),
    ).transform((value) => value ?? 8080),
    LOG_LEVEL: optional(
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    ).transform((value) => value ?? 'info'),
    AUTH_URL: urlsWithDefault('http://127.0.0.1:4001'),
    JOBS_URL: urlsWithDefault('http://127.0.0.1:4002'),
    USER_ACTIVITY_URL: urlsWithDefault('http://127.0.0.1:4003'),
    DNS_URL: urlsWithDefault('http://127.0.0.1:4004'),
    ANALYTICS_URL: urlsWithDefault('http://127.0.0.1:4005'),
    UPSTREAM_TIMEOUT_MS: integer(1, 10_000),
    EXTRACT_FROM_URL_TIMEOUT_MS: integer(1, 30_000),
    READINESS_TIMEOUT_MS: integer(1, 1_000),
    SHELL_DIR: optional(z.string()),
    MFE_PUBLIC_DIR: optional(z.string()),
    MFE_PUBLIC_URL: optional(httpUrl),
    MFE_PUBLIC_MANIFEST: optional(manifestLocation),
    MFE_DASHBOARD_DIR: optional(z.string()),
    MFE_DASHBOARD_URL: optional(httpUrl),
    MFE_DASHBOARD_MANIFEST: optional(manifestLocation),
    MFE_ADMIN_DIR: optional(z.string()),
    MFE_ADMIN_URL: optional(httpUrl),
    MFE_ADMIN_MANIFEST: optional(manifestLocation),
    ANALYTICS_SCRIPT_URL: optional(httpUrl),
    PUBLIC_URL: optional(httpUrl),
    ANALYTICS_DOMAIN: optional(
      z.hostname({ error: 'must be a host name such as jobs.example.com' }),
    ),
    SISTER_SITES: sisterSites,
    CONTACT_EMAIL: optional(z.email({ error: 'must be an e-mail address' })),
    EMAIL_DOMAIN: optional(z.hostname({ error: 'must be a domain name such as example.com' })),
    CORS_ORIGINS: origins,
    BODY_LIMIT_BYTES: integer(1, 1024 * 1024),
    RATE_LIMIT_WINDOW_MS: integer(1, 60_000),
    RATE_LIMIT_MAX: integer(1, 600),
    READ_RATE_LIMIT_MAX: integer(1, 12_000),
    STRICT_RATE_LIMIT_WINDOW_MS: integer(1, 60_000),
    STRICT_RATE_LIMIT_MAX: integer(1, 10),
    MONGO_URL: optional(
      z.url({ protocol: /^mongodb(\+srv)?$/, error: 'must be a mongodb:// URL' }),
    ),
    TRUST_PROXY: trustProxy,
    SHUTDOWN_TIMEOUT_MS: integer(0, 10_000),
  })
  .superRefine((env, ctx) => {
    for (const prefix of ['MFE_PUBLIC', 'MFE_DASHBOARD', 'MFE_ADMIN'] as const) {
      if (env[`${prefix}_DIR`] !== undefined && env[`${prefix}_URL`] !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [`${prefix}_DIR`],
          message: `set either ${prefix}_DIR or ${prefix}_URL, not both`,
        });
      }
    }
  });

type Env = Record<string, string | undefined>;

function remoteConfig(
  remote: RemoteName,
  dir: string | undefined,
  url: URL | undefined,
  manifestUrl: string | undefined,
): RemoteConfig {
  return {
    location: url
      ? { kind: 'url', url }
      : { kind: 'dir', dir: resolve(dir ?? defaultBundleDir(remote)) },
    manifestUrl: manifestUrl ?? `/mfe/${remote}/mf-manifest.json`,
  };
}

/**
 * Reads the gateway's configuration from environment variables.
 * Throws a ConfigError naming every bad variable; nothing else reads the environment.
 */
export function loadConfig(env: Env): GatewayConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  - ${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid gateway configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    upstreams: {
      auth: e.AUTH_URL,
      jobs: e.JOBS_URL,
      'user-activity': e.USER_ACTIVITY_URL,
      dns: e.DNS_URL,
      analytics: e.ANALYTICS_URL,
    },
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    extractFromUrlTimeoutMs: e.EXTRACT_FROM_URL_TIMEOUT_MS,
    readinessTimeoutMs: e.READINESS_TIMEOUT_MS,
    shellDir: resolve(e.SHELL_DIR ?? defaultBundleDir('shell')),
    remotes: {
      public: remoteConfig('public', e.MFE_PUBLIC_DIR, e.MFE_PUBLIC_URL, e.MFE_PUBLIC_MANIFEST),
      dashboard: remoteConfig(
        'dashboard',
        e.MFE_DASHBOARD_DIR,
        e.MFE_DASHBOARD_URL,
        e.MFE_DASHBOARD_MANIFEST,
      ),
      admin: remoteConfig('admin', e.MFE_ADMIN_DIR, e.MFE_ADMIN_URL, e.MFE_ADMIN_MANIFEST),
    },
    analyticsScriptUrl: e.ANALYTICS_SCRIPT_URL,
    publicUrl: e.PUBLIC_URL,
    site: {
      ...(e.ANALYTICS_SCRIPT_URL && { analyticsScriptUrl: e.ANALYTICS_SCRIPT_URL.href }),
      ...(e.ANALYTICS_DOMAIN && { analyticsDomain: e.ANALYTICS_DOMAIN }),
      ...(e.SISTER_SITES && { sisterSites: e.SISTER_SITES }),
      ...(e.CONTACT_EMAIL && { contactEmail: e.CONTACT_EMAIL }),
      ...(e.EMAIL_DOMAIN && { emailDomain: e.EMAIL_DOMAIN.toLowerCase() }),
    },
    corsOrigins: e.CORS_ORIGINS,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    readRateLimit: { windowMs: e.RATE_LIMIT_WINDOW_MS, max: e.READ_RATE_LIMIT_MAX },
    rateLimit: { windowMs: e.RATE_LIMIT_WINDOW_MS, max: e.RATE_LIMIT_MAX },
    strictRateLimit: { windowMs: e.STRICT_RATE_LIMIT_WINDOW_MS, max: e.STRICT_RATE_LIMIT_MAX },
    mongoUrl: e.MONGO_URL,
    trustProxy: e.TRUST_PROXY,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
  };
}
