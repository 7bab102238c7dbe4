import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { createGatewayServer } from './app.js';
import { ConfigError, loadConfig, type GatewayConfig } from './config.js';
import { createLogger } from './logging.js';
import { SharedLimits } from './shared-limits.js';
import { createUpstreamPools } from './upstream-pool.js';

function readConfig(): GatewayConfig {
  try {
    return loadConfig(process.env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

/**
 * A request's objects die young, but under load V8's pretenuring would allocate them straight in
 * the old generation, which only full collections sweep. Set before the first request.
 */
setFlagsFromString('--no-allocation-site-pretenuring');

const config = readConfig();
const logger = createLogger(config.logLevel);
const pools = createUpstreamPools(config);
const sharedLimits = config.mongoUrl ? new SharedLimits(config.mongoUrl, logger) : undefined;
const server = createGatewayServer(config, { logger, pools, sharedLimits });
// A client's kept-alive connection is closed by the client, not under its next request: clients
// keep idle connections a few seconds (browsers longer), and a request the gateway closes the
// socket under gets no answer at all. Load balancers' idle timeouts are 60 s.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

server.once('error', (err) => {
  logger.fatal({ err }, 'gateway could not start');
  process.exit(1);
});

server.listen(config.port, config.host, () => {
  const { address, port } = server.address() as AddressInfo;
  logger.info({ address, port }, 'gateway listening');
});

const IDLE_SWEEP_MS = 100;
let stopping = false;

/** Stop taking connections, let requests in flight finish (within the timeout), then exit. */
function shutdown(signal: NodeJS.Signals): void {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'gateway shutting down');
  const force = setTimeout(() => {
    logger.warn('requests still in flight at the shutdown timeout: closing their connections');
    server.closeAllConnections();
  }, config.shutdownTimeoutMs);
  // Keep-alive connections turn idle as their last response ends: close them as they do.
  const closeIdle = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  server.close(() => {
    clearTimeout(force);
    clearInterval(closeIdle);
    pools.destroy();
    void (sharedLimits?.close() ?? Promise.resolve()).then(() => {
      logger.info('gateway stopped');
      process.exit(0);
    });
  });
}

process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
