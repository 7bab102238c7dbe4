import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. `List-Unsubscribe` (RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  from: string;
  /** SMTP when set; otherwise messages become .eml files in `mailDir`. */
  smtpUrl?: string;
  mailDir: string;
  logger: Logger;
}

/**
 * SMTP when SMTP_URL is set; otherwise a local mail folder: every message is rendered by
 * nodemailer (streamTransport, buffered) and written as `<time>-<id>.eml`, so a developer or an
 * end-to-end test can open it. Log lines name the file, never the content (it holds reset links).
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
        options.logger.info({ subject: message.subject }, 'mail sent');
      },
    };
  }
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.mailDir, { recursive: true, mode: 0o700 });
      const file = join(
        options.mailDir,
        `${new Date().toISOString().replaceAll(':', '-')}-${randomUUID()}.eml`,
      );
      await writeFile(file, info.message, { mode: 0o600 });
      options.logger.info(
        { subject: message.subject, file },
        'mail written to the local mail folder',
      );
    },
  };
}
