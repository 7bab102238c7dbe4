import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { createTestTokens } from './testing.js';
import {
  TOKEN_ISSUER,
  TokenIssuer,
  TokenVerifier,
  generateSigningKey,
  readCookie,
} from './tokens.js';

describe('tokens', () => {
  it('when a user token is fresh, then it verifies to its principal', async () => {
    const t = createTestTokens();
    const user = t.newUser({ username: 'ann' });
    const token = t.bearer(user).slice(7);
    await expect(t.verifier.verifyUser(token)).resolves.toEqual(user);
  });

  it("when a user token carries the account's e-mail, then the principal has it; an older token has none", async () => {
    const t = createTestTokens();
    const user = t.newUser({ email: 'ann@acme.example' });
    await expect(t.verifier.verifyUser(t.bearer(user).slice(7))).resolves.toEqual(user);
    const older = await t.verifier.verifyUser(t.bearer(t.newUser()).slice(7));
    expect(older).not.toHaveProperty('email');
  });

  it('when the clock passes expiry, then the token is refused', async () => {
    let now = Date.now();
    const t = createTestTokens({ now: () => now });
    const token = t.issuer.signUser(t.newUser(), 60_000, now).token;
    await expect(t.verifier.verifyUser(token)).resolves.toBeDefined();
    now += 61_000;
    await expect(t.verifier.verifyUser(token)).rejects.toMatchObject({ status: 401 });
  });

  it('when a session is revoked, then its token is refused', async () => {
    const t = createTestTokens();
    const user = t.newUser();
    const token = t.bearer(user).slice(7);
    t.verifier.revocations.add([user.sessionId], new Date(Date.now() + 60_000));
    await expect(t.verifier.verifyUser(token)).rejects.toMatchObject({ status: 401 });
  });

  it('when an admin token is shown as a user token (or the reverse), then it is refused', async () => {
    const t = createTestTokens();
    const admin = t.adminCookie().split('=')[1] as string;
    await expect(t.verifier.verifyUser(admin)).rejects.toMatchObject({ status: 401 });
    await expect(t.verifier.verifyAdmin(t.bearer(t.newUser()).slice(7))).rejects.toMatchObject({
      status: 401,
    });
    await expect(t.verifier.verifyAdmin(admin)).resolves.toEqual(expect.any(String));
  });

  it('when a token is signed with another algorithm or key, then it is refused', async () => {
    const t = createTestTokens();
    const hs = jwt.sign({ sub: 'x', sid: 'y', username: 'z' }, 'secret', {
      algorithm: 'HS256',
      issuer: TOKEN_ISSUER,
      audience: 'b2g-api',
      header: { alg: 'HS256', typ: 'at+jwt', kid: t.issuer.kid },
    });
    await expect(t.verifier.verifyUser(hs)).rejects.toMatchObject({ status: 401 });
    const stranger = new TokenIssuer(generateSigningKey(), t.issuer.kid);
    const forged = stranger.signUser(t.newUser(), 60_000).token;
    await expect(t.verifier.verifyUser(forged)).rejects.toMatchObject({ status: 401 });
  });

  it('when keys come from a JWKS URL, then they are fetched on first use', async () => {
    const issuer = new TokenIssuer(generateSigningKey());
    const server = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(issuer.jwks()));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const verifier = new TokenVerifier({ jwksUrl: `http://127.0.0.1:${port}/jwks.json` });
      const user = { id: 'u1', sessionId: 's1', username: 'ann' };
      await expect(verifier.verifyUser(issuer.signUser(user, 60_000).token)).resolves.toEqual(user);
    } finally {
      server.close();
    }
  });

  it('when cookies are read, then the named one is found', () => {
    expect(readCookie('a=1; b2g_admin=tok%3D; c=3', 'b2g_admin')).toBe('tok=');
    expect(readCookie(undefined, 'b2g_admin')).toBeUndefined();
  });
});
