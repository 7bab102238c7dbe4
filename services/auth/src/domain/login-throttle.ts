import type { AttemptLog } from './ports.js';

export interface LoginThrottleOptions {
  /** Failed sign-ins one address may make on one account before each further one waits. */
  freePerAccount: number;
  /** Failed sign-ins one address may make on all accounts before each further one waits. */
  freePerAddress: number;
  /** Failed sign-ins all devices without the account's device cookie may make on it together. */
  freePerUnknownDevices: number;
  /** Failed sign-ins one device cookie may make on its account. */
  freePerDevice: number;
  /** A failure counts this long after it was made; also the longest wait. */
  forgetAfterMs: number;
  /** The first wait; each further failure doubles it. */
  baseDelayMs?: number;
  /** The failures of every instance (shared, so the budgets do not grow with the instances). */
  log: AttemptLog;
  now: () => number;
}

export interface LoginAttempt {
  /** The client address (IPv6 grouped by prefix). */
  address: string;
  /** The account: its id when it exists, else the lowercased name or e-mail tried. */
  account: string;
  /** The id of a device cookie this service gave for this account, when the attempt carries one. */
  device?: string;
}

/** An attempt let through: its failure counted on each budget (kept when the password was wrong). */
export interface LoginTicket {
  counted: { key: string; seq: number }[];
  /** The address-on-account budget, which a right password starts again. */
  pairKey?: string;
}

export type LoginGate = { ticket: LoginTicket } | { waitMs: number };

/**
 * Progressive delay instead of a lock (OWASP authentication guidance): past the free failures,
 * each further attempt must wait 1 s, 2 s, 4 s... after the last failure. An attempt with the
 * account's device cookie is counted on that cookie only, so its owner on a known device signs in
 * at once; any other is counted per address on the account, per address on all accounts, and on
 * the account's one budget for unknown devices (a guesser with many addresses is slowed too).
 * Each attempt is counted before its password is checked and taken back when it was right: a
 * failure is recorded as it starts, so concurrent attempts cannot all pass a check made before.
 * An attempt made too early is refused without being checked or counted.
 */
export class LoginThrottle {
  private readonly baseDelayMs: number;

  constructor(private readonly options: LoginThrottleOptions) {
    this.baseDelayMs = options.baseDelayMs ?? 1_000;
  }

  /** Counts the attempt (it may be checked now), or says how long it must still wait. */
  async begin(attempt: LoginAttempt): Promise<LoginGate> {
    const now = this.options.now();
    const budgets = this.budgetsOf(attempt);
    const counted: LoginTicket['counted'] = [];
    let waitMs = 0;
    for (const [key, free] of budgets) {
      const { hits, lastSeq } = await this.options.log.live(key);
      let count = hits.length;
      let lastAt = Math.max(0, ...hits.map((hit) => hit.at));
      for (let seq = lastSeq + 1; ; seq += 1) {
        waitMs = this.readyAt(count, lastAt, free, now) - now;
        if (waitMs > 0) break;
        if (await this.options.log.add(key, seq, now + this.options.forgetAfterMs)) {
          counted.push({ key, seq });
          break;
        }
        // Another instance counted an attempt just now: one more failure, made now.
        count += 1;
        lastAt = now;
      }
      if (waitMs > 0) break;
    }
    if (waitMs > 0) {
      await this.takeBack(counted);
      return { waitMs };
    }
    return { ticket: { counted, pairKey: attempt.device ? undefined : this.pairKey(attempt) } };
  }

  /**
   * The right password: the attempt is taken back, and the address's count on the account starts
   * again (not the address's overall count: one known account must not clear it).
   */
  async succeeded(ticket: LoginTicket): Promise<void> {
    await this.takeBack(ticket.counted);
    if (ticket.pairKey) await this.options.log.clear(ticket.pairKey);
  }

  /** The attempt was not checked (a failure of the service): nothing is counted. */
  abandoned(ticket: LoginTicket): Promise<void> {
    return this.takeBack(ticket.counted);
  }

  private async takeBack(counted: LoginTicket['counted']) {
    await Promise.all(counted.map(({ key, seq }) => this.options.log.remove(key, seq)));
  }

  private budgetsOf(attempt: LoginAttempt): [string, number][] {
    if (attempt.device) return [[`login:device:${attempt.device}`, this.options.freePerDevice]];
    return [
      [this.pairKey(attempt), this.options.freePerAccount],
      [`login:address:${attempt.address}`, this.options.freePerAddress],
      [`login:account:${attempt.account}`, this.options.freePerUnknownDevices],
    ];
  }

  private pairKey(attempt: LoginAttempt) {
    return `login:pair:${attempt.address}:${attempt.account}`;
  }

  private readyAt(count: number, lastAt: number, free: number, now: number): number {
    if (count < free) return now;
    const delay = Math.min(
      this.options.forgetAfterMs,
      this.baseDelayMs * 2 ** Math.min(count - free, 30),
    );
    return lastAt + delay;
  }
}
