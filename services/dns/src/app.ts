import { emailDnsSetup } from '@b2g/contracts';
import { createServiceApp, type ServiceAppOptions } from '@b2g/service-kit';
import type { Express } from 'express';
import type { Config } from './config.js';
import type { ResolverLookup } from './data/dns-resolver.js';
import { cachedFor } from './domain/cached.js';
import { checkEmailDns } from './domain/email-dns-check.js';
import { dnsRoutes } from './routes/dns.js';

export interface AppDeps {
  config: Pick<
    Config,
    | 'EMAIL_DOMAIN'
    | 'EMAIL_VERIFICATION_TOKEN'
    | 'EMAIL_VERIFICATION_TARGET'
    | 'EMAIL_DKIM_TARGET'
    | 'DNS_CACHE_TTL_MS'
  >;
  logger: ServiceAppOptions['logger'];
  lookup: ResolverLookup;
}

/** The dns service's express app: checks the configured domain against the wizard's records. */
export function createApp({ config, logger, lookup }: AppDeps): Express {
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

  return createServiceApp({
    name: 'dns',
    logger,
    readiness: [{ name: 'dns-resolver', isReady: () => lookup.servers().length > 0 }],
    routes: dnsRoutes(checkEmail),
  });
}
