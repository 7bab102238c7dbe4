export interface LoginThrottleOptions {
  /** Failed sign-ins one address may make on one account before each further one waits. */
  freePerAccount: number;
  /** Failed sign-ins one address may make on all accounts before each further one waits. */
  freePerAddress: number;
  /** Failures are forgotten this long after the last one; also the longest wait. */
  forgetAfterMs: number;
  /** The first wait; each further failure doubles it. */
  baseDelayMs?: number;
  now: () => number;
}

export interface LoginAttempt {
  /** The client address (IPv6 grouped by prefix). */
  address: string;
  /** The account's lookup key (lowercased name or e-mail). */
  account: string;
}

interface Failures {
  count: number;
  lastAt: number;
}

/** Entries kept before forgotten ones are swept (a flood of names cannot grow memory for ever). */
const SWEEP_ABOVE = 10_000;

/**
 * Progressive delay instead of a lock (OWASP authentication guidance): past the free failures,
 * each further attempt must wait 1 s, 2 s, 4 s... after the last failure, counted per address on
 * one account and per address over all accounts. The account's own count is never shared between
 * addresses, so a stranger's failures slow the stranger only: the owner, from elsewhere, signs in
 * at once. An attempt made too early is refused without being checked or counted.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, Failures>();
  private readonly baseDelayMs: number;

  constructor(private readonly options: LoginThrottleOptions) {
    this.baseDelayMs = options.baseDelayMs ?? 1_000;
  }

  /** How long `attempt` must still wait (0: it may be checked now). */
  waitMs(attempt: LoginAttempt): number {
    const now = this.options.now();
    return Math.max(
      0,
      ...this.keysOf(attempt).map(([key, free]) => this.readyAt(key, free, now) - now),
    );
  }

  failed(attempt: LoginAttempt): void {
    const now = this.options.now();
    if (this.failures.size > SWEEP_ABOVE) this.sweep(now);
    for (const [key] of this.keysOf(attempt)) {
      const current = this.current(key, now);
      this.failures.delete(key);
      this.failures.set(key, { count: (current?.count ?? 0) + 1, lastAt: now });
    }
  }

  /** The right password starts the account's count again (not the address's: one known account must not clear it). */
  succeeded(attempt: LoginAttempt): void {
    this.failures.delete(this.pairKey(attempt));
  }

  private keysOf(attempt: LoginAttempt): [string, number][] {
    return [
      [this.pairKey(attempt), this.options.freePerAccount],
      [`address\n${attempt.address}`, this.options.freePerAddress],
    ];
  }

  private pairKey(attempt: LoginAttempt) {
    return `account\n${attempt.address}\n${attempt.account}`;
  }

  private current(key: string, now: number): Failures | undefined {
    const entry = this.failures.get(key);
    if (entry && now - entry.lastAt > this.options.forgetAfterMs) {
      this.failures.delete(key);
      return undefined;
    }
    return entry;
  }

  private readyAt(key: string, free: number, now: number): number {
    const entry = this.current(key, now);
    if (!entry || entry.count < free) return now;
    const delay = Math.min(
      this.options.forgetAfterMs,
      this.baseDelayMs * 2 ** Math.min(entry.count - free, 30),
    );
    return entry.lastAt + delay;
  }

  private sweep(now: number) {
    for (const [key, entry] of this.failures) {
      if (now - entry.lastAt > this.options.forgetAfterMs) this.failures.delete(key);
    }
    // Still too many: drop the longest-unchanged (a Map keeps insertion order).
    for (const key of this.failures.keys()) {
      if (this.failures.size <= SWEEP_ABOVE) break;
      this.failures.delete(key);
    }
  }
}
