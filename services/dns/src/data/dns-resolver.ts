import { promises as dns } from 'node:dns';
import { DnsLookupError, type DnsLookup } from '../domain/dns-lookup.js';

export interface ResolverOptions {
  /** `ip` or `ip:port` entries; none means the system's resolvers. */
  servers?: readonly string[];
  timeoutMs: number;
  tries: number;
}

/** A lookup that also says which servers it asks, for readiness. */
export interface ResolverLookup extends DnsLookup {
  servers(): string[];
}

/** Answers that mean "this name or record type is not published", not "DNS is broken". */
const NOT_CONFIGURED = new Set<string>([dns.NOTFOUND, dns.NODATA]);

function reasonOf(code: string | undefined, timeoutMs: number, tries: number): string {
  switch (code) {
    case dns.TIMEOUT:
      return `no answer from the DNS server (${tries} ${tries === 1 ? 'try' : 'tries'} of ${timeoutMs} ms)`;
    case dns.CONNREFUSED:
      return 'the DNS server refused the connection';
    case dns.SERVFAIL:
      return 'the DNS server answered SERVFAIL';
    case dns.REFUSED:
      return 'the DNS server refused the query';
    default:
      return `resolver error ${code ?? 'without a code'}`;
  }
}

/** Real lookups through node's c-ares resolver, with its own servers, timeout and tries. */
export function createResolverLookup(options: ResolverOptions): ResolverLookup {
  const resolver = new dns.Resolver({ timeout: options.timeoutMs, tries: options.tries });
  if (options.servers?.length) resolver.setServers(options.servers);

  async function ask<T>(
    type: DnsLookupError['recordType'],
    host: string,
    query: () => Promise<T[]>,
  ) {
    try {
      return await query();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code && NOT_CONFIGURED.has(code)) return [];
      throw new DnsLookupError(type, host, reasonOf(code, options.timeoutMs, options.tries));
    }
  }

  return {
    cname: (host) => ask('CNAME', host, () => resolver.resolveCname(host)),
    mx: (host) => ask('MX', host, () => resolver.resolveMx(host)),
    txt: (host) =>
      ask('TXT', host, async () =>
        (await resolver.resolveTxt(host)).map((chunks) => chunks.join('')),
      ),
    servers: () => resolver.getServers(),
  };
}
