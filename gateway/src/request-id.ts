import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';

export const REQUEST_ID_HEADER = 'x-request-id';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- how express's Request is extended
  namespace Express {
    interface Request {
      /** This request's id (see requestId), in log lines and the X-Request-Id headers. */
      id: string;
    }
  }
}

/** Ids we pass on as they come: short, and nothing a log line or a header could be abused with. */
const ACCEPTABLE_ID = /^[\w.:-]{1,128}$/;

/**
 * Keeps the caller's x-request-id when it looks like an id, else makes one; the upstream gets it
 * with the request (the proxy forwards request headers) and the client gets it back.
 */
export function requestId(): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers[REQUEST_ID_HEADER];
    const id =
      typeof incoming === 'string' && ACCEPTABLE_ID.test(incoming) ? incoming : randomUUID();
    req.id = id;
    req.headers[REQUEST_ID_HEADER] = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    next();
  };
}
