import { isIP } from 'node:net';
import type { RiskSignal } from '@b2g/contracts';
import { hostIn, URL_SHORTENERS } from './url-lists.js';
import { signal } from './weights.js';

/** The apply URL parsed, or undefined when it is not an absolute URL. */
export function parseApplyUrl(url: string): URL | undefined {
  try {
    return new URL(url.trim());
  } catch {
    return undefined;
  }
}

/**
 * The apply link's signals: an IP address instead of a name, a URL shortener, no HTTPS, a host
 * on the deny list (`denied`, each matching its subdomains too).
 */
export function applyUrlSignals(url: URL | undefined, denied: readonly string[]): RiskSignal[] {
  if (!url) return [];
  const signals: RiskSignal[] = [];
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  // WHATWG URL parsing has turned decimal, octal and hex forms into dotted IPv4 already.
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0)
    signals.push(signal('apply_ip_literal', `apply link points at the IP address ${host}`));
  const shortener = hostIn(host, URL_SHORTENERS);
  if (shortener)
    signals.push(signal('apply_shortener', `apply link goes through the shortener ${shortener}`));
  if (url.protocol !== 'https:')
    signals.push(signal('apply_not_https', `apply link uses ${url.protocol.replace(':', '')}`));
  const deny = hostIn(host, denied);
  if (deny)
    signals.push(signal('apply_denied', `apply host ${host} is on the deny list (${deny})`));
  return signals;
}
