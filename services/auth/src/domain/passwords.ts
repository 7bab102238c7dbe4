import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

export interface HashParams {
  /** KiB */
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/**
 * argon2id hashing with a cap on how many hashes run at once (each takes ~19 MiB and a core for
 * tens of milliseconds): a burst of sign-ins queues instead of exhausting memory and CPU.
 */
export class PasswordHasher {
  private readonly waiters: Array<() => void> = [];
  private running = 0;
  private dummy: Promise<string> | undefined;

  constructor(
    readonly params: HashParams,
    private readonly concurrency: number,
  ) {}

  hash(password: string): Promise<string> {
    return this.limited(() => argon2.hash(password, { type: argon2.argon2id, ...this.params }));
  }

  /** False for a wrong password and for a malformed stored hash alike. */
  verify(hash: string, password: string): Promise<boolean> {
    return this.limited(() => argon2.verify(hash, password).catch(() => false));
  }

  /**
   * Spends the time of one verification when there is no user to check against, so an unknown
   * account answers as slowly as a wrong password does.
   */
  async verifyNothing(password: string): Promise<false> {
    this.dummy ??= this.hash(randomBytes(24).toString('base64url'));
    await this.verify(await this.dummy, password);
    return false;
  }

  /** True when a stored hash was made with other (e.g. older, weaker) parameters than today's. */
  needsRehash(hash: string): boolean {
    try {
      return argon2.needsRehash(hash, this.params);
    } catch {
      return true;
    }
  }

  private async limited<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await work();
    } finally {
      const next = this.waiters.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
