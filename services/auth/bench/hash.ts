/**
 * Cost of password hashing at the production (OWASP) parameters on this machine:
 *   cd services/auth && npx tsx bench/hash.ts
 */
import { OWASP_ARGON2 } from '../src/config.js';
import { PasswordHasher } from '../src/domain/passwords.js';

const ROUNDS = 10;
const BURST = 16;
const hasher = new PasswordHasher(OWASP_ARGON2, 4);

async function timed(work: () => Promise<unknown>) {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

const hash = await hasher.hash('Str0ng!Pass');
let hashMs = 0;
let verifyMs = 0;
for (let i = 0; i < ROUNDS; i += 1) {
  hashMs += await timed(() => hasher.hash('Str0ng!Pass'));
  verifyMs += await timed(() => hasher.verify(hash, 'Str0ng!Pass'));
}
const burstMs = await timed(() =>
  Promise.all(Array.from({ length: BURST }, () => hasher.verify(hash, 'Str0ng!Pass'))),
);

console.log(
  JSON.stringify({
    parameters: OWASP_ARGON2,
    hashMs: Math.round(hashMs / ROUNDS),
    verifyMs: Math.round(verifyMs / ROUNDS),
    [`${BURST}ConcurrentVerifiesMs`]: Math.round(burstMs),
    concurrencyCap: 4,
  }),
);
