import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.js';

const logger = pino({ level: 'silent' });
const message = {
  to: 'ada@example.com',
  subject: 'Reset your B2G Jobs password',
  text: 'Open http://localhost:8080/reset-password?token=abc',
  html: '<p>Open</p>',
};

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-kit-mail-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The smallest SMTP server nodemailer talks to: it records what each DATA block carried. */
async function fakeSmtp(): Promise<{ server: Server; port: number; received: string[] }> {
  const received: string[] = [];
  const server = createServer((socket) => {
    let data: string | undefined;
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== undefined) {
          if (line === '.') {
            received.push(data);
            data = undefined;
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 fake\r\n');
        else if (/^DATA/i.test(line)) {
          data = '';
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, received };
}

describe('createMailer', () => {
  it('when SMTP_URL is not set, then each message becomes an .eml file (mode 0600) in the mail folder', async () => {
    const mailDir = join(dir, 'mail');
    await createMailer({ from: 'B2G Jobs <no-reply@b2g.local>', mailDir, logger }).send(message);
    const files = await readdir(mailDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = await readFile(join(mailDir, files[0] ?? ''), 'utf8');
    expect(eml).toMatch(/^To: ada@example\.com$/m);
    expect(eml).toMatch(/^Subject: Reset your B2G Jobs password$/m);
    expect(eml).toContain('reset-password?token=abc');
    expect((await stat(join(mailDir, files[0] ?? ''))).mode & 0o777).toBe(0o600);
  });

  it('when SMTP_URL is set, then the message goes to that SMTP server and no file is written', async () => {
    const smtp = await fakeSmtp();
    try {
      const mailDir = join(dir, 'mail');
      await createMailer({
        from: 'B2G Jobs <no-reply@b2g.local>',
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        mailDir,
        logger,
      }).send(message);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toMatch(/^To: ada@example\.com$/m);
      await expect(readdir(mailDir)).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      smtp.server.close();
    }
  });
});
