import express, { type Router } from 'express';
import { UPSTREAM_NAMES, type GatewayConfig, type UpstreamName } from './config.js';
import type { UpstreamPools } from './upstream-pool.js';

export type UpstreamReadiness = 'ready' | 'not_ready' | 'timeout' | 'unreachable';

/** The upstream's own /readyz, below its base path like every proxied path. */
function readinessUrl(base: URL): URL {
  return new URL(`${base.pathname.replace(/\/$/, '')}/readyz`, base);
}

async function probe(base: URL, timeoutMs: number): Promise<UpstreamReadiness> {
  try {
    const response = await fetch(readinessUrl(base), { signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return response.ok ? 'ready' : 'not_ready';
  } catch (err) {
    return err instanceof DOMException && err.name === 'TimeoutError' ? 'timeout' : 'unreachable';
  }
}

/** A service is as ready as its best instance: one instance answering serves its routes. */
const PREFERENCE: readonly UpstreamReadiness[] = ['ready', 'not_ready', 'timeout', 'unreachable'];

function best(statuses: readonly UpstreamReadiness[]): UpstreamReadiness {
  return PREFERENCE.find((status) => statuses.includes(status)) ?? 'unreachable';
}

/**
 * /healthz: the gateway process answers (liveness). /readyz: each instance of each service is
 * asked for its own /readyz within the readiness timeout; each service is listed by name with the
 * best of what its instances said (one ready instance serves its routes), and `instances` lists
 * each instance's answer in the order of its variable (by position: a client never sees
 * upstream hosts or ports). The gateway is ready while at least one service is: one service
 * down makes the gateway 'degraded' (that service's routes answer 503 on their own) rather than
 * taking every gateway out of rotation with it, which would take the pages and the other
 * services' routes down too. With no service answering, this gateway is cut off and is not ready.
 */
export function healthRoutes(config: GatewayConfig, pools: UpstreamPools): Router {
  const router = express.Router();

  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });

  router.get('/readyz', async (_req, res) => {
    const results = await Promise.all(
      UPSTREAM_NAMES.map(async (name) => {
        const statuses = await Promise.all(
          pools.services[name].instances.map((instance) =>
            probe(instance.url, config.readinessTimeoutMs),
          ),
        );
        return [name, statuses] as const;
      }),
    );
    const services = Object.fromEntries(
      results.map(([name, statuses]) => [name, best(statuses)]),
    ) as Record<UpstreamName, UpstreamReadiness>;
    const instances = Object.fromEntries(results) as Record<UpstreamName, UpstreamReadiness[]>;
    const readyCount = Object.values(services).filter((status) => status === 'ready').length;
    const status =
      readyCount === results.length ? 'ready' : readyCount > 0 ? 'degraded' : 'not_ready';
    res
      .status(status === 'not_ready' ? 503 : 200)
      .set('Cache-Control', 'no-store')
      .json({ status, services, instances });
  });

  return router;
}
