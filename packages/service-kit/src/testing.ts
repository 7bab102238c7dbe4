import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import {
  ADMIN_COOKIE_NAME,
  TokenIssuer,
  TokenVerifier,
  generateSigningKey,
  type TokenVerifierOptions,
  type UserPrincipal,
} from './tokens.js';

/**
 * What `start` answers, for the test file (or describe block) that calls this: started before its
 * tests (its fields are there from then on) and stopped after them, by `stop` (default: `close`).
 */
export function startedForFile<T extends { close(): Promise<void> }>(
  start: () => Promise<T>,
  stop: (started: T) => Promise<void> = (started) => started.close(),
): T {
  const started: Partial<T> = {};
  let running = false;
  beforeAll(async () => {
    Object.assign(started, await start());
    running = true;
  });
  afterAll(async () => {
    if (running) await stop(started as T);
  });
  // Read only by the tests and later hooks, which run after beforeAll has filled it.
  return started as T;
}

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

/** The .eml files of the mail folder addressed to `to`, oldest first. */
export async function mailsTo(mailDir: string, to: string): Promise<string[]> {
  const files = await readdir(mailDir).catch(() => [] as string[]);
  const contents = await Promise.all(
    files
      .sort()
      .map(async (file) => decodeQuotedPrintable(await readFile(join(mailDir, file), 'utf8'))),
  );
  return contents.filter((mail) =>
    new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'mi').test(mail),
  );
}

/** Undoes the quoted-printable encoding nodemailer applies to long lines (UTF-8 bytes included). */
function decodeQuotedPrintable(mail: string): string {
  const bytes = mail
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
