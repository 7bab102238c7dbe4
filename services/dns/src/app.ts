import type { DnsCheckResponse } from '@b2g/contracts';
import { createServiceApp, type ReadinessCheck, type ServiceAppOptions } from '@b2g/service-kit';
import type { Express } from 'express';
import { dnsRoutes } from './routes/dns.js';

export interface AppDeps {
  logger: ServiceAppOptions['logger'];
  readiness: ReadinessCheck[];
  /** The configured domain checked against the wizard's records. */
  checkEmail: () => Promise<DnsCheckResponse>;
}

/** The dns service's HTTP API; no listening here (tests run it in-process). */
export function createApp({ logger, readiness, checkEmail }: AppDeps): Express {
  return createServiceApp({ name: 'dns', logger, readiness, routes: dnsRoutes(checkEmail) });
}
