import { ADMIN_COOKIE_NAME, JWKS_PATH } from '@b2g/contracts';
import {
  createPublicKey,
  generateKeyPairSync,
  randomUUID,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { parseCookie } from 'cookie';
import type { Request, RequestHandler, Response } from 'express';
import jwt from 'jsonwebtoken';
import { z } from 'zod';
import { forbidden, serviceUnavailable, unauthorized } from './errors.js';

/**
 * Tokens of the job board (RFC 8725 practice): ES256 only, explicit `typ`, and `iss`, `aud` and
 * `exp` always checked. Only the auth service holds the private key (TokenIssuer); every other
 * service verifies with the public keys auth publishes as a JWKS (TokenVerifier).
 */
export const TOKEN_ALGORITHM = 'ES256';
export const TOKEN_ISSUER = 'b2g-auth';
export const USER_TOKEN = { audience: 'b2g-api', typ: 'at+jwt' } as const;
export const ADMIN_TOKEN = { audience: 'b2g-admin', typ: 'admin+jwt' } as const;
export { ADMIN_COOKIE_NAME };

export interface UserPrincipal {
  id: string;
  sessionId: string;
  username: string;
  /** The account's e-mail address as it was at sign-in (absent from older tokens). */
  email?: string | undefined;
}

const userClaimsSchema = z.object({
  sub: z.string().min(1),
  sid: z.string().min(1),
  username: z.string(),
  email: z.string().optional(),
  exp: z.number(),
});
const adminClaimsSchema = z.object({
  sub: z.literal('admin'),
  jti: z.string().min(1),
  exp: z.number(),
});

export interface SignedToken {
  token: string;
  expiresAt: Date;
}

export class TokenIssuer {
  readonly kid: string;

  constructor(
    private readonly privateKey: KeyObject,
    kid?: string,
  ) {
    this.kid = kid ?? publicJwkOf(privateKey).kid;
  }

  signUser(principal: UserPrincipal, ttlMs: number, now = Date.now()): SignedToken {
    return this.sign(
      {
        sub: principal.id,
        sid: principal.sessionId,
        username: principal.username,
        ...(principal.email ? { email: principal.email } : {}),
      },
      USER_TOKEN,
      ttlMs,
      now,
    );
  }

  /** An admin token; its `jti` (the sign-in's id) is `sessionId`. */
  signAdmin(ttlMs: number, now = Date.now()): SignedToken & { sessionId: string } {
    const sessionId = randomUUID();
    return { ...this.sign({ sub: 'admin', jti: sessionId }, ADMIN_TOKEN, ttlMs, now), sessionId };
  }

  /** The JSON Web Key Set other services verify with. */
  jwks(): { keys: PublicJwk[] } {
    return { keys: [{ ...publicJwkOf(this.privateKey), kid: this.kid }] };
  }

  private sign(
    claims: Record<string, string>,
    kind: { audience: string; typ: string },
    ttlMs: number,
    now: number,
  ): SignedToken {
    const iat = Math.floor(now / 1000);
    const exp = iat + Math.max(1, Math.floor(ttlMs / 1000));
    const token = jwt.sign({ ...claims, iat, exp }, this.privateKey, {
      algorithm: TOKEN_ALGORITHM,
      issuer: TOKEN_ISSUER,
      audience: kind.audience,
      header: { alg: TOKEN_ALGORITHM, typ: kind.typ, kid: this.kid },
    });
    return { token, expiresAt: new Date(exp * 1000) };
  }
}

export interface PublicJwk extends JsonWebKey {
  kid: string;
  alg: typeof TOKEN_ALGORITHM;
  use: 'sig';
}

function publicJwkOf(privateKey: KeyObject): PublicJwk {
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
  const kid = `${jwk.x?.slice(0, 16) ?? 'key'}`;
  return { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y, kid, alg: TOKEN_ALGORITHM, use: 'sig' };
}

export function generateSigningKey(): KeyObject {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
}

/** Sessions revoked before their tokens expire; each instance learns them from session.revoked. */
export class RevocationList {
  private readonly revoked = new Map<string, number>();
  /**
   * False while the instance has not read every revoked session yet (RevocationSync, until auth
   * answers): a token cannot be told apart from a revoked one then, so the verifier answers 503.
   */
  complete = true;

  add(sessionIds: readonly string[], expiresAt: Date | string) {
    const until = new Date(expiresAt).getTime();
    for (const id of sessionIds) this.revoked.set(id, until);
  }

  has(sessionId: string, now = Date.now()) {
    const until = this.revoked.get(sessionId);
    if (until === undefined) return false;
    if (until < now) {
      this.revoked.delete(sessionId);
      return false;
    }
    return true;
  }
}

/** What a signed-in request gets while an instance has not read auth's revoked sessions yet. */
export const REVOCATIONS_UNKNOWN_MESSAGE =
  'Signed-in requests are unavailable for a moment: this service is still loading the list of ended sessions from the sign-in service. Please try again shortly.';

export interface TokenVerifierOptions {
  /** Where auth publishes its keys, e.g. http://127.0.0.1:4001/api/auth/.well-known/jwks.json */
  jwksUrl?: string;
  /** Keys given directly (the auth service itself, tests). */
  keys?: PublicJwk[];
  /** Injected clock (tests). */
  now?: () => number;
  revocations?: RevocationList;
}

const jwksSchema = z.object({
  keys: z.array(z.object({ kid: z.string(), kty: z.string() }).passthrough()),
});

export class TokenVerifier {
  readonly revocations: RevocationList;
  private readonly keys = new Map<string, KeyObject>();
  private lastFetch = 0;
  private fetching: Promise<void> | undefined;

  constructor(private readonly options: TokenVerifierOptions) {
    this.revocations = options.revocations ?? new RevocationList();
    for (const key of options.keys ?? []) this.addKey(key);
  }

  /**
   * The signed-in user of a bearer token, or an UNAUTHORIZED AppError (SERVICE_UNAVAILABLE while
   * the revoked sessions are not known yet).
   */
  async verifyUser(token: string): Promise<UserPrincipal> {
    this.requireCompleteRevocations();
    const claims = userClaimsSchema.safeParse(await this.verify(token, USER_TOKEN));
    if (!claims.success) throw unauthorized('Invalid token');
    if (this.revocations.has(claims.data.sid, this.now())) throw unauthorized('Session has ended');
    const { sub, sid, username, email } = claims.data;
    return { id: sub, sessionId: sid, username, ...(email ? { email } : {}) };
  }

  /** The admin sign-in's id (`jti`, revoked by logout like a session), or a 401. */
  async verifyAdmin(token: string): Promise<string> {
    this.requireCompleteRevocations();
    const claims = adminClaimsSchema.safeParse(await this.verify(token, ADMIN_TOKEN));
    if (!claims.success) throw unauthorized('Admin sign-in required');
    if (this.revocations.has(claims.data.jti, this.now())) throw unauthorized('Session has ended');
    return claims.data.jti;
  }

  private requireCompleteRevocations() {
    if (!this.revocations.complete) throw serviceUnavailable(REVOCATIONS_UNKNOWN_MESSAGE);
  }

  private now() {
    return this.options.now?.() ?? Date.now();
  }

  private async verify(token: string, kind: { audience: string; typ: string }): Promise<unknown> {
    const decoded = jwt.decode(token, { complete: true });
    if (!decoded || decoded.header.typ !== kind.typ || decoded.header.alg !== TOKEN_ALGORITHM) {
      throw unauthorized('Invalid token');
    }
    const key = await this.keyFor(decoded.header.kid);
    try {
      return jwt.verify(token, key, {
        algorithms: [TOKEN_ALGORITHM],
        issuer: TOKEN_ISSUER,
        audience: kind.audience,
        clockTimestamp: Math.floor(this.now() / 1000),
      });
    } catch {
      throw unauthorized('Invalid or expired token');
    }
  }

  private async keyFor(kid: string | undefined): Promise<KeyObject> {
    if (!kid) throw unauthorized('Invalid token');
    let key = this.keys.get(kid);
    if (!key && this.options.jwksUrl && Date.now() - this.lastFetch > 5_000) {
      await this.refreshKeys();
      key = this.keys.get(kid);
    }
    if (!key) throw unauthorized('Invalid token');
    return key;
  }

  private refreshKeys() {
    this.fetching ??= (async () => {
      try {
        const response = await fetch(this.options.jwksUrl as string, {
          signal: AbortSignal.timeout(3_000),
        });
        if (response.ok) {
          const parsed = jwksSchema.safeParse(await response.json());
          if (parsed.success) for (const key of parsed.data.keys) this.addKey(key as PublicJwk);
        }
      } catch {
        // auth unreachable: tokens signed with unknown keys stay refused until it answers
      } finally {
        this.lastFetch = Date.now();
        this.fetching = undefined;
      }
    })();
    return this.fetching;
  }

  private addKey(jwk: PublicJwk) {
    this.keys.set(jwk.kid, createPublicKey({ key: jwk, format: 'jwk' }));
  }
}

/** A verifier of the tokens the auth service at `authUrl` signs, with the keys it publishes. */
export function authTokenVerifier(authUrl: string): TokenVerifier {
  return new TokenVerifier({ jwksUrl: `${authUrl}${JWKS_PATH}` });
}

const USER_LOCAL = 'user';

/** Requires `Authorization: Bearer <user token>`; the principal is then available via userOf(res). */
export function requireUser(verifier: TokenVerifier): RequestHandler {
  return async (req, res, next) => {
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) return next(unauthorized());
    try {
      res.locals[USER_LOCAL] = await verifier.verifyUser(token);
      next();
    } catch (error) {
      next(error);
    }
  };
}

export function userOf(res: Response): UserPrincipal {
  const user = res.locals[USER_LOCAL] as UserPrincipal | undefined;
  if (!user) throw unauthorized();
  return user;
}

/**
 * One cookie of a Cookie header. A value that is not valid percent-encoding stays as sent (the
 * cookie library never throws), so it fails verification like any other wrong token: 401, not 500.
 */
export function readCookie(cookieHeader: string | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  return parseCookie(cookieHeader)[name] || undefined;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a cookie-authenticated change sent from another site (CSRF defence in depth beside
 * SameSite=Strict): a browser's `Sec-Fetch-Site` must be `same-origin`, and an `Origin` header must
 * name this host (the gateway passes the browser's Host on as X-Forwarded-Host). Reads, and
 * clients that send neither header (not browsers: they cannot carry a victim's cookie), pass.
 */
export const requireSameOrigin: RequestHandler = (req, _res, next) => {
  next(isCrossSiteChange(req) ? forbidden('Cross-site requests are not allowed') : undefined);
};

function isCrossSiteChange(req: Request): boolean {
  if (SAFE_METHODS.has(req.method)) return false;
  const site = req.get('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin') return true;
  const origin = req.get('origin');
  return origin !== undefined && hostOf(origin) !== req.host;
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/** Requires the admin cookie set by auth's POST /api/admin/login (and, for changes, the same origin). */
export function requireAdmin(verifier: TokenVerifier): RequestHandler {
  return async (req, res, next) => {
    if (isCrossSiteChange(req)) return requireSameOrigin(req, res, next);
    const token = readCookie(req.headers.cookie, ADMIN_COOKIE_NAME);
    if (!token) return next(unauthorized('Admin sign-in required'));
    try {
      await verifier.verifyAdmin(token);
      next();
    } catch (error) {
      next(error);
    }
  };
}
