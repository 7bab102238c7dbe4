import type { ServerResponse } from 'node:http';
import type { Request } from 'express';
import { pino, type DestinationStream, type Logger } from 'pino';
import { pinoHttp, type HttpLogger } from 'pino-http';
import { REQUEST_ID_HEADER } from './request-id.js';

/**
 * Where secrets would sit if a log call passed request or response headers: their values are
 * replaced. The request and response serializers below log no headers at all.
 */
const REDACTED_PATHS = [
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

/**
 * JSON lines on stdout. Writes are asynchronous (batched while one is in flight, so a busy
 * gateway does not make one system call per line) and flushed when the process exits.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'gateway' },
    redact: { paths: REDACTED_PATHS, censor: '[REDACTED]' },
  };
  return pino(options, destination ?? pino.destination({ dest: 1, sync: false }));
}

/** Query parameters that carry credentials, such as /reset-password?token=… */
const SECRET_QUERY_PARAMETER =
  /([?&][^=&#]*(?:token|password|secret|signature|code|key)[^=&#]*=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.includes('?') ? url.replace(SECRET_QUERY_PARAMETER, '$1[REDACTED]') : url;
}

const UNLOGGED_PATHS = new Set(['/healthz', '/readyz']);

/**
 * One line per request. Only what is needed to follow a request is logged: no headers, so no
 * Authorization or Cookie, and the URL with its credential-bearing parameters redacted.
 */
export function httpLogger(logger: Logger): HttpLogger {
  return pinoHttp({
    logger,
    genReqId: (req) => String(req.headers[REQUEST_ID_HEADER]),
    autoLogging: { ignore: (req) => UNLOGGED_PATHS.has(req.url?.split('?')[0] ?? '') },
    // The line carries reqId, as the gateway's other lines do. It is added to the line rather than
    // bound with quietReqLogger, which would make a child of a child logger per request: V8 then
    // turns each request's first child into a prototype with its own hidden classes (about 65 µs
    // of CPU per request; see the README's Benchmark).
    customSuccessObject: (req, _res, value: Record<string, unknown>) => ({
      reqId: req.id,
      ...value,
    }),
    // A 5xx is the gateway's answer to a failing service, already logged with its cause.
    customLogLevel: (_req, res, err) =>
      err !== undefined || res.statusCode >= 500 ? 'warn' : 'info',
    // Without this, pino-http invents an Error (with a stack) for every 5xx answer.
    customErrorObject: (req, _res, err, value: Record<string, unknown>) => ({
      reqId: req.id,
      ...value,
      ...(err.message.startsWith('failed with status code') ? { err: undefined } : {}),
    }),
    wrapSerializers: false,
    serializers: {
      req: (req: Request) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.originalUrl),
        ip: req.ip,
        userAgent: req.get('user-agent'),
      }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
    },
  });
}
