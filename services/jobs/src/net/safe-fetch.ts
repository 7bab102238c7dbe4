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
  override readonly name: string = 'PageUnavailableError';
}

/**
 * No answer came at all: no connection, a timeout, a cut-off body, or no name server answering.
 * Not said of a page that answered (an error status) nor of a name that does not resolve.
 */
export class PageUnreachableError extends PageUnavailableError {
  override readonly name = 'PageUnreachableError';
}

/**
 * getaddrinfo's codes for a resolver that did not answer (no network, no name server), which say
 * nothing of the name asked: any other failure to resolve is a refusal like a private address.
 */
const RESOLVER_DOWN = new Set(['EAI_AGAIN', 'ETIMEOUT', 'ECONNREFUSED']);

/**
 * Every refusal of a URL before connecting (scheme, credentials, port, an address that is not
 * public, a name that does not resolve) says the same thing with the same status, so the answers
 * never tell a caller how internal names resolve.
 */
export const REFUSED_URL_MESSAGE =
  'This URL cannot be fetched: only public web pages on ports 80 and 443 can be read.';

/** Refusals of what a public page answered (after connecting to a checked address). */
export const REFUSAL_MESSAGES = {
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
const ALLOWED_PORTS = new Set(['80', '443']);
/** IANA's global unicast block; every other IPv6 address (IPv4-compatible, site-local, NAT64...) is refused. */
const IPV6_GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
/** Cloud metadata endpoints, named even though their ranges (link-local, unique-local) are refused anyway. */
const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254']);

const defaultResolve = (hostname: string) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * True for an address on the public internet, by allow-list (default deny): an IPv4 address
 * outside every special range ipaddr.js knows (loopback, private, link-local, CGNAT, multicast,
 * reserved, documentation, benchmarking, AS112, AMT...), or an IPv6 address inside 2000::/3 and
 * outside every special range there (Teredo, 6to4, documentation, ORCHID, benchmarking...).
 * IPv4-mapped IPv6 is judged as the IPv4 address it carries; every other IPv6 address outside
 * 2000::/3 (IPv4-compatible `::a.b.c.d`, site-local fec0::/10, NAT64 64:ff9b::/96 and
 * 64:ff9b:1::/48, unique-local, link-local) is refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) {
    ip = (ip as ipaddr.IPv6).toIPv4Address();
  }
  if (METADATA_ADDRESSES.has(ip.toNormalizedString()) || METADATA_ADDRESSES.has(ip.toString()))
    return false;
  if (ip.kind() === 'ipv6' && !(ip as ipaddr.IPv6).match(IPV6_GLOBAL_UNICAST)) return false;
  return ip.range() === 'unicast';
}

const effectivePort = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80');

/** Validators of a page read before: sent as If-None-Match / If-Modified-Since. */
export interface Validators {
  etag?: string | undefined;
  lastModified?: string | undefined;
}

export interface SafeRequest {
  /** The Accept header. */
  accept: string;
  /** Content types whose body is read; another one is refused with `notAccepted`. */
  contentTypes: RegExp;
  /** The refusal of another content type. */
  notAccepted: string;
  /** Conditional request: a 304 answers `{ status: 304 }` without a body. */
  validators?: Validators | undefined;
  userAgent?: string | undefined;
}

/** What a URL answered: 2xx with its body, or the status alone (304, 4xx, 5xx). */
export type SafeResponse =
  | { url: URL; status: number; body: string; validators: Validators }
  | { url: URL; status: number; body?: undefined; validators: Validators };

const AUTO_FILL_AGENT = 'B2GJobBoard-AutoFill/1.0 (+job posting import)';

/**
 * Fetches an HTML page from a URL a visitor gave, per OWASP's SSRF advice (see `safeRequest`);
 * a status other than 2xx is a PageUnavailableError.
 */
export async function fetchHtmlPage(
  rawUrl: string,
  options: SafeFetchOptions = {},
): Promise<FetchedPage> {
  const response = await safeRequest(rawUrl, HTML_REQUEST, options);
  if (response.body === undefined)
    throw new PageUnavailableError(`the page answered ${response.status}`);
  return { url: response.url, html: response.body };
}

export const HTML_REQUEST: SafeRequest = {
  accept: 'text/html,application/xhtml+xml;q=0.9',
  contentTypes: HTML_TYPES,
  notAccepted: REFUSAL_MESSAGES.notHtml,
};

const JSON_TYPES = /^\s*application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** A public JSON API (an applicant tracking system's job board) read through the same guard. */
export const JSON_REQUEST: SafeRequest = {
  accept: 'application/json',
  contentTypes: JSON_TYPES,
  notAccepted: 'This URL does not point to a JSON document.',
};

/**
 * Requests a URL a visitor gave (or a job's source), per OWASP's SSRF advice: http(s) only, no
 * credentials, ports 80 and 443 only, every address the name resolves to must be public (one
 * refusal for all of these, REFUSED_URL_MESSAGE), and the connection goes to the
 * address that was checked (no second resolution, so no DNS-rebinding window); redirects are
 * followed by hand (at most 3), each re-checked; 5 s for everything; at most 2 MB, read as a
 * stream and cut off past the cap; only the content types asked for. A status that is not 2xx is
 * answered without its body (the caller decides: gone, unchanged, unavailable).
 */
export async function safeRequest(
  rawUrl: string,
  kind: SafeRequest,
  options: SafeFetchOptions = {},
): Promise<SafeResponse> {
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const maxRedirects = options.maxRedirects ?? DEFAULTS.maxRedirects;
  const signal = AbortSignal.timeout(timeoutMs);
  const conditional: Record<string, string> = {};
  if (kind.validators?.etag) conditional['if-none-match'] = kind.validators.etag;
  if (kind.validators?.lastModified)
    conditional['if-modified-since'] = kind.validators.lastModified;
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
          accept: kind.accept,
          'user-agent': kind.userAgent ?? AUTO_FILL_AGENT,
          ...conditional,
        },
      }).catch((error: unknown) => {
        throw unavailable(error, signal);
      });
      const { statusCode, headers, body } = response;
      // Cutting a body short (oversized, not HTML) aborts it: that is expected, not a crash.
      body.on('error', () => undefined);
      if (statusCode >= 300 && statusCode < 400 && statusCode !== 304 && headers.location) {
        await body.dump().catch(() => undefined);
        if (redirects >= maxRedirects) throw new UrlRefusedError(REFUSAL_MESSAGES.tooManyRedirects);
        url = parseUrl(new URL(String(headers.location), url).toString());
        continue;
      }
      const validators = validatorsOf(headers);
      if (statusCode < 200 || statusCode >= 300) {
        await body.dump().catch(() => undefined);
        return { url, status: statusCode, validators };
      }
      const contentType = String(headers['content-type'] ?? '');
      if (!kind.contentTypes.test(contentType)) {
        body.destroy();
        throw new UrlRefusedError(kind.notAccepted);
      }
      const maxBytes = options.maxBytes ?? DEFAULTS.maxBytes;
      if (Number(headers['content-length'] ?? 0) > maxBytes) {
        body.destroy();
        throw new UrlRefusedError(REFUSAL_MESSAGES.tooLarge);
      }
      const text = await readCapped(body, maxBytes, charsetOf(contentType), signal);
      return { url, status: statusCode, body: text, validators };
    } finally {
      void agent.destroy().catch(() => undefined);
    }
  }
}

function validatorsOf(headers: Record<string, string | string[] | undefined>): Validators {
  const one = (value: string | string[] | undefined) =>
    (Array.isArray(value) ? value[0] : value)?.slice(0, 512) || undefined;
  return { etag: one(headers.etag), lastModified: one(headers['last-modified']) };
}

const refused = () => new UrlRefusedError(REFUSED_URL_MESSAGE);

function parseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused();
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused();
  if (url.username || url.password) throw refused();
  return url;
}

/**
 * Checks the port, resolves the host and checks every address; returns the one to connect to.
 * Test fixtures listed in `allowedHosts` skip the port and address checks.
 */
async function vet(url: URL, options: SafeFetchOptions): Promise<ResolvedAddress> {
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const port = effectivePort(url);
  const allowed = options.allowedHosts?.has(`${url.hostname.toLowerCase()}:${port}`) ?? false;
  if (!allowed && !ALLOWED_PORTS.has(port)) throw refused();
  const literal = isIP(hostname);
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: hostname, family: literal }];
  } else {
    try {
      addresses = await (options.resolve ?? defaultResolve)(hostname);
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (typeof code === 'string' && RESOLVER_DOWN.has(code))
        throw new PageUnreachableError(`the name could not be resolved (${code})`);
      throw refused();
    }
  }
  if (addresses.length === 0) throw refused();
  if (!allowed && !addresses.every((entry) => isPublicAddress(entry.address))) throw refused();
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

function unavailable(error: unknown, signal: AbortSignal): PageUnreachableError {
  if (signal.aborted) return new PageUnreachableError('the page took too long to answer');
  return new PageUnreachableError(error instanceof Error ? error.message : String(error));
}

/** Board feeds list every job with its description: larger than a page. */
const JSON_MAX_BYTES = 8 * 1024 * 1024;

/**
 * A public JSON API read through the same guard: the parsed body of a 2xx, the status alone
 * otherwise (304 to a conditional request, 404...). A body that is not JSON is a PageUnavailableError.
 */
export async function fetchJson(
  rawUrl: string,
  validators: Validators | undefined,
  options: SafeFetchOptions = {},
): Promise<{ status: number; body?: unknown; validators: Validators }> {
  const response = await safeRequest(
    rawUrl,
    { ...JSON_REQUEST, validators },
    { maxBytes: JSON_MAX_BYTES, ...options },
  );
  if (response.body === undefined)
    return { status: response.status, validators: response.validators };
  try {
    return {
      status: response.status,
      body: JSON.parse(response.body) as unknown,
      validators: response.validators,
    };
  } catch {
    throw new PageUnavailableError('the API answered something other than JSON');
  }
}

/** The freshness checker asks whether a job's page is still there: any content type, body discarded. */
const PROBE_REQUEST: SafeRequest = {
  accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
  contentTypes: /^/,
  notAccepted: REFUSAL_MESSAGES.notHtml,
  userAgent: 'B2GJobBoard-FreshnessCheck/1.0 (+listing still open?)',
};

/** A conditional GET of a job's source page through the guard: its status and validators. */
export async function probePage(
  rawUrl: string,
  validators: Validators | undefined,
  options: SafeFetchOptions = {},
): Promise<{ status: number; validators: Validators }> {
  const response = await safeRequest(rawUrl, { ...PROBE_REQUEST, validators }, options);
  return { status: response.status, validators: response.validators };
}
