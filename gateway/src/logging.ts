import type { RequestHandler } from 'express';
import { pino, type DestinationStream, type Logger } from 'pino';

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
 * One line per request, written when its response ends (or the connection closes first). Only
 * what is needed to follow a request is logged: no headers, so no Authorization or Cookie, and
 * the URL with its credential-bearing parameters redacted. A 5xx or an aborted request is a
 * warning (the gateway's 5xx answers are logged with their cause where they are made).
 *
 * The fields pino-http writes, without its serializer wrapper, child logger and error objects
 * per request.
 */
export function accessLog(logger: Logger): RequestHandler {
  // The line holds no headers and a redacted URL: the root logger's redaction pass would find
  // nothing in it.
  const lines = logger.child({}, { redact: [] });
  return (req, res, next) => {
    if (UNLOGGED_PATHS.has(req.path)) return next();
    const started = performance.now();
    res.once('close', () => {
      const completed = res.writableFinished;
      const line = {
        reqId: req.id,
        req: {
          id: req.id,
          method: req.method,
          url: redactUrl(req.originalUrl),
          ip: req.ip,
          userAgent: req.get('user-agent'),
        },
        res: { statusCode: res.statusCode },
        responseTime: Math.round(performance.now() - started),
      };
      if (!completed) lines.warn(line, 'request aborted');
      else if (res.statusCode >= 500) lines.warn(line, 'request errored');
      else lines.info(line, 'request completed');
    });
    next();
  };
}
