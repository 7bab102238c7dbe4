import { createHash } from 'node:crypto';
import {
  EMPLOYER_MESSAGES,
  EMPLOYER_SESSION_COOKIE,
  employerCloseRequestSchema,
  employerExtendRequestSchema,
  employerJobUpdateRequestSchema,
  employerSignInLinkRequestSchema,
  employerSignInRequestSchema,
  ERROR_MESSAGES,
  jobIdParamSchema,
} from '@b2g/contracts';
import {
  correlationOf,
  createRateLimit,
  parseWith,
  readCookie,
  requireSameOrigin,
  type RateLimitHits,
  type TokenVerifier,
} from '@b2g/service-kit';
import { Router, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { employerAddress, type EmployerAccess } from '../domain/employer-access.js';
import type { EmployerPostings } from '../domain/employer-postings.js';
import type { RateLimitSetting } from './public.js';

/** Sign-in links asked per e-mail address and per client address; sign-ins per client address. */
export interface EmployerRateLimits {
  linkPerEmail: RateLimitSetting;
  linkPerClient: RateLimitSetting;
  signInPerClient: RateLimitSetting;
}

export interface EmployerRoutesDeps {
  employerAccess: EmployerAccess;
  employerPostings: EmployerPostings;
  employerRateLimits: EmployerRateLimits;
  hits: RateLimitHits;
  logger: Logger;
}

/** The limits' names in the shared store. */
export const EMPLOYER_RATE_LIMIT_NAMES = {
  linkPerEmail: 'employer-link:email',
  linkPerClient: 'employer-link:ip',
  signIn: 'employer-sign-in:ip',
} as const;

const COOKIE_PATH = '/api/employer';

/** The asked address as a budget key: hashed, so the shared store holds no address. */
function emailKey(req: Request): string | undefined {
  const body: unknown = req.body;
  const email =
    body && typeof body === 'object' && 'email' in body && typeof body.email === 'string'
      ? employerAddress(body.email)
      : '';
  return email ? createHash('sha256').update(email).digest('hex') : undefined;
}

/**
 * The e-mail address of the account signed in on the request (a user token that carries one);
 * undefined without a token, or with one that does not verify: the post then stays anonymous.
 */
export async function accountEmailOf(
  req: Request,
  verifier: TokenVerifier,
): Promise<string | undefined> {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  try {
    return (await verifier.verifyUser(header.slice(7).trim())).email;
  } catch {
    return undefined;
  }
}

const sessionSecretOf = (req: Request) => readCookie(req.headers.cookie, EMPLOYER_SESSION_COOKIE);

/** /api/employer/*: an e-mailed link opens a session cookie for that address's postings. */
export function employerRoutes(deps: EmployerRoutesDeps): Router {
  const router = Router();
  const limits = deps.employerRateLimits;
  const limit = (
    setting: RateLimitSetting,
    name: string,
    key?: (req: Request) => string | undefined,
  ) =>
    createRateLimit({
      ...setting,
      message: ERROR_MESSAGES.rateLimited,
      shared: { hits: deps.hits, name },
      ...(key && { key }),
    });
  // Cookie-authenticated changes refuse cross-site calls (beside SameSite=Strict).
  router.use('/api/employer', requireSameOrigin);

  const employerOf = async (req: Request) =>
    (await deps.employerAccess.session(sessionSecretOf(req))).email;

  router.post(
    '/api/employer/sign-in-link',
    limit(limits.linkPerClient, EMPLOYER_RATE_LIMIT_NAMES.linkPerClient),
    limit(limits.linkPerEmail, EMPLOYER_RATE_LIMIT_NAMES.linkPerEmail, emailKey),
    (req, res) => {
      const { email } = parseWith(employerSignInLinkRequestSchema, req.body);
      // Not awaited: the answer and its timing are the same whether the address has postings.
      void deps.employerAccess
        .sendLink(email)
        .catch((error: unknown) =>
          deps.logger.warn({ err: error }, 'employer sign-in link e-mail failed'),
        );
      res.status(202).json({ message: EMPLOYER_MESSAGES.linkSent });
    },
  );

  router.post(
    '/api/employer/sign-in',
    limit(limits.signInPerClient, EMPLOYER_RATE_LIMIT_NAMES.signIn),
    async (req, res) => {
      const { token } = parseWith(employerSignInRequestSchema, req.body);
      const { secret, ...session } = await deps.employerAccess.signIn(token);
      res.cookie(EMPLOYER_SESSION_COOKIE, secret, {
        httpOnly: true,
        sameSite: 'strict',
        secure: req.secure,
        path: COOKIE_PATH,
        expires: new Date(session.expiresAt),
      });
      res.json(session);
    },
  );

  router.get('/api/employer/session', async (req, res) => {
    res.json(await deps.employerAccess.session(sessionSecretOf(req)));
  });

  router.delete('/api/employer/session', async (req: Request, res: Response) => {
    await deps.employerAccess.signOut(sessionSecretOf(req));
    res.clearCookie(EMPLOYER_SESSION_COOKIE, { path: COOKIE_PATH });
    res.status(204).end();
  });

  router.get('/api/employer/jobs', async (req, res) => {
    res.json(await deps.employerPostings.list(await employerOf(req)));
  });

  router.patch('/api/employer/jobs/:id', async (req, res) => {
    const email = await employerOf(req);
    const { id } = parseWith(jobIdParamSchema, req.params);
    const body = parseWith(employerJobUpdateRequestSchema, req.body);
    res.json(await deps.employerPostings.update(email, id, body, correlationOf(req)));
  });

  router.post('/api/employer/jobs/:id/close', async (req, res) => {
    const email = await employerOf(req);
    const { id } = parseWith(jobIdParamSchema, req.params);
    const { outcome } = parseWith(employerCloseRequestSchema, req.body);
    res.json(await deps.employerPostings.close(email, id, outcome, correlationOf(req)));
  });

  router.post('/api/employer/jobs/:id/extend', async (req, res) => {
    const email = await employerOf(req);
    const { id } = parseWith(jobIdParamSchema, req.params);
    const { closingDate } = parseWith(employerExtendRequestSchema, req.body);
    res.json(await deps.employerPostings.extend(email, id, closingDate, correlationOf(req)));
  });

  router.post('/api/employer/jobs/:id/relist', async (req, res) => {
    const email = await employerOf(req);
    const { id } = parseWith(jobIdParamSchema, req.params);
    res.status(201).json(await deps.employerPostings.relist(email, id, correlationOf(req)));
  });

  return router;
}
