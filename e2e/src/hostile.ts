import {
  createHash,
  createPrivateKey,
  generateKeyPairSync,
  sign,
  type KeyObject,
} from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR } from '@b2g/infra';
import { MongoClient } from 'mongodb';

/** `METHOD /path` of every route the services logged at start ('routes' lines of the run's log). */
export function loggedRoutes(logFile: string): Map<string, string[]> {
  const byService = new Map<string, string[]>();
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    const start = line.indexOf('{');
    if (start < 0 || !line.includes('"msg":"routes"')) continue;
    const record = JSON.parse(line.slice(start)) as { service: string; routes: string[] };
    byService.set(record.service, record.routes);
  }
  return byService;
}

// ------------------------------------------------------------------ tokens an attacker might send

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** auth's development signing key: what a local system (and so this test) signs with. */
export const authSigningKey = (): KeyObject =>
  createPrivateKey(readFileSync(join(DATA_DIR, 'auth', 'signing-key.pem')));

/** A compact ES256 JWS over `claims` with `header`, signed by `key`. */
export function es256(
  header: Record<string, unknown>,
  claims: Record<string, unknown>,
  key: KeyObject,
) {
  const input = `${base64url({ alg: 'ES256', ...header })}.${base64url(claims)}`;
  const signature = sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' });
  return `${input}.${signature.toString('base64url')}`;
}

/** The header of a real token (its kid), reused so only the property under test is wrong. */
export const headerOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >;
export const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >;

/** Variants of a genuine token that must each be refused. */
export function forgedTokens(genuine: string, otherKindAudience: string) {
  const header = headerOf(genuine);
  const claims = claimsOf(genuine);
  const now = Math.floor(Date.now() / 1000);
  const key = authSigningKey();
  const stranger = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  return {
    'alg none': `${base64url({ ...header, alg: 'none' })}.${base64url(claims)}.`,
    'wrong key': es256(header, claims, stranger),
    'wrong audience': es256(header, { ...claims, aud: otherKindAudience }, key),
    expired: es256(header, { ...claims, iat: now - 7_200, exp: now - 3_600 }, key),
    'tampered claims': `${genuine.split('.')[0]}.${base64url({ ...claims, sub: 'someone-else' })}.${genuine.split('.')[2]}`,
    garbage: 'not.a.token',
  };
}

// ----------------------------------------------------------------- what the databases hold

/**
 * One line per collection of every database of the run: its name, document count and a hash of
 * its documents (sorted by _id), so two snapshots differ when anything was written.
 */
export async function databaseSnapshot(mongoUrl: string, prefix: string): Promise<string[]> {
  const client = new MongoClient(mongoUrl, { serverSelectionTimeoutMS: 5_000 });
  try {
    await client.connect();
    const { databases } = await client.db('admin').admin().listDatabases({ nameOnly: true });
    const lines: string[] = [];
    for (const { name } of databases.filter((db) => db.name.startsWith(prefix))) {
      const db = client.db(name);
      for (const { name: collection } of await db
        .listCollections({}, { nameOnly: true })
        .toArray()) {
        // The rate limits' counts (service-kit's RateLimitHits): counting hostile calls is their job.
        if (collection === 'rate_limit_hits') continue;
        const docs = await db.collection(collection).find({}).sort({ _id: 1 }).toArray();
        const hash = createHash('sha256').update(JSON.stringify(docs)).digest('hex').slice(0, 16);
        lines.push(`${name}.${collection}: ${docs.length} ${hash}`);
      }
    }
    return lines.sort();
  } finally {
    await client.close();
  }
}
