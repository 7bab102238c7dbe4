// One-shot step of docker-compose.yml before auth starts: prepares auth's data volume.
// - a signing key (EC P-256, PKCS#8 PEM), generated once and kept across restarts, so tokens
//   survive a redeploy (auth reads it through AUTH_PRIVATE_KEY_FILE; AUTH_PRIVATE_KEY wins if set);
// - the mail folder (password-reset e-mails land there as .eml files while SMTP_URL is unset);
// - everything owned by the uid auth runs as (the `node` user of node:20-slim), mode 0600 for the key.
// Runs as root in node:20-slim with no network. Plain Node, no dependencies.
import { generateKeyPairSync } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dataDir = process.env.AUTH_DATA_DIR ?? '/data';
const uid = Number(process.env.AUTH_UID ?? 1000);
const gid = Number(process.env.AUTH_GID ?? 1000);

const keysDir = join(dataDir, 'keys');
const mailDir = join(dataDir, 'mail');
const keyFile = join(keysDir, 'signing-key.pem');

mkdirSync(keysDir, { recursive: true, mode: 0o700 });
mkdirSync(mailDir, { recursive: true, mode: 0o750 });

if (existsSync(keyFile)) {
  process.stdout.write(`auth-init: keeping the signing key in ${keyFile}\n`);
} else {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), {
    mode: 0o600,
    flag: 'wx',
  });
  process.stdout.write(`auth-init: generated a signing key in ${keyFile}\n`);
}

for (const path of [dataDir, keysDir, mailDir, keyFile]) chownSync(path, uid, gid);
