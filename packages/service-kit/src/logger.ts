import { pino, type Logger, type LoggerOptions } from 'pino';

/** Paths never written to a log line: credentials, tokens and hashes. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.confirmPassword',
  '*.currentPassword',
  '*.newPassword',
  '*.passwordHash',
  '*.token',
  '*.tokenHash',
];

export function createLogger(options: { name: string; level?: string } & LoggerOptions): Logger {
  return pino({
    level: options.level ?? 'info',
    base: { service: options.name },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    ...options,
  });
}
