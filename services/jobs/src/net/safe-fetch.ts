import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, request } from 'undici';

/** The URL is not one this service fetches (400). */
export class UrlRefusedError extends Error {
  override readonly name = 'UrlRefusedError';
}

/** The page could not be loaded (422). */
export class PageUnavailableError extends Error {
  override readonly name = 'PageUnavailableError';
}

export const REFUSAL_MESSAGES = {
  scheme: 'Only http and https URLs can be fetched.',
  credentials: 'URLs with a user name or password cannot be fetched.',
  privateAddress: 'This URL points to a private or local address and cannot be fetched.',
  tooManyRedirects: 'This URL redirects too many times.',
  notHtml: 'This URL does not point to an HTML page.',
  tooLarge: 'This page is larger than 2 MB and cannot be read.',
} as const;

export interface ResolvedAddress {
  address: string;
  family: number;
}

export interface SafeFetchOptions {
  /** `host:port` pairs fetched even on private addresses (test fixtures on loopback). */
  allowedHosts?: ReadonlySet<string>;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Name resolution (every address of the name); default dns.lookup with `all`. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
}

export interface FetchedPage {
  url: URL;
  html: string;
}

const DEFAULTS = { timeoutMs: 5_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 3 };
const HTML_TYPES = /^\s*(?:text\/html|application\/xhtml\+xml)\s*(?:;|$)/i;
/** Cloud metadata endpoints, named even though their ranges (link-local, unique-local) are refused anyway. */
const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254']);

const defaultResolve = (hostname: string) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * True for an address on the public internet: IPv4 and IPv6 loopback, private, link-local, CGNAT,
 * unique-local, multicast, unspecified, reserved, documentation, translation (6to4, Teredo, NAT64)
 * and metadata addresses are not. IPv4-mapped IPv6 is judged as the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) {
    ip = (ip as ipaddr.IPv6).toIPv4Address();
  }
  if (METADATA_ADDRESSES.has(ip.toNormalizedString()) || METADATA_ADDRESSES.has(ip.toString()))
    return false;
  return ip.range() === 'unicast';
}

const effectivePort = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80');

/**
 * Fetches an HTML page from a URL a visitor gave, per OWASP's SSRF advice: http(s) only, no
 * credentials, every address the name resolves to must be public, and the connection goes to the
 * address that was checked (no second resolution, so no DNS-rebinding window); redirects are
 * followed by hand (at most 3), each re-checked; 5 s for everything; at most 2 MB, read as a
 * stream and cut off past the cap; HTML only.
 */
export async function fetchHtmlPage(
  rawUrl: string,
  options: SafeFetchOptions = {},
): Promise<FetchedPage> {
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const maxRedirects = options.maxRedirects ?? DEFAULTS.maxRedirects;
  const signal = AbortSignal.timeout(timeoutMs);
  let url = parseUrl(rawUrl);
  for (let redirects = 0; ; redirects++) {
    const target = await vet(url, options);
    const agent = pinnedAgent(target, timeoutMs);
    try {
      const response = await request(url, {
        dispatcher: agent,
        method: 'GET',
        signal,
        headers: {
          accept: 'text/html,application/xhtml+xml;q=0.9',
          'user-agent': 'B2GJobBoard-AutoFill/1.0 (+job posting import)',
        },
      }).catch((error: unknown) => {
        throw unavailable(error, signal);
      });
      const { statusCode, headers, body } = response;
      // Cutting a body short (oversized, not HTML) aborts it: that is expected, not a crash.
      body.on('error', () => undefined);
      if (statusCode >= 300 && statusCode < 400 && headers.location) {
        await body.dump().catch(() => undefined);
        if (redirects >= maxRedirects) throw new UrlRefusedError(REFUSAL_MESSAGES.tooManyRedirects);
        url = parseUrl(new URL(String(headers.location), url).toString());
        continue;
      }
      if (statusCode < 200 || statusCode >= 300) {
        await body.dump().catch(() => undefined);
        throw new PageUnavailableError(`the page answered ${statusCode}`);
      }
      const contentType = String(headers['content-type'] ?? '');
      if (!HTML_TYPES.test(contentType)) {
        body.destroy();
        throw new UrlRefusedError(REFUSAL_MESSAGES.notHtml);
      }
      const maxBytes = options.maxBytes ?? DEFAULTS.maxBytes;
      if (Number(headers['content-length'] ?? 0) > maxBytes) {
        body.destroy();
        throw new UrlRefusedError(REFUSAL_MESSAGES.tooLarge);
      }
      const html = await readCapped(body, maxBytes, charsetOf(contentType), signal);
      return { url, html };
    } finally {
      void agent.destroy().catch(() => undefined);
    }
  }
}

function parseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UrlRefusedError(REFUSAL_MESSAGES.scheme);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UrlRefusedError(REFUSAL_MESSAGES.scheme);
  if (url.username || url.password) throw new UrlRefusedError(REFUSAL_MESSAGES.credentials);
  return url;
}

/** Resolves the host and checks every address; returns the one to connect to. */
async function vet(url: URL, options: SafeFetchOptions): Promise<ResolvedAddress> {
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const allowed =
    options.allowedHosts?.has(`${url.hostname.toLowerCase()}:${effectivePort(url)}`) ?? false;
  let addresses: ResolvedAddress[];
  const literal = isIP(hostname);
  if (literal) {
    addresses = [{ address: hostname, family: literal }];
  } else {
    try {
      addresses = await (options.resolve ?? defaultResolve)(hostname);
    } catch (error) {
      throw new PageUnavailableError(`cannot resolve ${hostname}: ${(error as Error).message}`);
    }
  }
  if (addresses.length === 0) throw new PageUnavailableError(`${hostname} has no address`);
  if (!allowed && !addresses.every((entry) => isPublicAddress(entry.address))) {
    throw new UrlRefusedError(REFUSAL_MESSAGES.privateAddress);
  }
  return addresses[0] as ResolvedAddress;
}

/** An agent whose every connection goes to `target`, whatever the name resolves to by then. */
function pinnedAgent(target: ResolvedAddress, timeoutMs: number): Agent {
  const lookup = ((_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as LookupFunction;
  return new Agent({
    connect: { lookup, timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connections: 1,
    pipelining: 0,
  });
}

async function readCapped(
  body: AsyncIterable<Buffer> & { destroy(): unknown },
  maxBytes: number,
  charset: string,
  signal: AbortSignal,
): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      size += chunk.length;
      if (size > maxBytes) {
        body.destroy();
        throw new UrlRefusedError(REFUSAL_MESSAGES.tooLarge);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof UrlRefusedError) throw error;
    throw unavailable(error, signal);
  }
  return decode(Buffer.concat(chunks), charset);
}

function charsetOf(contentType: string): string {
  return /charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType)?.[1]?.toLowerCase() ?? 'utf-8';
}

function decode(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function unavailable(error: unknown, signal: AbortSignal): PageUnavailableError {
  if (signal.aborted) return new PageUnavailableError('the page took too long to answer');
  return new PageUnavailableError(error instanceof Error ? error.message : String(error));
}
