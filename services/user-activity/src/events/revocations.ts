import { backoffDelay, type Backoff } from '@b2g/event-bus';
import type { TokenVerifier } from '@b2g/service-kit';
import type { Logger } from 'pino';
import { z } from 'zod';

const revokedSessionsSchema = z.object({
  sessions: z.array(z.object({ id: z.string().min(1), expiresAt: z.string().min(1) })),
});

export interface RevokedSessionsOptions {
  /** e.g. http://127.0.0.1:4001 (no trailing slash) */
  authUrl: string;
  verifier: TokenVerifier;
  logger: Logger;
  /** Stops retrying (shutdown). */
  signal: AbortSignal;
  backoff?: Backoff;
  attemptTimeoutMs?: number;
}

/**
 * Fills the revocation list with the sessions auth revoked before this instance started (later
 * ones arrive as session.revoked events). Best effort: retries with backoff until auth answers or
 * `signal` aborts; resolves true once loaded.
 */
export async function loadRevokedSessions(options: RevokedSessionsOptions): Promise<boolean> {
  const url = `${options.authUrl}/internal/revoked-sessions`;
  const backoff = options.backoff ?? { initialMs: 500, maxMs: 30_000 };
  for (let attempt = 0; !options.signal.aborted; attempt += 1) {
    try {
      const response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.any([
          options.signal,
          AbortSignal.timeout(options.attemptTimeoutMs ?? 3_000),
        ]),
      });
      if (!response.ok) throw new Error(`auth answered ${response.status}`);
      const { sessions } = revokedSessionsSchema.parse(await response.json());
      for (const session of sessions)
        options.verifier.revocations.add([session.id], session.expiresAt);
      options.logger.info({ sessions: sessions.length }, 'revoked sessions loaded');
      return true;
    } catch (error) {
      if (options.signal.aborted) break;
      const retryInMs = backoffDelay(attempt, backoff);
      options.logger.warn({ err: error, retryInMs }, 'cannot load revoked sessions yet, retrying');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, retryInMs);
        options.signal.addEventListener('abort', done, { once: true });
        function done() {
          clearTimeout(timer);
          options.signal.removeEventListener('abort', done);
          resolve();
        }
      });
    }
  }
  return false;
}
