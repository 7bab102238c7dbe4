import argon2 from 'argon2';
import { describe, expect, it } from 'vitest';
import { PasswordHasher } from './passwords.js';

const CHEAP = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

describe('PasswordHasher', () => {
  it('when hashing, then the result is argon2id with the given parameters and verifies', async () => {
    const hasher = new PasswordHasher(CHEAP, 2);
    const hash = await hasher.hash('Str0ng!Pass');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    expect(await hasher.verify(hash, 'Str0ng!Pass')).toBe(true);
    expect(await hasher.verify(hash, 'Str0ng!Pasz')).toBe(false);
  });

  it('when the stored hash is malformed, then verification says no instead of failing', async () => {
    expect(await new PasswordHasher(CHEAP, 1).verify('not-a-hash', 'x')).toBe(false);
  });

  it('when there is no user, then verifyNothing runs a real verification and says no', async () => {
    const hasher = new PasswordHasher(CHEAP, 1);
    expect(await hasher.verifyNothing('Str0ng!Pass')).toBe(false);
  });

  it('when parameters differ from the stored hash, then it needs a rehash', async () => {
    const weak = await argon2.hash('x', { type: argon2.argon2id, ...CHEAP });
    expect(new PasswordHasher(CHEAP, 1).needsRehash(weak)).toBe(false);
    expect(new PasswordHasher({ ...CHEAP, memoryCost: 2048 }, 1).needsRehash(weak)).toBe(true);
  });

  it('when many hashes are asked for at once, then at most the concurrency limit run together', async () => {
    const hasher = new PasswordHasher(CHEAP, 2);
    let running = 0;
    let most = 0;
    const original = argon2.hash;
    const spy = async (...args: Parameters<typeof argon2.hash>) => {
      running += 1;
      most = Math.max(most, running);
      try {
        return (await original(...args)) as string;
      } finally {
        running -= 1;
      }
    };
    (argon2 as { hash: unknown }).hash = spy;
    try {
      const hashes = await Promise.all(
        Array.from({ length: 8 }, (_, i) => hasher.hash(`password-${i}`)),
      );
      expect(new Set(hashes).size).toBe(8);
      expect(most).toBe(2);
    } finally {
      (argon2 as { hash: unknown }).hash = original;
    }
  });
});
