import compression from 'compression';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import type { GatewayConfig } from './config.js';
import { accessLog } from './logging.js';
import { requestId } from './request-id.js';
import { apiHeaders, apiRateLimits, corsCheck, securityHeaders } from './security.js';
import type { SharedLimits } from './shared-limits.js';

/**
 * One step of a request's way through the gateway: true to go on, false once it has answered the
 * request itself (a CORS preflight, a 429). Only the rate limits' step returns a promise.
 */
export type Step = (req: Request, res: Response) => boolean | Promise<boolean>;

/**
 * Runs a request through the steps, then `answer` (the proxy, a route, express's next) unless a
 * step answered. A step's error, thrown or rejected, and an error thrown by `answer` go to the
 * error handler.
 */
export type Pipeline = (req: Request, res: Response, answer: () => void) => void;

/** next for the error handler, which always answers. */
function ignore(): void {}

/**
 * Steps are plain calls, in a loop, without express's router: its matching, layers and promise
 * checks would run for handlers that take every request anyway. A promise (the rate limits'
 * count) is the one await.
 */
function pipeline(steps: readonly Step[], onError: ErrorRequestHandler): Pipeline {
  const runFrom = (first: number, req: Request, res: Response, answer: () => void): void => {
    try {
      for (let index = first; index < steps.length; index++) {
        const goOn = steps[index]!(req, res);
        if (goOn === false) return;
        if (goOn !== true) {
          goOn.then(
            (allowed) => {
              if (allowed) runFrom(index + 1, req, res, answer);
            },
            (err: unknown) => onError(err, req, res, ignore),
          );
          return;
        }
      }
      answer();
    } catch (err) {
      onError(err, req, res, ignore);
    }
  };
  return (req, res, answer) => runFrom(0, req, res, answer);
}

/** next for middleware that call it at once: an error passed to it is thrown to the pipeline. */
function rethrow(err?: unknown): void {
  if (err !== undefined && err !== null) throw err;
}

/** Middleware that only sets headers or wraps the response, then calls next at once, as a step. */
function passOn(middleware: RequestHandler): Step {
  return (req, res) => {
    void middleware(req, res, rethrow);
    return true;
  };
}

/** Event streams must reach the browser as they are written, not when a buffer fills. */
function shouldCompress(req: Request, res: Response): boolean {
  const type = res.getHeader('Content-Type');
  if (typeof type === 'string' && type.startsWith('text/event-stream')) return false;
  return compression.filter(req, res);
}

/** The gateway's two pipelines: one for /api, one for pages, bundles and health. */
export interface RequestPipelines {
  api: Pipeline;
  pages: Pipeline;
}

/**
 * What a request passes before it is answered, in order. Every request: its request id, its
 * access line and CORS. /api: the nosniff of the gateway's own answers, compression and the rate
 * limits (bundles and pages never count against them); no helmet, since a service's answer brings
 * its own helmet headers, which would replace the gateway's. Everything else: helmet's headers
 * (with the content security policy) and compression.
 */
export function requestPipelines(
  config: GatewayConfig,
  logger: Logger,
  onError: ErrorRequestHandler,
  sharedLimits?: SharedLimits,
): RequestPipelines {
  const everyRequest = [
    passOn(requestId()),
    passOn(accessLog(logger)),
    corsCheck(config.corsOrigins),
  ];
  const compress = passOn(compression({ filter: shouldCompress }));
  return {
    api: pipeline(
      [...everyRequest, passOn(apiHeaders), compress, apiRateLimits(config, sharedLimits)],
      onError,
    ),
    pages: pipeline([...everyRequest, passOn(securityHeaders(config)), compress], onError),
  };
}
