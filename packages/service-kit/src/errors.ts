import type { ErrorCode } from '@b2g/contracts';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import { isDatabaseUnreachable } from '@b2g/event-bus';

export interface FieldIssue {
  path: string;
  message: string;
}

/** The one error type of every service: a code, an HTTP status and a message safe to show. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: unknown) =>
  new AppError(400, 'VALIDATION_ERROR', message, details);
export const unauthorized = (message = 'Authentication required') =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'Not allowed') => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, details?: unknown) =>
  new AppError(409, 'CONFLICT', message, details);
export const unprocessable = (message: string) => new AppError(422, 'UNPROCESSABLE', message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'RATE_LIMITED', message, undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
export const serviceUnavailable = (message: string) =>
  new AppError(503, 'SERVICE_UNAVAILABLE', message);

export function issuesOf(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

/** Parses request data with a contracts schema; a bad value becomes a 400 with the schema's messages. */
export function parseWith<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const details = issuesOf(result.error);
  throw badRequest(details[0]?.message ?? 'Invalid input', details);
}

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(notFound(`No route for ${req.method} ${req.path}`));
};

interface HttpishError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
}

/** Central error handler: `{ error: { code, message, details? } }`, never a stack or an internal name. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const appError = toAppError(error);
    if (appError.status >= 500) {
      logger.error({ err: error, requestId: req.id, path: req.path }, 'request failed');
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (appError.headers) res.set(appError.headers);
    res.status(appError.status).json({
      error: {
        code: appError.code,
        message: appError.message,
        ...(appError.details === undefined ? {} : { details: appError.details }),
      },
    });
  };
}

function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof z.ZodError) {
    const details = issuesOf(error);
    return badRequest(details[0]?.message ?? 'Invalid input', details);
  }
  const httpish = (typeof error === 'object' && error !== null ? error : {}) as HttpishError;
  const status = httpish.status ?? httpish.statusCode;
  if (httpish.type === 'entity.too.large' || status === 413) {
    return new AppError(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large');
  }
  if (httpish.type === 'entity.parse.failed') {
    return badRequest('Request body is not valid JSON');
  }
  // The router could not decode a path parameter (`/api/jobs/%E0`).
  if (error instanceof URIError && status === 400) return badRequest('The address is not valid');
  if (status && status >= 400 && status < 500 && httpish.expose) {
    return badRequest('Bad request');
  }
  // A restarting database is a 503 the caller may retry, not an internal error.
  if (isDatabaseUnreachable(error))
    return serviceUnavailable('The database is unavailable. Please try again in a moment.');
  return new AppError(500, 'INTERNAL', 'Something went wrong. Please try again later.');
}
