import type { Request, RequestHandler, Response } from 'express';
import type { Authenticated, Sessions } from '../domain/sessions.js';
import type { RequestContext } from '../domain/users.js';
import { unauthorized } from '@b2g/service-kit';

export function bearerToken(req: Request): string | undefined {
  const header = req.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
  return token || undefined;
}

const USER_AGENT_MAX = 256;

/** The request id the kit's request logger gave the request becomes the events' correlation id. */
export function contextOf(req: Request): RequestContext {
  const { id } = req as Request & { id?: unknown };
  return {
    correlationId: typeof id === 'string' ? id : undefined,
    userAgent: req.get('user-agent')?.slice(0, USER_AGENT_MAX),
  };
}

const AUTHENTICATED = 'authenticated';

/** Requires a bearer token whose session is live; `authenticatedOf(res)` then has the user. */
export function requireSession(sessions: Sessions): RequestHandler {
  return async (req, res, next) => {
    const token = bearerToken(req);
    if (!token) throw unauthorized();
    res.locals[AUTHENTICATED] = await sessions.authenticate(token);
    next();
  };
}

export function authenticatedOf(res: Response): Authenticated {
  const authenticated = res.locals[AUTHENTICATED] as Authenticated | undefined;
  if (!authenticated) throw unauthorized();
  return authenticated;
}

/** A string field of a JSON body, for rate-limit keys read before the body is validated. */
export function bodyField(req: Request, field: string): string | undefined {
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : undefined;
}
