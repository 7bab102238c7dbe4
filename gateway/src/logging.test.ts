import { describe, expect, it } from 'vitest';
import { createLogger, redactUrl } from './logging.js';

describe('redactUrl', () => {
  it.each([
    ['/reset-password?token=abc123', '/reset-password?token=[REDACTED]'],
    ['/api/x?page=2&access_token=t&q=gov', '/api/x?page=2&access_token=[REDACTED]&q=gov'],
    ['/cb?code=xyz&state=1', '/cb?code=[REDACTED]&state=1'],
  ])('when %s carries a credential, then its value is hidden', (url, redacted) => {
    expect(redactUrl(url)).toBe(redacted);
  });

  it('when a URL carries no credential, then it is logged as it is', () => {
    expect(redactUrl('/api/jobs?search=cloud&sector=FEDERAL')).toBe(
      '/api/jobs?search=cloud&sector=FEDERAL',
    );
  });
});

describe('createLogger', () => {
  it('when a log call passes request or response headers, then credentials are replaced', () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => lines.push(line) });

    logger.info({ headers: { authorization: 'Bearer secret-1', cookie: 'sid=secret-2' } }, 'in');
    logger.info({ res: { headers: { 'set-cookie': 'admin_token=secret-3' } } }, 'out');

    const output = lines.join('');
    expect(output).toContain('[REDACTED]');
    for (const secret of ['secret-1', 'secret-2', 'secret-3']) expect(output).not.toContain(secret);
  });
});
