import type { ServerResponse } from 'node:http';
import { ERROR_HTTP_STATUS, type ErrorBody, type ErrorCode } from '@b2g/contracts';
import type { ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';

/**
 * Answers with the shared error body `{ error: { code, message, details? } }`.
 * Works on a bare ServerResponse, so the proxy's error path can use it too. An answer that has
 * already started cannot be replaced: the connection is cut, so the client sees it incomplete.
 */
export function sendError(
  res: ServerResponse,
  code: ErrorCode,
  message: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body: ErrorBody = { error: { code, message } };
  const payload = JSON.stringify(body);
  res.writeHead(ERROR_HTTP_STATUS[code], {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(payload),
    'Cache-Control': 'no-store',
  });
  res.end(payload);
}

/** The last handler: logs what failed and answers 500 without saying what it was. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    logger.error({ err, reqId: req.id }, 'request failed');
    sendError(res, 'INTERNAL', 'Something went wrong. Please try again.');
  };
}
