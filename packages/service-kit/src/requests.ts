import { randomUUID } from 'node:crypto';
import type { Request } from 'express';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Ids passed on as they come: short, and nothing a log line or a header could be abused with. */
export const REQUEST_ID_PATTERN = /^[\w.:-]{1,128}$/;

/** The caller's request id when it looks like one, else a new one. */
export function acceptRequestId(incoming: unknown): string {
  return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming)
    ? incoming
    : randomUUID();
}

/**
 * The request id the kit gave the request (its X-Request-Id, or a new one) becomes the correlation
 * id of the events the request causes, so a chain of events leads back to the call.
 */
export function correlationOf(req: Request): { correlationId: string | undefined } {
  const id: unknown = (req as Request & { id?: unknown }).id;
  return { correlationId: typeof id === 'string' && id ? id : undefined };
}
