import { describe, expect, it } from 'vitest';
import { resetEmail } from './reset-email.js';

describe('resetEmail', () => {
  it('when built, then text and HTML carry the link and its one-hour lifetime, with names escaped', () => {
    const link = 'http://localhost:8080/reset-password?token=abc_-123';
    const mail = resetEmail({ firstName: '<Ada>', link });
    expect(mail.text).toContain(`\n${link}\n`);
    expect(mail.text).toContain('expires in 1 hour');
    expect(mail.html).toContain(`<a href="${link}">`);
    expect(mail.html).toContain('&#60;Ada&#62;');
    expect(mail.html).not.toContain('<Ada>');
  });
});
