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
  AppError,
  correlationOf,
  createRateLimit,
  parseWith,
  readCookie,
  requireSameOrigin,
  type RateLimitHits,
  type TokenVerifier,
  type UserPrincipal,
} from '@b2g/service-kit';
import { Router, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { employerAddress, type EmployerAccess } from '../domain/employer-access.js';
import type { EmployerPostings, PostingOwner } from '../domain/employer-postings.js';
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
  /** A signed-in user manages the postings made while signed in, by a bearer token. */
  verifier: TokenVerifier;
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

/** The bearer token of the request, if it has one. */
const bearerOf = (req: Request) => {
  const header = req.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
};

/**
 * The account signed in on the request; undefined without a token, or with one that does not
 * verify: the post then stays anonymous.
 */
export async function accountOf(
  req: Request,
  verifier: TokenVerifier,
): Promise<UserPrincipal | undefined> {
  const token = bearerOf(req);
  if (token === undefined) return undefined;
  try {
    return await verifier.verifyUser(token);
  } catch {
    return undefined;
  }
}

const sessionSecretOf = (req: Request) => readCookie(req.headers.cookie, EMPLOYER_SESSION_COOKIE);

/**
 * Whose postings the request manages: the employer session's verified address, the bearer's
 * account, or both. A bearer that does not verify is a 401, as is a request with neither; beside
 * a good bearer, a cookie whose session has ended is ignored. An account's e-mail is not
 * verified, so the bearer never gives access to that address's postings.
 */
export async function postingOwnerOf(
  req: Request,
  deps: Pick<EmployerRoutesDeps, 'employerAccess' | 'verifier'>,
): Promise<PostingOwner> {
  const token = bearerOf(req);
  if (token === undefined)
    return { email: (await deps.employerAccess.session(sessionSecretOf(req))).email };
  const { id } = await deps.verifier.verifyUser(token);
  const session = await deps.employerAccess
    .session(sessionSecretOf(req))
    .catch((error: unknown) => {
      if (error instanceof AppError && error.status === 401) return undefined;
      throw error;
    });
  return { accountId: id, email: session?.email };
}

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

  const ownerOf = (req: Request) => postingOwnerOf(req, deps);

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
    res.json(await deps.employerPostings.list(await ownerOf(req)));
  });

  router.patch('/api/employer/jobs/:id', async (req, res) => {
    const owner = await ownerOf(req);
    const { id } = parseWith(jobIdParamSchema, req.params);
    const body = parseWith(employerJobUpdateRequestSchema, req.body);
    res.json(await deps.employerPostings.update(owner, id, body, correlationOf(req)));
  });

  router.post('/api/employer/jobs/:id/close', async (req, res) => {
    const owner = await ownerOf(req);
    const { id } = parseWith(jobIdParamSchema, req.params);
    const { outcome } = parseWith(employerCloseRequestSchema, req.body);
    res.json(await deps.employerPostings.close(owner, id, outcome, correlationOf(req)));
  });

  router.post('/api/employer/jobs/:id/extend', async (req, res) => {
    const owner = await ownerOf(req);
    const { id } = parseWith(jobIdParamSchema, req.params);
    const { closingDate } = parseWith(employerExtendRequestSchema, req.body);
    res.json(await deps.employerPostings.extend(owner, id, closingDate, correlationOf(req)));
  });

  router.post('/api/employer/jobs/:id/relist', async (req, res) => {
    const owner = await ownerOf(req);
    const { id } = parseWith(jobIdParamSchema, req.params);
    res.status(201).json(await deps.employerPostings.relist(owner, id, correlationOf(req)));
  });

  return router;
}
