import { createPrivateKey, hkdfSync, type KeyObject } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError, generateSigningKey } from '@b2g/service-kit';
import type { Logger } from 'pino';
import type { AuthConfig } from './config.js';

type KeyConfig = Partial<Pick<AuthConfig, 'AUTH_PRIVATE_KEY' | 'AUTH_PRIVATE_KEY_FILE'>> &
  Pick<AuthConfig, 'DATA_DIR'>;

/** Where a development run keeps the key it generated on first start (inside the ignored .data folder). */
export const devKeyPath = (dataDir: string) => join(dataDir, 'auth', 'signing-key.pem');

/**
 * The private key auth signs tokens with: AUTH_PRIVATE_KEY (PEM) or AUTH_PRIVATE_KEY_FILE, else —
 * outside production only (the config refuses a missing key there) — a key generated once into `<DATA_DIR>/auth/signing-key.pem` (mode 0600)
 * and reused on later starts, so tokens survive a restart.
 */
export async function loadSigningKey(config: KeyConfig, logger: Logger): Promise<KeyObject> {
  if (config.AUTH_PRIVATE_KEY) {
    return parseKey(config.AUTH_PRIVATE_KEY.replaceAll('\\n', '\n'), 'AUTH_PRIVATE_KEY');
  }
  if (config.AUTH_PRIVATE_KEY_FILE) {
    const pem = await readFile(config.AUTH_PRIVATE_KEY_FILE, 'utf8').catch(
      (error: NodeJS.ErrnoException) => {
        throw new ConfigError([
          { variable: 'AUTH_PRIVATE_KEY_FILE', message: `cannot read the file (${error.code})` },
        ]);
      },
    );
    return parseKey(pem, 'AUTH_PRIVATE_KEY_FILE');
  }
  return developmentKey(devKeyPath(config.DATA_DIR), logger);
}

async function developmentKey(path: string, logger: Logger): Promise<KeyObject> {
  const existing = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (existing) return parseKey(existing, path);

  await mkdir(join(path, '..'), { recursive: true, mode: 0o700 });
  const key = generateSigningKey();
  const pem = key.export({ type: 'pkcs8', format: 'pem' }).toString();
  try {
    await writeFile(path, pem, { mode: 0o600, flag: 'wx' });
    logger.info({ path }, 'generated a development signing key');
    return key;
  } catch (error) {
    // Another instance started at the same moment and wrote it first: use that one.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return parseKey(await readFile(path, 'utf8'), path);
    throw error;
  }
}

function parseKey(pem: string, variable: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch {
    throw new ConfigError([{ variable, message: 'is not a PEM private key' }]);
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new ConfigError([
      { variable, message: 'must be an EC P-256 key (tokens are signed with ES256)' },
    ]);
  }
  return key;
}

/**
 * The device cookies' HMAC key: DEVICE_COOKIE_SECRET, else one derived from the signing key, which
 * every instance already shares (so no further secret has to be deployed).
 */
export function deviceCookieKey(
  secret: string | undefined,
  signingKey: KeyObject,
): string | Buffer {
  if (secret) return secret;
  const material = signingKey.export({ type: 'pkcs8', format: 'der' });
  return Buffer.from(hkdfSync('sha256', material, '', 'b2g device cookie', 32));
}
