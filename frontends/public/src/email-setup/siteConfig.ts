import { CONFIG_URL, useQuery } from '@b2g/web-platform';
import { z } from 'zod';

/** Shown on /contact when the run-time config names no `contactEmail`. */
export const DEFAULT_CONTACT_EMAIL = 'contact@b2gjobboard.com';
/** The wizard's domain when the run-time config names no `emailDomain`. */
export const DEFAULT_EMAIL_DOMAIN = 'example.com';

/** The run-time settings the public pages read beyond web-platform's `PlatformConfig`. */
export interface SiteConfig {
  contactEmail: string;
  emailDomain: string;
}

const emailSchema = z.email();
const DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** Keeps `contactEmail` and `emailDomain` when well-formed; anything else gets the default. */
export function parseSiteConfig(raw: unknown): SiteConfig {
  const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const contactEmail = text(record.contactEmail);
  const emailDomain = text(record.emailDomain)?.replace(/\.$/, '').toLowerCase();
  return {
    contactEmail:
      contactEmail && emailSchema.safeParse(contactEmail).success
        ? contactEmail
        : DEFAULT_CONTACT_EMAIL,
    emailDomain:
      emailDomain && DOMAIN_PATTERN.test(emailDomain) ? emailDomain : DEFAULT_EMAIL_DOMAIN,
  };
}

/**
 * The same source the shell reads (web-platform's `loadPlatformConfig`): `window.__B2G_CONFIG__`
 * when the page defines it, else `/config.json`; a missing file or the SPA fallback's HTML means
 * "nothing configured". Read raw here because `parsePlatformConfig` keeps only its own fields.
 */
async function readRawConfig(): Promise<unknown> {
  if (window.__B2G_CONFIG__ !== undefined) return window.__B2G_CONFIG__;
  try {
    const res = await fetch(CONFIG_URL, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    if (!res.ok || !/json/i.test(res.headers.get('content-type') ?? '')) return {};
    return (await res.json()) as unknown;
  } catch {
    return {};
  }
}

/** The site config, read once per page load (cached like any query); undefined while loading. */
export function useSiteConfig(): SiteConfig | undefined {
  const { data } = useQuery({
    queryKey: [CONFIG_URL],
    queryFn: async () => parseSiteConfig(await readRawConfig()),
  });
  return data;
}
