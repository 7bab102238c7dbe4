import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { Logger } from 'pino';

export interface ServeOptions {
  port: number;
  host: string;
  logger: Logger;
  /** Closes consumers, relays and connections after the HTTP server has drained. */
  onShutdown?: () => Promise<void>;
  /** In-flight requests get this long to finish before connections are cut. */
  shutdownTimeoutMs?: number;
  /** Handle SIGTERM/SIGINT (off in tests). */
  handleSignals?: boolean;
}

export interface RunningServer {
  server: Server;
  port: number;
  close(): Promise<void>;
}

/** Listens, and on SIGTERM/SIGINT stops accepting, finishes in-flight work within a bound, then closes. */
export async function serve(app: Express, options: ServeOptions): Promise<RunningServer> {
  const server = createServer(app);
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  options.logger.info({ port }, 'listening');

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      const timeout = options.shutdownTimeoutMs ?? 10_000;
      const drained = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), timeout);
      await drained;
      clearTimeout(timer);
      // The clean-up gets its own bound: a process asked to stop must stop.
      let bound: NodeJS.Timeout | undefined;
      await Promise.race([
        options.onShutdown?.(),
        new Promise<never>((_, reject) => {
          bound = setTimeout(
            () => reject(new Error(`clean-up did not finish within ${timeout} ms`)),
            timeout,
          );
          bound.unref();
        }),
      ]).finally(() => clearTimeout(bound));
      options.logger.info('stopped');
    })();
    return closing;
  };

  if (options.handleSignals !== false) {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(signal, () => {
        options.logger.info({ signal }, 'shutting down');
        close().then(
          () => process.exit(0),
          (error: unknown) => {
            options.logger.error({ err: error }, 'shutdown failed');
            process.exit(1);
          },
        );
      });
    }
  }
  return { server, port, close };
}

/** What a service's config says about serving it (`baseServiceConfigSchema` and its port). */
export interface ServeConfig {
  PORT: number;
  HOST: string;
  SHUTDOWN_TIMEOUT_MS: number;
}

/** Serves a service's app where its config says, with the config's shutdown timeout. */
export function serveService(
  app: Express,
  config: ServeConfig,
  logger: Logger,
  onShutdown?: () => Promise<void>,
): Promise<RunningServer> {
  return serve(app, {
    port: config.PORT,
    host: config.HOST,
    logger,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    ...(onShutdown ? { onShutdown } : {}),
  });
}
