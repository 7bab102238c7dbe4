import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, TokenIssuer, generateSigningKey } from '@b2g/service-kit';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { devKeyPath, loadSigningKey } from './signing-key.js';

const logger = pino({ level: 'silent' });
let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'auth-key-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const kidOf = (key: Awaited<ReturnType<typeof loadSigningKey>>) => new TokenIssuer(key).kid;

describe('loadSigningKey', () => {
  it('when no key is configured, then a development key is generated once (mode 0600) and reused', async () => {
    const first = await loadSigningKey({ DATA_DIR: dataDir }, logger);
    const path = devKeyPath(dataDir);
    expect(path).toBe(join(dataDir, 'auth', 'signing-key.pem'));
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    const second = await loadSigningKey({ DATA_DIR: dataDir }, logger);
    expect(kidOf(second)).toBe(kidOf(first));
  });

  it('when AUTH_PRIVATE_KEY holds a PEM with escaped newlines, then that key is used', async () => {
    const key = generateSigningKey();
    const pem = key.export({ type: 'pkcs8', format: 'pem' }).toString();
    const loaded = await loadSigningKey(
      { DATA_DIR: dataDir, AUTH_PRIVATE_KEY: pem.replaceAll('\n', '\\n') },
      logger,
    );
    expect(kidOf(loaded)).toBe(kidOf(key));
    await expect(readFile(devKeyPath(dataDir))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('when AUTH_PRIVATE_KEY_FILE names a PEM file, then that key is used', async () => {
    const key = generateSigningKey();
    const file = join(dataDir, 'key.pem');
    await writeFile(file, key.export({ type: 'sec1', format: 'pem' }));
    expect(
      kidOf(await loadSigningKey({ DATA_DIR: dataDir, AUTH_PRIVATE_KEY_FILE: file }, logger)),
    ).toBe(kidOf(key));
  });

  it('when the key is not EC P-256, not a key, or the file is missing, then a ConfigError names the variable', async () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    await expect(
      loadSigningKey({ DATA_DIR: dataDir, AUTH_PRIVATE_KEY: rsa.toString() }, logger),
    ).rejects.toThrow(/AUTH_PRIVATE_KEY: must be an EC P-256 key/);
    await expect(
      loadSigningKey({ DATA_DIR: dataDir, AUTH_PRIVATE_KEY: 'hello' }, logger),
    ).rejects.toThrow(ConfigError);
    await expect(
      loadSigningKey(
        { DATA_DIR: dataDir, AUTH_PRIVATE_KEY_FILE: join(dataDir, 'missing.pem') },
        logger,
      ),
    ).rejects.toThrow(/AUTH_PRIVATE_KEY_FILE: cannot read the file \(ENOENT\)/);
  });
});
