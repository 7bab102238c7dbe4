import { emailDnsSetup } from '@b2g/contracts';
import type { Express } from 'express';
import { createApp, type AppDeps } from './app.js';
import type { Config } from './config.js';
import { createResolverLookup, type ResolverLookup } from './data/dns-resolver.js';
import { cachedFor } from './domain/cached.js';
import { checkEmailDns } from './domain/email-dns-check.js';

export interface DnsInstanceDeps {
  config: Pick<
    Config,
    | 'EMAIL_DOMAIN'
    | 'EMAIL_VERIFICATION_TOKEN'
    | 'EMAIL_VERIFICATION_TARGET'
    | 'EMAIL_DKIM_TARGET'
    | 'DNS_SERVERS'
    | 'DNS_TIMEOUT_MS'
    | 'DNS_TRIES'
    | 'DNS_CACHE_TTL_MS'
  >;
  logger: AppDeps['logger'];
}

export interface DnsInstance {
  app: Express;
  lookup: ResolverLookup;
}

/**
 * One dns service, wired from its configuration: what main serves and tests call. It consumes and
 * publishes no events and owns no database, so there is nothing to start or stop.
 */
export function createDnsInstance({ config, logger }: DnsInstanceDeps): DnsInstance {
  const lookup = createResolverLookup({
    servers: config.DNS_SERVERS,
    timeoutMs: config.DNS_TIMEOUT_MS,
    tries: config.DNS_TRIES,
  });
  const domain = config.EMAIL_DOMAIN;
  const expected = emailDnsSetup(domain, {
    verificationToken: config.EMAIL_VERIFICATION_TOKEN,
    verificationTarget: config.EMAIL_VERIFICATION_TARGET,
    dkimTarget: config.EMAIL_DKIM_TARGET,
  });
  const checkEmail = cachedFor(
    () => checkEmailDns(domain, expected, lookup),
    config.DNS_CACHE_TTL_MS,
  );
  const app = createApp({
    logger,
    readiness: [{ name: 'dns-resolver', isReady: () => lookup.servers().length > 0 }],
    checkEmail,
  });
  return { app, lookup };
}
