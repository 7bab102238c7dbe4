/**
 * How long a failed sign-in takes for an unknown account against a wrong password, with the OWASP
 * argon2id parameters: the dummy hash should make them alike (a ratio near 1), so the answer's
 * time does not tell whether an account exists. Medians of ROUNDS sign-ins each, alternating, in
 * one run. Run: pnpm --filter @b2g/auth bench
 */
import { performance } from 'node:perf_hooks';
import { ensureInfrastructure } from '@b2g/infra';
import { OWASP_ARGON2 } from '../src/config.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);

const infra = await ensureInfrastructure({
  useDocker: false,
  log: (line) => console.log(`[infra] ${line}`),
});
process.env.MONGO_URL ??= infra.mongoUrl;
process.env.AMQP_URL ??= infra.amqpUrl;
const { login, register, startAuth } = await import('../test/support.js');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? NaN;

const auth = await startAuth({
  ARGON2_MEMORY_KIB: String(OWASP_ARGON2.memoryCost),
  ARGON2_TIME_COST: String(OWASP_ARGON2.timeCost),
});
try {
  const { form } = await register(auth.app);
  const timed = async (emailOrUsername: string) => {
    const started = performance.now();
    const res = await login(auth.app, emailOrUsername, 'Wr0ng!Guess');
    if (res.status !== 401) throw new Error(`expected 401, got ${res.status}`);
    return performance.now() - started;
  };
  await timed('warm_up_the_dummy_hash');
  const wrongPassword: number[] = [];
  const unknownAccount: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    wrongPassword.push(await timed(form.username));
    unknownAccount.push(await timed(`no_such_account_${i}`));
  }
  const [wrong, unknown] = [median(wrongPassword), median(unknownAccount)];
  console.log(`${ROUNDS} failed sign-ins each, OWASP argon2id (m=${OWASP_ARGON2.memoryCost} KiB)`);
  console.log(`wrong password   median ${wrong.toFixed(1)} ms`);
  console.log(`unknown account  median ${unknown.toFixed(1)} ms`);
  console.log(`ratio unknown / wrong ${(unknown / wrong).toFixed(2)} (near 1: no account oracle)`);
} finally {
  await auth.close();
}
