import { correlationOf, unauthorized } from '@b2g/service-kit';
import type { Request, RequestHandler, Response } from 'express';
import type { RequestContext } from '../domain/model.js';
import type { Authenticated, Sessions } from '../domain/sessions.js';

export function bearerToken(req: Request): string | undefined {
  const header = req.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
  return token || undefined;
}

const USER_AGENT_MAX = 256;

/** The request's correlation id (see the kit's correlationOf) and user agent. */
export function contextOf(req: Request): RequestContext {
  return {
    ...correlationOf(req),
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
