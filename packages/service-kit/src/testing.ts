import { randomUUID } from 'node:crypto';
import {
  ADMIN_COOKIE_NAME,
  TokenIssuer,
  TokenVerifier,
  generateSigningKey,
  type TokenVerifierOptions,
  type UserPrincipal,
} from './tokens.js';

/**
 * Real signed tokens for services' integration tests: a fresh key pair, the issuer auth would
 * use, and a verifier that trusts it. No mock: the same code paths as production verify them.
 */
export function createTestTokens(options: Omit<TokenVerifierOptions, 'keys'> = {}) {
  const issuer = new TokenIssuer(generateSigningKey());
  const verifier = new TokenVerifier({ ...options, keys: issuer.jwks().keys });
  return {
    issuer,
    verifier,
    newUser(overrides: Partial<UserPrincipal> = {}): UserPrincipal {
      return { id: randomUUID(), sessionId: randomUUID(), username: 'tester', ...overrides };
    },
    bearer(user: UserPrincipal, ttlMs = 3_600_000) {
      return `Bearer ${issuer.signUser(user, ttlMs).token}`;
    },
    adminCookie(ttlMs = 3_600_000) {
      return `${ADMIN_COOKIE_NAME}=${issuer.signAdmin(ttlMs).token}`;
    },
  };
}
