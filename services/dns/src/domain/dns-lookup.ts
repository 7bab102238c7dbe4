/** An MX record as DNS returns it. */
export interface MxAnswer {
  exchange: string;
  priority: number;
}

/**
 * What the check needs from DNS. A name or record type that does not exist answers an empty
 * list; a lookup that could not be answered (timeout, refused, SERVFAIL) throws `DnsLookupError`.
 */
export interface DnsLookup {
  cname(host: string): Promise<string[]>;
  mx(host: string): Promise<MxAnswer[]>;
  /** One string per TXT record, its character-strings joined. */
  txt(host: string): Promise<string[]>;
}

export class DnsLookupError extends Error {
  constructor(
    readonly recordType: 'CNAME' | 'MX' | 'TXT',
    readonly host: string,
    readonly reason: string,
  ) {
    super(`${recordType} ${host}: ${reason}`);
    this.name = 'DnsLookupError';
  }
}
