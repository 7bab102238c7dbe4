import type { ClientRequest } from 'node:http';
import { Socket } from 'node:net';
import type { Request, Response } from 'express';
import { createProxyMiddleware, type Plugin } from 'http-proxy-middleware';
import type { Logger } from 'pino';
import { REMOTE_NAMES, UPSTREAM_NAMES, type RemoteName, type UpstreamName } from './config.js';
import { sendError } from './errors.js';
import type { BodyLimit } from './routes.js';
import type { UpstreamInstance, UpstreamPool, UpstreamPools } from './upstream-pool.js';

export interface UpstreamProxyOptions {
  /** Who answers (for logs only: clients never see upstream names, hosts or ports). */
  name: string;
  /** The service's instances, their keep-alive connections and which of them are passed over. */
  pool: UpstreamPool;
  logger: Logger;
  /** Send the upstream's own host in the Host header (dev servers check it); else keep the client's. */
  changeOrigin: boolean;
  /** Largest request body passed on; bigger ones get 413 (unset: no limit). */
  maxBodyBytes?: number;
}

/**
 * Forwards one request with its path unchanged (relative to where it is mounted) and answers
 * 504 when the upstream has not sent its response headers within `timeoutMs`.
 */
export type UpstreamProxy = (
  req: Request,
  res: Response,
  timeoutMs: number,
  bodyLimit?: BodyLimit,
) => void;

interface InFlight {
  timer?: NodeJS.Timeout;
  proxyReq?: ClientRequest;
  /** The instance the current attempt went to, until its answer ends or it fails. */
  instance?: UpstreamInstance;
  /** Instances an attempt already failed on. */
  tried?: Set<UpstreamInstance>;
  /** The upstream's answer has begun: nothing can be tried again. */
  responded: boolean;
  /** The client's answer has ended or its connection closed. */
  closed: boolean;
}

/**
 * Where a request's InFlight is kept: on the request itself, not in a WeakMap keyed by it. The
 * InFlight reaches its request, and young-generation collections keep such an entry alive until
 * a full one, which would move every request and all it holds to the old generation.
 */
const IN_FLIGHT = Symbol('inFlight');

type ProxiedRequest = Request & { [IN_FLIGHT]?: InFlight };

function inFlight(req: Request): InFlight | undefined {
  return (req as ProxiedRequest)[IN_FLIGHT];
}

/** The http-proxy server under http-proxy-middleware's middleware. */
type ProxyServer = Parameters<Plugin<Request, Response>>[0];

/**
 * The http-proxy server http-proxy-middleware makes, with `events` on it (the middleware hands
 * the server to its plugins). Requests go to the server's web(), not through the middleware's
 * asynchronous wrapper (a promise per step, a copy of the options, a router and path filter this
 * proxy has no use for).
 */
function proxyServerOf(target: UpstreamInstance['target'], events: Plugin<Request, Response>) {
  const made: ProxyServer[] = [];
  createProxyMiddleware<Request, Response>({
    target,
    // The default plugins answer errors in plain text naming the target: ours replace them.
    ejectPlugins: true,
    plugins: [events, (server) => made.push(server)],
  });
  return made[0]!;
}

/** Methods a retry cannot make happen twice (the services' GET and HEAD change nothing). */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD']);

const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again shortly.';
const TIMEOUT_MESSAGE = 'The service took too long to answer. Please try again.';
const TOO_LARGE_MESSAGE = 'The request body is too large.';

function payloadTooLarge(res: Response, message = TOO_LARGE_MESSAGE): void {
  // The body is not read: closing the connection afterwards stops the client from sending it.
  sendError(res, 'PAYLOAD_TOO_LARGE', message, { Connection: 'close' });
}

function release(state: InFlight): void {
  if (state.instance === undefined) return;
  state.instance.outstanding--;
  state.instance = undefined;
}

/**
 * Created once per upstream at start; every request reuses it and the pool's agent. Each request
 * goes to the pool's least busy instance. A connection an instance refuses is moved on to the
 * next one by the pool's agent; a GET or HEAD whose connection fails before any answer (an
 * instance killed with the request on it) is sent again to an instance it has not tried. Only
 * when no instance is left does the client get 503.
 */
export function createUpstreamProxy(options: UpstreamProxyOptions): UpstreamProxy {
  const { name, pool, logger, maxBodyBytes, changeOrigin } = options;
  const limitStreamedBody = (req: Request, res: Response, state: InFlight, limit: BodyLimit) => {
    let received = 0;
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= limit.maxBytes) return;
      req.off('data', count);
      clearTimeout(state.timer);
      payloadTooLarge(res, limit.message);
      state.proxyReq?.destroy();
    };
    req.on('data', count);
  };

  /** Sends a GET or HEAD that failed before any answer to an instance it has not tried. */
  const retried = (req: Request, res: Response, state: InFlight): boolean => {
    if (state.responded || state.closed || res.headersSent || !IDEMPOTENT_METHODS.has(req.method)) {
      return false;
    }
    state.tried ??= new Set();
    if (state.instance !== undefined) state.tried.add(state.instance);
    release(state);
    const instance = pool.pick(state.tried);
    if (instance === undefined) return false;
    instance.outstanding++;
    state.instance = instance;
    state.proxyReq = undefined;
    forward(req, res, instance);
    return true;
  };

  const events: Plugin<Request, Response> = (proxyServer) => {
    proxyServer.on('proxyReq', (proxyReq, req, res) => {
      const state = inFlight(req);
      if (state === undefined || state.closed || res.headersSent) {
        proxyReq.destroy(); // answered already (timed out before the upstream request started)
        return;
      }
      state.proxyReq = proxyReq;
    });
    proxyServer.on('proxyRes', (proxyRes, req, res) => {
      const state = inFlight(req);
      if (state !== undefined) {
        state.responded = true;
        clearTimeout(state.timer);
      }
      // The upstream failed mid-response: the client must not take what came as complete.
      proxyRes.on('close', () => {
        if (!proxyRes.complete) res.destroy();
      });
    });
    proxyServer.on('error', (err: NodeJS.ErrnoException, req, res) => {
      // http-proxy types allow a socket here, for WebSocket upgrades, which are never proxied.
      if (res instanceof Socket) return;
      const state = inFlight(req);
      if (res.writableEnded) return; // already answered: timeout or body too large
      if (state !== undefined) {
        const failedOn = state.instance;
        if (retried(req, res, state)) {
          logger.info(
            { upstream: name, code: err.code, reqId: req.id, failedOn: failedOn?.url.host },
            'upstream failed, trying another instance',
          );
          return;
        }
        clearTimeout(state.timer);
      }
      logger.warn({ upstream: name, code: err.code, reqId: req.id }, 'upstream failed');
      sendError(res, 'SERVICE_UNAVAILABLE', UNAVAILABLE_MESSAGE); // (cuts an answer under way)
    });
  };

  // Each request goes to the proxy server's web() with the instance picked for it (or for a
  // retry of it); see proxyServerOf.
  const server = proxyServerOf(pool.instances[0]!.target, events);
  const forward = (req: Request, res: Response, instance: UpstreamInstance) => {
    server.web(req, res, { target: instance.target, agent: pool.agent, changeOrigin });
  };

  const timeOut = (req: Request, res: Response, state: InFlight) => {
    logger.warn({ upstream: name, reqId: req.id }, 'upstream timed out');
    sendError(res, 'GATEWAY_TIMEOUT', TIMEOUT_MESSAGE);
    state.proxyReq?.destroy();
  };

  const defaultLimit =
    maxBodyBytes === undefined ? undefined : { maxBytes: maxBodyBytes, message: TOO_LARGE_MESSAGE };
  return (req, res, timeoutMs, bodyLimit) => {
    const limit = bodyLimit ?? defaultLimit;
    if (limit !== undefined && Number(req.headers['content-length']) > limit.maxBytes) {
      payloadTooLarge(res, limit.message);
      return;
    }
    // The client as the gateway sees it (per "trust proxy"), never a chain the client made up.
    // Set on the request's headers, which the proxy copies: the upstream connection may be
    // made after the body has been handed over, when headers can no longer be added.
    req.headers['x-forwarded-for'] = req.ip ?? req.socket.remoteAddress ?? '';
    req.headers['x-forwarded-proto'] = req.protocol;
    const host = req.headers.host;
    if (host !== undefined) req.headers['x-forwarded-host'] = host;
    const instance = pool.pick()!;
    instance.outstanding++;
    const state: InFlight = { instance, responded: false, closed: false };
    state.timer = setTimeout(timeOut, timeoutMs, req, res, state);
    (req as ProxiedRequest)[IN_FLIGHT] = state;
    // A body of unannounced length comes chunked; a request with neither header has none, and
    // needs no listener.
    if (limit !== undefined && req.headers['transfer-encoding'] !== undefined) {
      limitStreamedBody(req, res, state, limit);
    }
    res.on('close', () => {
      state.closed = true;
      clearTimeout(state.timer);
      release(state);
      // The client went away before the whole answer: stop the upstream's work and transfer
      // (destroying the request closes its connection, which carries the response too).
      if (!res.writableFinished) state.proxyReq?.destroy();
    });
    forward(req, res, instance);
  };
}

/** Every proxy of the gateway, made once at start; the routes that use them pick the timeout. */
export interface GatewayProxies {
  /** /api/*: each service's routes. The body streams through (no body parser), up to the limit. */
  services: Record<UpstreamName, UpstreamProxy>;
  /** /sitemap.xml and /sitemaps/*: the jobs service's sitemaps. */
  sitemaps: UpstreamProxy;
  /** /mfe/<remote>/*: the bundle of each remote served by an upstream, which checks its Host. */
  remotes: Partial<Record<RemoteName, UpstreamProxy>>;
}

/** `maxBodyBytes`: the largest request body an /api route passes on. */
export function createProxies(
  pools: UpstreamPools,
  logger: Logger,
  maxBodyBytes: number,
): GatewayProxies {
  const services = Object.fromEntries(
    UPSTREAM_NAMES.map((name) => [
      name,
      createUpstreamProxy({
        name,
        pool: pools.services[name],
        logger,
        changeOrigin: false,
        maxBodyBytes,
      }),
    ]),
  ) as Record<UpstreamName, UpstreamProxy>;
  const sitemaps = createUpstreamProxy({
    name: 'jobs',
    pool: pools.services.jobs,
    logger,
    changeOrigin: false,
  });
  const remotes: Partial<Record<RemoteName, UpstreamProxy>> = {};
  for (const remote of REMOTE_NAMES) {
    const pool = pools.remotes[remote];
    if (pool === undefined) continue;
    remotes[remote] = createUpstreamProxy({
      name: `mfe-${remote}`,
      pool,
      logger,
      changeOrigin: true,
    });
  }
  return { services, sitemaps, remotes };
}
