import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { E2E_USER_PASSWORD } from './src/users.js';

/**
 * Runs last (a `.last.spec.ts`: see the sequencer in the root vitest.config.ts): every line the
 * system logged during the whole browser-test run, checked for secrets. A finding names the line
 * and the kind of secret, never the secret itself.
 */

/** Passwords the specs type (users, the reset in auth.spec.ts, the administrator's). */
const PASSWORDS = [E2E_USER_PASSWORD, 'Renewal2$Bid', process.env.E2E_ADMIN_PASSWORD as string];

/** Every reset token e-mailed during the run (the links in the local mail folder). */
function resetTokens(mailDir: string): string[] {
  const files = readdirSync(mailDir).filter((name) => name.endsWith('.eml'));
  return files.flatMap((name) =>
    [
      ...readFileSync(join(mailDir, name), 'utf8')
        .replace(/=\r?\n/g, '')
        .matchAll(/token(?:=3D|=)([\w-]{16,})/g),
    ].map((match) => match[1] as string),
  );
}

const PATTERNS: [string, RegExp][] = [
  ['a JSON Web Token', /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}/],
  ['a reset link', /reset-password\?token=(?!\[redacted\])/i],
  ['a bearer credential', /Bearer\s+(?!\[redacted\])\S{8,}/i],
  ['an admin cookie value', /b2g_admin=(?!;|\[redacted\])[^;\s"]{8,}/],
  ['a password hash', /\$argon2id?\$/],
];

describe('the system logs of this browser-test run', () => {
  it('when every line is read, then none holds a password, token, reset link or cookie value', () => {
    const lines = readFileSync(process.env.E2E_SYSTEM_LOG as string, 'utf8').split('\n');
    expect(lines.length).toBeGreaterThan(50);
    const tokens = resetTokens(process.env.E2E_MAIL_DIR as string);
    const secrets: [string, string][] = [
      ...PASSWORDS.filter(Boolean).map((value): [string, string] => ['a password', value]),
      ...tokens.map((value): [string, string] => ['a reset token', value]),
    ];
    const findings: string[] = [];
    lines.forEach((line, index) => {
      for (const [kind, value] of secrets) {
        if (line.includes(value)) findings.push(`line ${index + 1}: ${kind}`);
      }
      for (const [kind, pattern] of PATTERNS) {
        if (pattern.test(line)) findings.push(`line ${index + 1}: ${kind}`);
      }
    });
    expect(findings).toEqual([]);
  });
});
