/** A link of the company family shown in the footer. */
export interface SisterSite {
  label: string;
  href: string;
}

/**
 * Run-time settings of the frontends, from `window.__B2G_CONFIG__` (set by the page) or
 * `/config.json` (served by the gateway). Everything is optional: unset means off.
 */
export interface PlatformConfig {
  /** A Plausible-compatible script (its manual variant) to report page views to. */
  analyticsScriptUrl?: string;
  /** The site name the analytics script reports under; the page's host name otherwise. */
  analyticsDomain?: string;
  /** The two sister sites of the footer. */
  sisterSites?: SisterSite[];
}

declare global {
  interface Window {
    __B2G_CONFIG__?: unknown;
  }
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** Keeps the fields it understands; anything malformed is dropped. */
export function parsePlatformConfig(raw: unknown): PlatformConfig {
  if (typeof raw !== 'object' || raw === null) return {};
  const record = raw as Record<string, unknown>;
  const config: PlatformConfig = {};
  const scriptUrl = optionalString(record.analyticsScriptUrl);
  if (scriptUrl) config.analyticsScriptUrl = scriptUrl;
  const domain = optionalString(record.analyticsDomain);
  if (domain) config.analyticsDomain = domain;
  if (Array.isArray(record.sisterSites)) {
    const sites = record.sisterSites.flatMap((site: unknown) => {
      if (typeof site !== 'object' || site === null) return [];
      const label = optionalString((site as Record<string, unknown>).label);
      const href = optionalString((site as Record<string, unknown>).href);
      return label && href ? [{ label, href }] : [];
    });
    if (sites.length > 0) config.sisterSites = sites;
  }
  return config;
}

export const CONFIG_URL = '/config.json';

/** Reads the run-time config; a missing or non-JSON /config.json means an empty config. */
export async function loadPlatformConfig(): Promise<PlatformConfig> {
  if (window.__B2G_CONFIG__ !== undefined) return parsePlatformConfig(window.__B2G_CONFIG__);
  try {
    const res = await fetch(CONFIG_URL, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    if (!res.ok || !/json/i.test(res.headers.get('content-type') ?? '')) return {};
    return parsePlatformConfig(await res.json());
  } catch {
    return {};
  }
}
