import { randomBytes } from 'node:crypto';

/** A short random suffix so parallel test files never share a database, exchange or queue. */
export function uniqueName(prefix: string) {
  return `${prefix}_${randomBytes(5).toString('hex')}`;
}

function requireEnv(name: 'MONGO_URL' | 'AMQP_URL') {
  const value = process.env[name];
  if (!value)
    throw new Error(
      `${name} is not set: run the tests through vitest (its global setup provides it)`,
    );
  return value;
}

/** The MongoDB URL of a database of this test file's own. */
export function testMongoUrl(prefix = 'test') {
  const url = new URL(requireEnv('MONGO_URL'));
  url.pathname = `/${uniqueName(prefix)}`;
  return url.toString();
}

export function testAmqpUrl() {
  return requireEnv('AMQP_URL');
}
