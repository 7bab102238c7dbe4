import { isIPv4, isIPv6 } from 'node:net';
import { baseServiceConfigSchema, portSchema } from '@b2g/service-kit';
import { z } from 'zod';

const DNS_PORT_MAX = 65_535;

/** `1.1.1.1`, `1.1.1.1:53`, `2606:4700::1111` or `[2606:4700::1111]:53`, as the resolver takes them. */
function isDnsServer(entry: string): boolean {
  const v4 = /^([\d.]+)(?::(\d{1,5}))?$/.exec(entry);
  if (v4?.[1] && isIPv4(v4[1])) return v4[2] === undefined || Number(v4[2]) <= DNS_PORT_MAX;
  const bracketed = /^\[([\da-fA-F:.]+)\](?::(\d{1,5}))?$/.exec(entry);
  if (bracketed?.[1] && isIPv6(bracketed[1])) {
    return bracketed[2] === undefined || Number(bracketed[2]) <= DNS_PORT_MAX;
  }
  return isIPv6(entry);
}

/** Unset and empty both mean "not given", so `VAR=` in a compose file behaves like no VAR. */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

const dnsServers = optionalText
  .transform((value) =>
    value
      ?.split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .refine((servers) => servers === undefined || servers.every(isDnsServer), {
    error: 'must be a comma-separated list of ip or ip:port (e.g. 1.1.1.1,127.0.0.1:5353)',
  });

export const configSchema = baseServiceConfigSchema
  .pick({ HOST: true, LOG_LEVEL: true, SHUTDOWN_TIMEOUT_MS: true })
  .extend({
    PORT: portSchema(4004),
    /** The domain whose email records are checked against the wizard's. */
    EMAIL_DOMAIN: z
      .string({ error: 'is required (the domain whose email DNS is checked)' })
      .trim()
      .toLowerCase()
      .pipe(z.hostname({ error: 'must be a domain name such as example.com' }))
      .transform((domain) => domain.replace(/\.$/, '')),
    /** Host label and target of the verification CNAME from the mail provider's admin console. */
    EMAIL_VERIFICATION_TOKEN: optionalText,
    EMAIL_VERIFICATION_TARGET: optionalText,
    /** Target of the DKIM CNAME, once the key is generated in the admin console. */
    EMAIL_DKIM_TARGET: optionalText,
    /** Unset: the system's resolvers. */
    DNS_SERVERS: dnsServers,
    /** How long one try waits for an answer. */
    DNS_TIMEOUT_MS: z.coerce.number().int().positive().default(2_000),
    /** Tries per server before a lookup fails. */
    DNS_TRIES: z.coerce.number().int().min(1).max(10).default(2),
    /** How long a successful check is reused; 0 turns the cache off. */
    DNS_CACHE_TTL_MS: z.coerce.number().int().min(0).default(30_000),
  });

export type Config = z.output<typeof configSchema>;
