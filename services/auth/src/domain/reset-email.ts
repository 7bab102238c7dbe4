import { escapeHtml, RESET_TOKEN_TTL_MS } from '@b2g/contracts';

/** The password reset e-mail: plain text and HTML with the same words. */
export function resetEmail({ firstName, link }: { firstName: string; link: string }) {
  const hours = RESET_TOKEN_TTL_MS / 3_600_000;
  const lifetime = hours === 1 ? '1 hour' : `${hours} hours`;
  const lines = [
    `Hello ${firstName},`,
    'We received a request to reset the password of your B2G Jobs account.',
    `Open this link to choose a new password (it expires in ${lifetime} and works once):`,
    link,
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  ];
  return {
    subject: 'Reset your B2G Jobs password',
    text: lines.join('\n\n'),
    html: lines
      .map((line) =>
        line === link
          ? `<p><a href="${escapeHtml(link)}">Reset your password</a></p>`
          : `<p>${escapeHtml(line)}</p>`,
      )
      .join('\n'),
  };
}
