import type { DnsCheckResponse } from '@b2g/contracts';
import { serviceUnavailable } from '@b2g/service-kit';
import { Router } from 'express';
import { DnsLookupError } from '../domain/dns-lookup.js';

/** GET /api/dns/check-email: the wizard's five checks; a resolver failure is a 503, not "missing". */
export function dnsRoutes(checkEmail: () => Promise<DnsCheckResponse>): Router {
  const router = Router();
  router.get('/api/dns/check-email', async (_req, res) => {
    try {
      res.json(await checkEmail());
    } catch (error) {
      if (error instanceof DnsLookupError)
        throw serviceUnavailable(`DNS lookup failed: ${error.message}`);
      throw error;
    }
  });
  return router;
}
