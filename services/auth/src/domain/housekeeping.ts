import type { ResetTokenStore, SessionStore } from './ports.js';

/**
 * Removes sessions and reset tokens that have expired (FerretDB has no TTL indexes, so the service
 * does it itself). An expired session refuses its token anyway and leaves the revocation list.
 */
export async function purgeExpired(
  repositories: { sessions: SessionStore; resetTokens: ResetTokenStore },
  now: Date,
): Promise<{ sessions: number; resetTokens: number }> {
  const [sessions, resetTokens] = await Promise.all([
    repositories.sessions.purgeExpired(now),
    repositories.resetTokens.purgeExpired(now),
  ]);
  return { sessions, resetTokens };
}
