import type { Logger } from 'pino';
import { z } from 'zod';
import type { ReadinessCheck } from './app.js';
import type { TokenVerifier } from './tokens.js';

const revokedSessionsSchema = z.object({
  sessions: z.array(z.object({ id: z.string().min(1), expiresAt: z.string().min(1) })),
});

/** What the sync needs of the event bus: to hear when its connection comes back. */
export interface ConnectionEvents {
  /** Calls `listener(true)` after each (re)connection and `listener(false)` after each loss. */
  onConnectionChange(listener: (connected: boolean) => void): () => void;
}

export interface RevocationSyncOptions {
  /** e.g. http://127.0.0.1:4001 (no trailing slash) */
  authUrl: string;
  verifier: TokenVerifier;
  logger: Logger;
  bus: ConnectionEvents;
  /** Delay between attempts while auth does not answer. */
  backoff?: { initialMs: number; maxMs: number };
  attemptTimeoutMs?: number;
  /**
   * Whether the service serves routes without a sign-in: then it is 'degraded' (not down) until
   * the list is loaded, and only signed-in requests answer 503 (the verifier refuses them).
   */
  partial?: boolean;
}

/**
 * Keeps a verifier's revocation list complete. session.revoked events reach an instance on its
 * own exclusive queue, which does not outlive a connection: events published while it was gone
 * are lost. So the whole list of revoked, unexpired sessions is read from auth's
 * `GET /internal/revoked-sessions` at start and again after every reconnection of the bus. Until
 * the first read the verifier answers 503 to every token, and the instance is not ready (or only
 * degraded, with `partial`).
 */
export class RevocationSync {
  private loaded = false;
  private readonly stopping = new AbortController();
  private stopListening: (() => void) | undefined;
  private loading: Promise<void> | undefined;
  private reloadWanted = false;

  readonly readiness: ReadinessCheck;

  constructor(private readonly options: RevocationSyncOptions) {
    this.readiness = {
      name: 'revocations',
      isReady: () => this.loaded,
      partial: options.partial ?? false,
    };
  }

  /** Loads now (retrying until auth answers) and again after each reconnection. */
  start(): void {
    if (!this.loaded) this.options.verifier.revocations.complete = false;
    let connectedBefore = false;
    this.stopListening = this.options.bus.onConnectionChange((connected) => {
      if (!connected) return;
      if (connectedBefore) this.reload();
      connectedBefore = true;
    });
    this.reload();
  }

  stop(): void {
    this.stopListening?.();
    this.stopping.abort();
  }

  private reload(): void {
    if (this.loading) {
      this.reloadWanted = true;
      return;
    }
    this.loading = this.loadUntilDone().finally(() => {
      this.loading = undefined;
      if (this.reloadWanted && !this.stopping.signal.aborted) {
        this.reloadWanted = false;
        this.reload();
      }
    });
  }

  private async loadUntilDone(): Promise<void> {
    const { initialMs, maxMs } = this.options.backoff ?? { initialMs: 500, maxMs: 30_000 };
    const signal = this.stopping.signal;
    for (let attempt = 0; !signal.aborted; attempt += 1) {
      try {
        const sessions = await this.fetchRevoked();
        for (const session of sessions)
          this.options.verifier.revocations.add([session.id], session.expiresAt);
        this.loaded = true;
        this.options.verifier.revocations.complete = true;
        this.options.logger.info({ sessions: sessions.length }, 'revoked sessions loaded');
        return;
      } catch (error) {
        if (signal.aborted) return;
        const retryInMs = Math.min(maxMs, initialMs * 2 ** attempt);
        this.options.logger.warn(
          { err: error, retryInMs },
          'cannot load revoked sessions yet, retrying',
        );
        await sleep(retryInMs, signal);
      }
    }
  }

  private async fetchRevoked() {
    const response = await fetch(`${this.options.authUrl}/internal/revoked-sessions`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.any([
        this.stopping.signal,
        AbortSignal.timeout(this.options.attemptTimeoutMs ?? 3_000),
      ]),
    });
    if (!response.ok) throw new Error(`auth answered ${response.status}`);
    return revokedSessionsSchema.parse(await response.json()).sessions;
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
