import http, { type ClientRequest } from 'node:http';
import https from 'node:https';
import { Socket } from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import { createProxyMiddleware, type Plugin } from 'http-proxy-middleware';
import type { Logger } from 'pino';
import { sendError } from './errors.js';

/** Keep-alive connection pools shared by every proxy, one per protocol. */
export interface UpstreamAgents {
  http: http.Agent;
  https: https.Agent;
  destroy(): void;
}

export function createUpstreamAgents(): UpstreamAgents {
  // noDelay: a request's last bytes (a chunked body's end) leave at once, not after an ACK.
  const options = { keepAlive: true, keepAliveMsecs: 1_000, noDelay: true };
  const agents = { http: new http.Agent(options), https: new https.Agent(options) };
  return {
    ...agents,
    destroy() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

export interface UpstreamProxyOptions {
  /** Who answers (for logs only: clients never see upstream names, hosts or ports). */
  name: string;
  target: URL;
  agents: UpstreamAgents;
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
  next: NextFunction,
  timeoutMs: number,
) => void;

interface InFlight {
  timer?: NodeJS.Timeout;
  proxyReq?: ClientRequest;
}

const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again shortly.';
const TIMEOUT_MESSAGE = 'The service took too long to answer. Please try again.';
const TOO_LARGE_MESSAGE = 'The request body is too large.';

function payloadTooLarge(res: Response): void {
  // The body is not read: closing the connection afterwards stops the client from sending it.
  sendError(res, 'PAYLOAD_TOO_LARGE', TOO_LARGE_MESSAGE, { Connection: 'close' });
}

/** Created once per upstream at start; every request reuses it and the shared agents. */
export function createUpstreamProxy(options: UpstreamProxyOptions): UpstreamProxy {
  const { name, target, logger, maxBodyBytes } = options;
  const inFlight = new WeakMap<Request, InFlight>();

  const limitStreamedBody = (req: Request, res: Response, state: InFlight, limit: number) => {
    let received = 0;
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= limit) return;
      req.off('data', count);
      clearTimeout(state.timer);
      payloadTooLarge(res);
      state.proxyReq?.destroy();
    };
    req.on('data', count);
  };

  const events: Plugin<Request, Response> = (proxyServer) => {
    proxyServer.on('proxyReq', (proxyReq, req, res) => {
      const state = inFlight.get(req);
      if (state === undefined || res.headersSent) {
        proxyReq.destroy(); // answered already (timed out before the upstream request started)
        return;
      }
      state.proxyReq = proxyReq;
      // The client as the gateway sees it (per "trust proxy"), never a chain the client made up.
      proxyReq.setHeader('X-Forwarded-For', req.ip ?? req.socket.remoteAddress ?? '');
      proxyReq.setHeader('X-Forwarded-Proto', req.protocol);
      const host = req.get('host');
      if (host !== undefined) proxyReq.setHeader('X-Forwarded-Host', host);
      if (maxBodyBytes !== undefined && req.headers['content-length'] === undefined) {
        limitStreamedBody(req, res, state, maxBodyBytes);
      }
    });
    proxyServer.on('proxyRes', (proxyRes, req, res) => {
      clearTimeout(inFlight.get(req)?.timer);
      // The upstream failed mid-response: the client must not take what came as complete.
      proxyRes.on('close', () => {
        if (!proxyRes.complete) res.destroy();
      });
    });
    proxyServer.on('error', (err: NodeJS.ErrnoException, req, res) => {
      clearTimeout(inFlight.get(req)?.timer);
      // http-proxy types allow a socket here, for WebSocket upgrades, which are never proxied.
      if (res instanceof Socket) return;
      if (res.writableEnded) return; // already answered: timeout or body too large
      logger.warn({ upstream: name, code: err.code, reqId: req.id }, 'upstream failed');
      sendError(res, 'SERVICE_UNAVAILABLE', UNAVAILABLE_MESSAGE); // (cuts an answer under way)
    });
  };

  const middleware = createProxyMiddleware<Request, Response>({
    target: target.href,
    agent: target.protocol === 'https:' ? options.agents.https : options.agents.http,
    changeOrigin: options.changeOrigin,
    // The default plugins answer errors in plain text naming the target: ours replace them.
    ejectPlugins: true,
    plugins: [events],
  });

  const timeOut = (req: Request, res: Response, state: InFlight) => {
    logger.warn({ upstream: name, reqId: req.id }, 'upstream timed out');
    sendError(res, 'GATEWAY_TIMEOUT', TIMEOUT_MESSAGE);
    state.proxyReq?.destroy();
  };

  return (req, res, next, timeoutMs) => {
    if (maxBodyBytes !== undefined && Number(req.headers['content-length']) > maxBodyBytes) {
      payloadTooLarge(res);
      return;
    }
    const state: InFlight = {};
    state.timer = setTimeout(timeOut, timeoutMs, req, res, state);
    inFlight.set(req, state);
    res.on('close', () => {
      clearTimeout(state.timer);
      // The client went away before the whole answer: stop the upstream's work and transfer
      // (destroying the request closes its connection, which carries the response too).
      if (!res.writableFinished) state.proxyReq?.destroy();
    });
    void middleware(req, res, next);
  };
}
